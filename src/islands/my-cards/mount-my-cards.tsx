// The My Cards dialog's one root, made on first use and kept: opening again shows the same dialog.
import { createRoot, type Root } from 'react-dom/client';
import { useState } from 'react';
import MyCardsDialog from './MyCardsDialog.tsx';

let root: Root | undefined;
let openNow: (() => void) | undefined;

function MyCardsHost() {
  const [open, setOpen] = useState(true);
  openNow = () => setOpen(true);
  return open ? <MyCardsDialog onClose={() => setOpen(false)} /> : null;
}

export function showMyCardsDialog(): void {
  if (root) {
    openNow?.();
    return;
  }
  const host = document.createElement('div');
  host.className = 'my-cards-host';
  document.body.append(host);
  root = createRoot(host);
  root.render(<MyCardsHost />);
}
