// The signed-in user's own offers as a compact list: title, header, bank, category, tags, validity
// and where the offer stands (live, pending review, rejected, ended); a live offer links to its
// public page. A rejected offer shows the team's reason and, on the merchant's Offer page, Edit and
// send again. Used by My Offers and the merchant's Offer page.
import type { OfferData } from '../../contract/index.ts';
import { apiImageSrc } from '../../lib/api-images.ts';
import { offerTags } from '../../lib/format-offer.ts';
import { offerValidity } from '../../lib/offer-dates.ts';
import { localePath } from '../../lib/locale-path.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import { categoryName } from '../../lib/translated.ts';
import { OWN_OFFER_STANDING_LABELS, ownOfferStanding } from './own-offer-standing.ts';

export default function OwnOfferList({
  offers,
  onEdit,
}: {
  offers: readonly OfferData[];
  onEdit?: (offer: OfferData) => void;
}) {
  return (
    <ul className="own-offers">
      {offers.map((offer) => {
        const validity = offerValidity(offer);
        const standing = ownOfferStanding(offer);
        return (
          <li
            key={offer.offerId}
            className="own-offer card"
            data-own-offer={offer.offerId}
            data-status={offer.status}
            data-standing={standing}
          >
            <img
              className="own-offer-logo"
              src={apiImageSrc(offer.bank.logoURL)}
              alt=""
              width={40}
              height={40}
              loading="lazy"
            />
            <div className="own-offer-text">
              <p className="own-offer-top">
                <span className={`badge own-offer-status ${standing}`}>{OWN_OFFER_STANDING_LABELS[standing]}</span>
                <span className="own-offer-label">{offer.label}</span>
              </p>
              <h3 className="own-offer-header" id={`own-offer-${offer.offerId}-header`}>
                {offer.header}
              </h3>
              <p className="own-offer-meta">
                {offer.bank.bankName} · {categoryName(offer.category)}
              </p>
              <p className="own-offer-tags">
                {offerTags(offer).map((tag) => (
                  <span className="tag" key={tag}>
                    {tag}
                  </span>
                ))}
                {validity && <span className="own-offer-validity">{validity}</span>}
              </p>
              {standing === 'live' && (
                <p>
                  <a
                    className="own-offer-public-link"
                    href={localePath(offerCanonicalPath(offer))}
                    aria-describedby={`own-offer-${offer.offerId}-header`}
                  >
                    {m.console_view_public_page()}
                  </a>
                </p>
              )}
              {offer.status === 'rejected' && offer.reviewReason && (
                <p className="own-offer-reason">
                  <strong>{m.console_rejection_reason()}</strong> {offer.reviewReason}
                </p>
              )}
              {onEdit && offer.status === 'rejected' && (
                <p>
                  <button
                    type="button"
                    className="button secondary own-offer-edit"
                    onClick={() => onEdit(offer)}
                    aria-haspopup="dialog"
                  >
                    {m.console_edit_and_resend()}
                  </button>
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
