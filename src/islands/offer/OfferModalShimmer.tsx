// The offer modal's placeholder while its code or the offer loads (spec §2: a shimmer while loading).
import { m } from '../../paraglide/messages.js';

export default function OfferModalShimmer() {
  return (
    <div className="offer-modal-shimmer" aria-busy="true">
      <h2 id="offer-modal-title" className="visually-hidden">
        {m.browse_loading_offer()}
      </h2>
      <span className="offer-modal-shimmer-line offer-modal-shimmer-banner" aria-hidden="true" />
      <div className="offer-modal-content" aria-hidden="true">
        <span className="offer-modal-shimmer-line" style={{ width: '45%' }} />
        <span className="offer-modal-shimmer-line" style={{ width: '85%', height: '1.6rem' }} />
        <span className="offer-modal-shimmer-line" style={{ width: '60%' }} />
        <span className="offer-modal-shimmer-line" style={{ width: '35%' }} />
      </div>
    </div>
  );
}
