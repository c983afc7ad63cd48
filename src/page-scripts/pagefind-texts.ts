// Pagefind UI's own texts in the page's language (its `translations` option), loaded with the UI.
// English gives Pagefind's defaults; [SEARCH_TERM] and the like are Pagefind's placeholders.
import { m } from '../paraglide/messages.js';

export const pagefindTranslations = (): Record<string, string> => ({
  placeholder: m.browse_pagefind_placeholder(),
  clear_search: m.browse_pagefind_clear(),
  load_more: m.browse_pagefind_load_more(),
  search_label: m.browse_pagefind_search_label(),
  filters_label: m.browse_pagefind_filters(),
  zero_results: m.browse_pagefind_zero_results(),
  many_results: m.browse_pagefind_many_results(),
  one_result: m.browse_pagefind_one_result(),
  alt_search: m.browse_pagefind_alt_search(),
  search_suggestion: m.browse_pagefind_search_suggestion(),
  searching: m.browse_pagefind_searching(),
});
