// A week planner's "Only my cards" (pages/[...locale]/week-planner/[plannerSlug].astro): the
// visitor's cards from My Cards mark the offers they can use, and the toggle hides the others, and
// the merchants left with none. Without cards the toggle stays off and the page says how to add
// them. Plain DOM, loaded after the page's first paint; the texts are the page's own HTML.
import { cardRuleFrom, someCardCanUse } from '../lib/card-match.ts';
import { $myCards } from '../stores/my-cards.ts';

export function startWeekPlanner(root: HTMLElement): void {
  const tools = root.querySelector<HTMLElement>('[data-planner-tools]');
  const toggle = root.querySelector<HTMLInputElement>('input[data-only-mine]');
  const noCards = root.querySelector<HTMLElement>('[data-planner-no-cards]');
  const mineNone = root.querySelector<HTMLElement>('[data-planner-mine-none]');
  if (!tools || !toggle || !noCards || !mineNone) return;
  const rows = [...root.querySelectorAll<HTMLElement>('[data-planner-row]')];

  const apply = () => {
    const mine = $myCards.get();
    if (!mine.length) toggle.checked = false;
    toggle.disabled = !mine.length;
    noCards.hidden = mine.length > 0;
    const only = toggle.checked;
    let rowsShown = 0;
    for (const row of rows) {
      let rowEntries = 0;
      for (const cell of row.querySelectorAll<HTMLElement>('[data-weekday]')) {
        let shown = 0;
        for (const entry of cell.querySelectorAll<HTMLElement>('[data-cards]')) {
          const rule = cardRuleFrom(entry.dataset.cards);
          const yours = Boolean(rule && mine.length && someCardCanUse(mine, rule));
          entry.toggleAttribute('data-your-card', yours);
          entry.hidden = only && !yours;
          if (!entry.hidden) shown++;
        }
        const none = cell.querySelector<HTMLElement>('[data-none]');
        if (none) none.hidden = shown > 0;
        cell.toggleAttribute('data-empty', shown === 0);
        rowEntries += shown;
      }
      row.hidden = rowEntries === 0;
      if (!row.hidden) rowsShown++;
    }
    mineNone.hidden = !only || rowsShown > 0;
  };

  toggle.addEventListener('change', apply);
  // "Add your cards" opens the header's My Cards dialog.
  root
    .querySelector('[data-planner-add-cards]')
    ?.addEventListener('click', () => document.querySelector<HTMLElement>('[data-my-cards-button]')?.click());
  $myCards.subscribe(apply);
  tools.hidden = false;
}
