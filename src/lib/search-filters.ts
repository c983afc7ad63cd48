// Pagefind's filter names, which its search dialog shows as the filters' headings. English keeps the
// plain keys; Sinhala and Tamil pages name them in their language (each language has its own index).
import { m } from '../paraglide/messages.js';
import { baseLocale, getLocale } from '../paraglide/runtime.js';

export type SearchFilter = 'bank' | 'category';

export const searchFilterName = (filter: SearchFilter): string =>
  getLocale() === baseLocale ? filter : filter === 'bank' ? m.browse_bank() : m.browse_category();
