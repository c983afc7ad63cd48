// Every kind of source the importers read, by the adapter name stored with each source.
import type { SourceAdapter } from '../types.ts';
import { BANK_ADAPTERS } from './banks/index.ts';
import { jsonLdAdapter } from './jsonld.ts';
import { partnerFeedAdapter } from './partner-feed.ts';

export const ADAPTERS: readonly SourceAdapter[] = [...BANK_ADAPTERS, jsonLdAdapter, partnerFeedAdapter];

export function adapterFor(name: string): SourceAdapter {
  const adapter = ADAPTERS.find((candidate) => candidate.adapter === name);
  if (!adapter) throw new Error(`No importer adapter '${name}'.`);
  return adapter;
}
