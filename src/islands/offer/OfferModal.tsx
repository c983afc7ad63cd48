// The offer's view inside the offer modal (loaded with the first opening, see OfferModalHost.tsx):
// it fetches the offer, shows the shimmer meanwhile, then the offer's essentials, its favourite
// control, a link to its full page, Share, Add to calendar and 'Report a problem'. Each mount is one view: one impression,
// and the offer goes first in the recently-viewed strips.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { fetchOffer } from '../../client/catalogue.ts';
import { failureText } from '../../client/http.ts';
import type { OfferDetailData } from '../../contract/index.ts';
import { showLoadFailure } from '../../lib/after-paint.ts';
import { apiImageSrc, categoryIconSrc } from '../../lib/api-images.ts';
import { eligibilityText } from '../../lib/format-eligibility.ts';
import { favouritesText, offerTags, statusLabel, viewsText } from '../../lib/format-offer.ts';
import { offerValidity, sourceCheckedText } from '../../lib/offer-dates.ts';
import { localePath } from '../../lib/locale-path.ts';
import { localText } from '../../lib/translated.ts';
import { merchantPagePath, offerCanonicalPath } from '../../lib/site-urls.ts';
import { offerCalendarPath, offerHasCalendar, SHARE_TEXTS } from '../../lib/offer-share.ts';
import { offerSteps } from '../../lib/use-plan-schedule.ts';
import { PUBLIC_API_URL } from '../../lib/public-config.ts';
import { m } from '../../paraglide/messages.js';
import { $interestChanges } from '../../stores/favorites.ts';
import FavoriteButton from '../offer-card/FavoriteButton.tsx';
import MerchantSavings from './MerchantSavings.tsx';
import OfferModalShimmer from './OfferModalShimmer.tsx';
import ReportProblemButton from './ReportProblemButton.tsx';
import { recordOfferView } from './record-view.ts';

interface Props {
  offerId: number;
  /** The offer's page as the address bar shows it: the link when the offer cannot be shown. */
  path: string;
}

/** Share: the share sheet or menu (share-menu.ts), loaded on the first press. */
const shareOffer = (offer: OfferDetailData) => (event: MouseEvent<HTMLButtonElement>) => {
  const button = event.currentTarget;
  import('./share-menu.ts').then(
    ({ offerShareRequest, share }) => share(button, offerShareRequest(offer)),
    showLoadFailure,
  );
};

/** "I'll use this": the sign-in prompt for a guest, else the plan's dialog (open-use-plan.ts), loaded on the first press. */
const planToUse = (offer: OfferDetailData) => () => {
  import('../plans/open-use-plan.ts').then(({ openUsePlan }) => openUsePlan(offer), showLoadFailure);
};

type Loaded = { offer: OfferDetailData; interestChangeRead: number } | { failure: string };

export default function OfferModal({ offerId, path }: Props) {
  const [loaded, setLoaded] = useState<Loaded>();
  const interestChanges = useStore($interestChanges);

  useEffect(() => {
    let mounted = true;
    fetchOffer(offerId).then(
      (offer) => {
        if (!mounted) return;
        setLoaded({ offer, interestChangeRead: $interestChanges.get()[offerId] ?? 0 });
        void recordOfferView(offer);
      },
      (error: unknown) => {
        if (mounted) setLoaded({ failure: failureText(error) });
      },
    );
    return () => {
      mounted = false;
    };
  }, [offerId]);

  if (!loaded) return <OfferModalShimmer />;
  if ('failure' in loaded) {
    return (
      <div className="offer-modal-content">
        <h2 id="offer-modal-title">{m.browse_offer_not_shown()}</h2>
        <p role="alert">{loaded.failure}</p>
        <p>
          <a className="button" href={path}>
            {m.browse_open_offer_page()}
          </a>
        </p>
      </div>
    );
  }
  const { offer } = loaded;
  const status = statusLabel(offer.status, offer.withdrawn);
  const tags = offerTags(offer);
  const header = localText(offer, 'header');
  const label = localText(offer, 'label');
  const category = localText(offer.category, 'categoryName');
  const validity = offerValidity(offer);
  const checked = sourceCheckedText(offer.source);
  const eligibility = eligibilityText(offer.eligibility, offer.bank.bankName);
  const favourites = offer.interest + (interestChanges[offerId] ?? 0) - loaded.interestChangeRead;
  return (
    <article className="offer-modal-offer">
      {offer.bannerImageURL ? (
        <img className="offer-modal-banner" src={apiImageSrc(offer.bannerImageURL)} alt="" width={1200} height={600} />
      ) : (
        <span className="offer-modal-banner offer-modal-fallback">
          <img src={categoryIconSrc(offer.category.iconName)} alt="" width={56} height={56} />
        </span>
      )}
      <div className="offer-modal-content">
        <p className="offer-modal-meta">
          <img src={apiImageSrc(offer.bank.logoURL)} alt="" width={28} height={28} />
          <span>{offer.bank.bankName}</span>
          <span aria-hidden="true">·</span>
          {offer.merchant.slug ? (
            <a href={localePath(merchantPagePath({ slug: offer.merchant.slug }))}>{offer.merchant.merchantName}</a>
          ) : (
            <span>{offer.merchant.merchantName}</span>
          )}
          {status && <span className={`badge ${offer.status}`}>{status}</span>}
        </p>
        <h2 id="offer-modal-title" lang={header.lang}>
          {header.text}
        </h2>
        <p className="offer-modal-label" lang={label.lang}>
          {label.text}
        </p>
        {tags.length > 0 && (
          <p className="offer-modal-tags">
            {tags.map((tag) => (
              <span className="tag" key={tag}>
                {tag}
              </span>
            ))}
          </p>
        )}
        {validity && <p className="offer-modal-validity">{validity}</p>}
        {eligibility && (
          <p className="offer-modal-eligibility" data-eligibility>
            {eligibility}
          </p>
        )}
        <p className="offer-modal-stats">
          <span lang={category.lang}>{category.text}</span>
          <span>{viewsText(offer.views)}</span>
          <span>{favouritesText(favourites)}</span>
        </p>
        {checked && (
          <p className="offer-modal-checked" data-source-checked>
            {checked}
          </p>
        )}
        {/* A <div>: the report's dialog renders beside its button, and a <p> may not hold it. */}
        <div className="offer-modal-actions">
          <FavoriteButton offer={offer} className="offer-modal-favourite" showLabel />
          <a className="button" href={localePath(offerCanonicalPath(offer))}>
            {m.browse_open_offer_page()}
          </a>
          <button type="button" className="offer-modal-share" onClick={shareOffer(offer)}>
            {SHARE_TEXTS.share}
          </button>
          {offerHasCalendar(offer) && (
            <a
              className="offer-modal-share"
              href={`${PUBLIC_API_URL}/${offerCalendarPath(offer.offerId)}`}
              download={`offerlanka-offer-${offer.offerId}.ics`}
              data-add-to-calendar
            >
              {SHARE_TEXTS.addToCalendar}
            </a>
          )}
          {offerSteps(offer.eligibility).length > 0 && (
            <button
              type="button"
              className="offer-modal-share"
              data-use-plan-offer={offer.offerId}
              onClick={planToUse(offer)}
            >
              {m.plans_use_this()}
            </button>
          )}
          <ReportProblemButton offerId={offer.offerId} className="offer-modal-report" />
        </div>
        {offer.merchant.slug && <MerchantSavings merchantId={offer.merchantId} />}
      </div>
    </article>
  );
}
