// The plan's dialog on the offer page and in the offer modal, loaded on the first press of
// "I'll use this" (open-use-plan.ts): one root, rendered open at each press and closed by the dialog.
import { createRoot, type Root } from 'react-dom/client';
import type { OfferData } from '../../contract/responses.ts';
import UsePlanDialog from './UsePlanDialog.tsx';

let root: Root | undefined;

export function showUsePlan(offer: OfferData, onPlanned?: (planned: boolean) => void): void {
  if (!root) {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  }
  // A new key at each press: the dialog starts afresh.
  const key = Date.now();
  root.render(<UsePlanDialog key={key} offer={offer} onPlanned={onPlanned} onClose={() => root!.render(null)} />);
}
