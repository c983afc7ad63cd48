// The banks whose own offer pages OfferLanka reads, one adapter each.
import type { SourceAdapter } from '../../types.ts';
import { bocAdapter } from './boc.ts';
import { cargillsAdapter } from './cargills.ts';
import { combankAdapter } from './combank.ts';
import { dfccAdapter } from './dfcc.ts';
import { hnbAdapter } from './hnb.ts';
import { ndbAdapter } from './ndb.ts';
import { panAsiaAdapter } from './pan-asia.ts';
import { peoplesAdapter } from './peoples.ts';
import { seylanAdapter } from './seylan.ts';
import { unionAdapter } from './union.ts';

export const BANK_ADAPTERS: SourceAdapter[] = [
  combankAdapter, hnbAdapter, ndbAdapter, seylanAdapter, bocAdapter, peoplesAdapter, dfccAdapter, panAsiaAdapter, unionAdapter, cargillsAdapter,
];
