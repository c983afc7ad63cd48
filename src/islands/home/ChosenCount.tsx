// How many of a kind are chosen: a badge on the Filter button, the panels' buttons and the modal's
// tabs. Screen readers get it from the control's name instead (chosenLabel): the badge is hidden
// from them, as it may be hidden on a phone.
import { m } from '../../paraglide/messages.js';

export function chosenLabel(label: string, count: number): string {
  return count > 0 ? m.browse_chosen_label({ label, count }) : label;
}

export default function ChosenCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="filter-bar-count" aria-hidden="true">
      {count}
    </span>
  );
}
