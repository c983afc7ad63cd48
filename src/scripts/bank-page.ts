// The bank page's plain-DOM part (spec §2 'Bank offers page', §4 'Bank page', §9): remembers the
// visit for the recently-viewed strips, keeps the category the visitor came from so that 'Clear
// all' restores it, and turns a row of more than CATEGORY_CHIPS_BEFORE_SLIDER chips into a
// keen-slider slider. The chips are links, so all of it is extra: without JavaScript they still
// lead to each category's page, and 'Clear all' to all categories.
import KeenSlider, { type KeenSliderInstance } from 'keen-slider';
import { followFocus } from '../islands/ui/slider-focus.ts';
import { rememberBankView } from '../stores/recently-viewed.ts';

/** In sessionStorage: the page (a bank × category path) the visitor left by choosing a chip. */
const PREVIOUS_CATEGORY_KEY = 'offerlanka:bankPreviousCategory';

interface PreviousCategory { bankId: number; path: string }

function readPrevious(): PreviousCategory | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PREVIOUS_CATEGORY_KEY) ?? 'null');
    if (typeof value === 'object' && value !== null && 'bankId' in value && 'path' in value
      && typeof value.bankId === 'number' && typeof value.path === 'string' && value.path.startsWith('/')) {
      return { bankId: value.bankId, path: value.path };
    }
  } catch { /* no storage, or not ours: no previous category */ }
  return undefined;
}

function keepPrevious(previous: PreviousCategory) {
  try {
    sessionStorage.setItem(PREVIOUS_CATEGORY_KEY, JSON.stringify(previous));
  } catch { /* storage refused: 'Clear all' goes to all categories */ }
}

/** Choosing a chip saves the category shown now; 'Clear all' leads back to it (spec §4). */
function followPreviousCategory(root: HTMLElement, bankId: number) {
  root.querySelector('[data-category-chips]')?.addEventListener('click', (event) => {
    const chip = (event.target as Element).closest<HTMLAnchorElement>('a[href]:not([data-clear-all])');
    if (chip && chip.pathname !== location.pathname) keepPrevious({ bankId, path: location.pathname });
  });
  const clearAll = root.querySelector<HTMLAnchorElement>('[data-clear-all]');
  const previous = readPrevious();
  if (clearAll && previous?.bankId === bankId && previous.path !== location.pathname) clearAll.href = previous.path;
}

function makeChipSlider(row: HTMLElement): void {
  const track = row.querySelector<HTMLElement>('[data-chip-track]');
  const previousButton = row.querySelector<HTMLButtonElement>('[data-chip-previous]');
  const nextButton = row.querySelector<HTMLButtonElement>('[data-chip-next]');
  if (!track || !previousButton || !nextButton) return;
  const chips = [...track.children];
  const selected = Math.max(0, chips.findIndex((chip) => chip.querySelector('[aria-current="page"]')));
  row.classList.add('is-slider');
  const showEnds = (slider: KeenSliderInstance) => {
    const details = slider.track.details;
    if (!details) return;
    // progress: 0 at the start of the row, 1 at its end.
    previousButton.disabled = details.progress <= 0.01;
    nextButton.disabled = details.progress >= 0.99;
    previousButton.hidden = nextButton.hidden = details.min === details.max;
  };
  const slider = new KeenSlider(track, {
    selector: ':scope > li',
    slides: { perView: 'auto', spacing: 8 },
    mode: 'free-snap',
    initial: selected,
    created: showEnds,
    detailsChanged: showEnds,
  }, [followFocus]);
  previousButton.addEventListener('click', () => slider.prev());
  nextButton.addEventListener('click', () => slider.next());
}

export function setUpBankPage(): void {
  const root = document.querySelector<HTMLElement>('[data-bank-page]');
  if (!root) return;
  const { bankId, bankName, bankLogo } = root.dataset;
  if (!bankId || !bankName || !bankLogo) return;
  rememberBankView({ bankId: Number(bankId), bankName, logoURL: bankLogo });
  followPreviousCategory(root, Number(bankId));
  const row = root.querySelector<HTMLElement>('[data-chip-slider]');
  if (row) makeChipSlider(row);
}
