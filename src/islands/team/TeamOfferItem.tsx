// One offer in the team's Review and Offers lists, as the public card and offer view show it:
// bank, merchant and category, the header, label, tags and validity, the banner, and its details
// (description, locations, promo code, the merchant's own terms, card types, hotline) on demand; beside that what only the
// team sees: its review status and reason, its open reports. The page puts its actions below.
import type { ReactNode } from 'react';
import type { TeamOfferData } from '../../contract/team.ts';
import { apiImageSrc, categoryIconSrc } from '../../lib/api-images.ts';
import { offerTags } from '../../lib/format-offer.ts';
import { offerValidity } from '../../lib/offer-dates.ts';
import { m } from '../../paraglide/messages.js';
import { consolePath } from '../console/console-routes.ts';
import { dateTimeText, teamOfferStatus } from './team-format.ts';

/** The description's text: it is HTML the server sanitised on write; the console shows it as text, never as markup. */
const descriptionText = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/** A row's buttons name their offer for screen readers ('Accept, 20% off lunch'). */
export const OfferName = ({ offer }: { offer: TeamOfferData }) => (
  <span className="visually-hidden">, {offer.header}</span>
);

interface Props {
  offer: TeamOfferData;
  /** A checkbox for bulk actions, when the list has them. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
  children?: ReactNode;
}

export default function TeamOfferItem({ offer, selection, children }: Props) {
  const status = teamOfferStatus(offer);
  const validity = offerValidity(offer);
  const description = descriptionText(offer.description);
  const headingId = `team-offer-${offer.offerId}`;
  return (
    <li
      className="team-offer card"
      data-team-offer={offer.offerId}
      data-review-status={offer.reviewStatus}
      id={`team-offer-row-${offer.offerId}`}
      tabIndex={-1}
    >
      {selection && (
        <label className="team-offer-select">
          <input
            type="checkbox"
            checked={selection.checked}
            onChange={(event) => selection.onChange(event.target.checked)}
            aria-labelledby={headingId}
          />
        </label>
      )}
      {offer.bannerImageURL ? (
        <img
          className="team-offer-banner"
          src={apiImageSrc(offer.bannerImageURL)}
          alt=""
          width={160}
          height={80}
          loading="lazy"
        />
      ) : (
        <span className="team-offer-banner team-offer-fallback">
          <img src={categoryIconSrc(offer.category.iconName)} alt="" width={32} height={32} loading="lazy" />
        </span>
      )}
      <div className="team-offer-body">
        <p className="team-offer-meta">
          <img src={apiImageSrc(offer.bank.logoURL)} alt="" width={24} height={24} loading="lazy" />
          <span>{offer.bank.bankName}</span>
          <span aria-hidden="true">·</span>
          <span>{offer.merchant.merchantName}</span>
          <span aria-hidden="true">·</span>
          <span>{offer.category.categoryName}</span>
        </p>
        <p className="team-offer-badges">
          <span className={`badge ${status.tone}`} data-team-status>
            {status.label}
          </span>
          {offer.openReports > 0 && (
            <a className="badge team-reported" href={consolePath('team', 'reports')}>
              {offer.openReports === 1
                ? m.team_offer_open_reports_one()
                : m.team_offer_open_reports_other({ count: offer.openReports })}
            </a>
          )}
          <span className="team-offer-id">
            #{offer.offerId} · {m.team_offer_sent({ date: dateTimeText(offer.createAt) })}
          </span>
        </p>
        <h3 id={headingId} className="team-offer-header">
          {offer.header}
        </h3>
        <p className="team-offer-label">{offer.label}</p>
        <p className="team-offer-tags">
          {offerTags(offer).map((tag) => (
            <span className="tag" key={tag}>
              {tag}
            </span>
          ))}
          {validity && <span className="team-offer-validity">{validity}</span>}
        </p>
        {offer.flyerDraft && (
          <p className="team-offer-flyer" data-flyer-draft>
            <strong>{m.team_offer_flyer_draft()}</strong> {m.team_offer_flyer_draft_hint()}
            {offer.source?.url && (
              <>
                {' '}
                <a href={offer.source.url} target="_blank" rel="noopener noreferrer">
                  {m.team_offer_flyer_open()}
                </a>
              </>
            )}
          </p>
        )}
        {offer.reviewStatus === 'rejected' && offer.reviewReason && (
          <p className="team-offer-reason">
            <strong>{m.team_offer_rejected()}</strong> {offer.reviewReason}
          </p>
        )}
        <details className="team-offer-details">
          <summary>{m.team_offer_details()}</summary>
          <dl>
            <dt>{m.team_offer_description()}</dt>
            <dd className="team-offer-description">{description || '—'}</dd>
            <dt>{m.team_offer_locations()}</dt>
            <dd>{offer.location.map((location) => location.value).join(', ') || '—'}</dd>
            <dt>{m.team_offer_promo_code()}</dt>
            <dd>{offer.promoCode || '—'}</dd>
            <dt>{m.team_offer_own_terms()}</dt>
            <dd className="team-offer-own-terms">{offer.offerTerms || '—'}</dd>
            <dt>{m.team_offer_card_types()}</dt>
            <dd>{offer.cardTypes.join(', ') || '—'}</dd>
            <dt>{m.team_offer_hotline()}</dt>
            <dd>{[...offer.hotLine.mobileNo, ...offer.hotLine.email].join(', ') || '—'}</dd>
          </dl>
        </details>
        {children && <div className="team-actions">{children}</div>}
      </div>
    </li>
  );
}
