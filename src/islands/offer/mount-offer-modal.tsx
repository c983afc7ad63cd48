// Mounts the offer modal's host at the end of <body>, opening `firstLink`'s offer at once.
import { createRoot } from 'react-dom/client';
import OfferModalHost from './OfferModalHost.tsx';

export function mountOfferModal(firstLink: HTMLAnchorElement): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(<OfferModalHost firstLink={firstLink} />);
}
