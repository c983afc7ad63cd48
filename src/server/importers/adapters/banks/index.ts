// The banks whose own offer pages OfferLanka reads, one adapter each.
import type { SourceAdapter } from '../../types.ts';
import { combankAdapter } from './combank.ts';
import { hnbAdapter } from './hnb.ts';
import { ndbAdapter } from './ndb.ts';
import { seylanAdapter } from './seylan.ts';

export const BANK_ADAPTERS: SourceAdapter[] = [combankAdapter, hnbAdapter, ndbAdapter, seylanAdapter];
