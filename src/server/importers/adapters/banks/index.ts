// The banks whose own offer pages OfferLanka reads, one adapter each, and the card network's portal
// (Visa Sri Lanka) that lists every issuing bank's offers.
import type { SourceAdapter } from '../../types.ts';
import { amexAdapter } from './amex.ts';
import { bocAdapter } from './boc.ts';
import { cargillsAdapter } from './cargills.ts';
import { combankAdapter } from './combank.ts';
import { dfccAdapter } from './dfcc.ts';
import { hnbAdapter } from './hnb.ts';
import { ndbAdapter } from './ndb.ts';
import { ntbAdapter } from './ntb.ts';
import { panAsiaAdapter } from './pan-asia.ts';
import { peoplesAdapter } from './peoples.ts';
import { sampathAdapter } from './sampath.ts';
import { seylanAdapter } from './seylan.ts';
import { unionAdapter } from './union.ts';
import { visaLkAdapter } from './visa-lk.ts';

export const BANK_ADAPTERS: SourceAdapter[] = [
  combankAdapter,
  hnbAdapter,
  sampathAdapter,
  seylanAdapter,
  ndbAdapter,
  bocAdapter,
  peoplesAdapter,
  ntbAdapter,
  amexAdapter,
  dfccAdapter,
  panAsiaAdapter,
  unionAdapter,
  cargillsAdapter,
  visaLkAdapter,
];
