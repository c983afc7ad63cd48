// Mounts the signed-in header (AccountMenu) into the header's [data-account-menu] slot; the guest
// links there are hidden while it is mounted. Returns the unmount function.
import { createRoot } from 'react-dom/client';
import AccountMenu from './AccountMenu.tsx';

export function mountAccountMenu(container: HTMLElement): () => void {
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
