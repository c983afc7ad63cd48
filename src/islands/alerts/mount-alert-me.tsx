// The Alert me dialog's one root, made on first use: each press shows it for the list pressed on.
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import AlertMeDialog from './AlertMeDialog.tsx';
import type { AlertMeList } from './open-alert-me.ts';

let root: Root | undefined;
let showNow: ((list: AlertMeList) => void) | undefined;

function AlertMeHost({ first }: { first: AlertMeList }) {
  // A new key for each press: the dialog starts afresh for the list.
  const [shown, setShown] = useState<{ list: AlertMeList; key: number } | undefined>({ list: first, key: 0 });
  showNow = (list) => setShown((current) => ({ list, key: (current?.key ?? 0) + 1 }));
  return shown ? <AlertMeDialog key={shown.key} list={shown.list} onClose={() => setShown(undefined)} /> : null;
}

export function showAlertMe(list: AlertMeList): void {
  if (root) {
    showNow?.(list);
    return;
  }
  const host = document.createElement('div');
  host.className = 'alert-me-host';
  document.body.append(host);
  root = createRoot(host);
  root.render(<AlertMeHost first={list} />);
}
