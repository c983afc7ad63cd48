// The signed-in user's own offers as a compact list: title, header, bank, category, tags, validity
// and where the offer stands: 'Pending review' or 'Rejected' while it is not public, else its
// public badge and a link to its page. A rejected offer shows the team's reason and, on the
// merchant's Offer page, Edit and send again. Used by My Offers and the merchant's Offer page.
import type { OfferData } from '../../contract/index.ts';
import { apiImageSrc } from '../../lib/api-images.ts';
import { offerTags, statusLabel } from '../../lib/format-offer.ts';
import { offerValidity } from '../../lib/offer-dates.ts';
import { localePath } from '../../lib/locale-path.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import { REVIEW_STATUS_LABELS } from './texts.ts';
import { categoryName } from '../../lib/translated.ts';

/** Offers the public can open: accepted by review (listed, new, ending soon) or kept after they ended. */
const isPublic = (offer: OfferData) => offer.status !== 'pending' && offer.status !== 'rejected';

export function ownStatusLabel(offer: OfferData): string {
  if (offer.status === 'pending' || offer.status === 'rejected' || offer.status === 'accepted') return REVIEW_STATUS_LABELS[offer.status];
  return statusLabel(offer.status) ?? REVIEW_STATUS_LABELS.accepted;
}

export default function OwnOfferList({ offers, onEdit }: { offers: readonly OfferData[]; onEdit?: (offer: OfferData) => void }) {
  return (
    <ul className="own-offers">
      {offers.map((offer) => {
        const validity = offerValidity(offer);
        return (
          <li key={offer.offerId} className="own-offer card" data-own-offer={offer.offerId} data-status={offer.status}>
            <img className="own-offer-logo" src={apiImageSrc(offer.bank.logoURL)} alt="" width={40} height={40} loading="lazy" />
            <div className="own-offer-text">
              <p className="own-offer-top">
                <span className={`badge own-offer-status ${offer.status}`}>{ownStatusLabel(offer)}</span>
                <span className="own-offer-label">{offer.label}</span>
              </p>
              <h3 className="own-offer-header">
                {isPublic(offer) ? <a href={localePath(offerCanonicalPath(offer))}>{offer.header}</a> : offer.header}
              </h3>
              <p className="own-offer-meta">{offer.bank.bankName} · {categoryName(offer.category)}</p>
              <p className="own-offer-tags">
                {offerTags(offer).map((tag) => <span className="tag" key={tag}>{tag}</span>)}
                {validity && <span className="own-offer-validity">{validity}</span>}
              </p>
              {offer.status === 'rejected' && offer.reviewReason && (
                <p className="own-offer-reason"><strong>{m.console_rejection_reason()}</strong> {offer.reviewReason}</p>
              )}
              {onEdit && offer.status === 'rejected' && (
                <p><button type="button" className="button secondary own-offer-edit" onClick={() => onEdit(offer)} aria-haspopup="dialog">{m.console_edit_and_resend()}</button></p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
