// The bank switcher's behaviour (src/components/BankSwitcher.astro): the search field filters the
// banks by a case-insensitive substring of their names (spec §5), Enter in it opens the first bank
// found, the arrow keys move through the list, Escape and a click outside close it.
import { m } from '../paraglide/messages.js';

export function setUpBankSwitcher(): void {
  const details = document.querySelector<HTMLDetailsElement>('[data-bank-switcher]');
  const search = details?.querySelector<HTMLInputElement>('[data-bank-search]');
  const summary = details?.querySelector('summary');
  if (!details || !search || !summary) return;
  const items = [...details.querySelectorAll<HTMLLIElement>('li[data-bank-name]')];
  const status = details.querySelector<HTMLElement>('[data-bank-search-status]');
  const none = details.querySelector<HTMLElement>('[data-bank-search-none]');
  const noneQuery = details.querySelector<HTMLElement>('[data-bank-search-query]');
  details.querySelector<HTMLElement>('[data-bank-search-box]')?.removeAttribute('hidden');

  const shownLinks = () => items.filter((item) => !item.hidden).flatMap((item) => item.querySelector('a') ?? []);
  const filter = () => {
    const needle = search.value.trim().toLowerCase();
    for (const item of items) item.hidden = !(item.dataset.bankName ?? '').includes(needle);
    const found = shownLinks().length;
    if (status) status.textContent = needle ? m.browse_banks_found({ count: found }) : '';
    if (none) none.hidden = found > 0;
    if (noneQuery) noneQuery.textContent = search.value.trim();
  };
  const close = () => {
    details.open = false;
    summary.focus();
  };
  const closeOutside = (event: PointerEvent) => {
    if (!details.contains(event.target as Node)) details.open = false;
  };

  details.addEventListener('toggle', () => {
    if (details.open) {
      search.focus();
      document.addEventListener('pointerdown', closeOutside);
    } else {
      document.removeEventListener('pointerdown', closeOutside);
      search.value = '';
      filter();
    }
  });
  search.addEventListener('input', filter);
  search.addEventListener('keydown', (event) => {
    const first = shownLinks()[0];
    if (event.key === 'Enter' && first) {
      event.preventDefault();
      location.assign(first.href);
    }
  });
  details.addEventListener('keydown', (event) => {
    if (!details.open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const links = shownLinks();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)]?.focus();
    else if (at <= 0) search.focus();
    else links[at - 1]?.focus();
  });
}
