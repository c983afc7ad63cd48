// Mounts the signed-in header (AccountMenu) into the header's [data-account-menu] slot; the guest
// links there are hidden while it is mounted. Returns the unmount function.
//
// The signed-in part's notices (favourite toggles, profile saves) have a root of their own that
// stays when the menu goes: a call refused with 401 ends the session, which unmounts the menu, and
// the notice giving the server's reason ('Your session has expired...') must still be seen.
import { createRoot, type Root } from 'react-dom/client';
import Notices from '../Notices.tsx';
import AccountMenu from './AccountMenu.tsx';

let noticesRoot: Root | undefined;

function mountNotices(): void {
  if (noticesRoot) return;
  const host = document.createElement('div');
  host.className = 'account-notices-host';
  document.body.append(host);
  noticesRoot = createRoot(host);
  noticesRoot.render(<Notices />);
}

export function mountAccountMenu(container: HTMLElement): () => void {
  mountNotices();
  const host = document.createElement('div');
  host.className = 'account-menu-host';
  container.append(host);
  const root = createRoot(host);
  root.render(<AccountMenu />);
  return () => {
    root.unmount();
    host.remove();
  };
}
