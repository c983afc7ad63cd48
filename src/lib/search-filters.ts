// Pagefind's filter names, which its search dialog shows as the filters' headings. English keeps the
// plain keys; Sinhala and Tamil pages name them in their language (each language has its own index).
import { m } from '../paraglide/messages.js';
import { baseLocale, getLocale } from '../paraglide/runtime.js';

/** 'plan': an instalment plan's offer page, by its tag ('0% for 12 months'). */
export type SearchFilter = 'bank' | 'category' | 'plan';

const LOCAL_NAMES: Record<SearchFilter, () => string> = {
  bank: m.browse_bank,
  category: m.browse_category,
  plan: m.browse_instalment_plans,
};

export const searchFilterName = (filter: SearchFilter): string =>
  getLocale() === baseLocale ? filter : LOCAL_NAMES[filter]();
