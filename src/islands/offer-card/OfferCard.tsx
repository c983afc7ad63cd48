// An offer in a list (spec §2): banner, merchant, bank, category, tags, views and favourite count,
// and the favourite control. One component for the build's HTML (rendered by Astro without
// hydration) and for the islands' lists, so both draw the same card. The title link carries
// data-offer-link: where the offer modal is on the page, a plain click opens the offer over the list.
// An imported offer says when its source last listed it (one muted line under the counts).
// data-cards carries the offer's card rule for the "Your card" mark (src/page-scripts/your-card-marks.ts).
// The share button is handled by one listener for the page (src/page-scripts/offer-modal.ts, offer-page.ts).
import { memo } from 'react';
import type { OfferData } from '../../contract/index.ts';
import { ABOVE_FOLD_CARDS, BANK_NAME_CARD_MAX } from '../../lib/constants.ts';
import { favouritesText, offerTags, statusLabel, truncate, viewsText } from '../../lib/format-offer.ts';
import { apiImageSrc, categoryIconSrc } from '../../lib/api-images.ts';
import type { SpriteLogo as Logo } from '../../lib/bank-logo-sprite.ts';
import SpriteLogo from '../ui/SpriteLogo.tsx';
import { PLACEHOLDER_IMAGE_URL, safeUrl } from '../../contract/safe-url.ts';
import { cardRuleText } from '../../lib/card-match.ts';
import { localePath } from '../../lib/locale-path.ts';
import { sourceCheckedText } from '../../lib/offer-dates.ts';
import { localText } from '../../lib/translated.ts';
import { merchantPagePath, offerCanonicalPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import { $interestChanges } from '../../stores/favorites.ts';
import { useStorePart } from '../ui/use-store-part.ts';
import FavoriteButton from './FavoriteButton.tsx';
import './OfferCard.css';

interface Props {
  offer: OfferData;
  headingLevel?: 'h2' | 'h3';
  /** How its banner loads: coverLoading's answer for the card's place in a list the build writes; lazily without. */
  cover?: CoverLoading | undefined;
  /** The bank's logo in the build's sprite, for a card the build writes on a page that holds the sprite's rules (home). */
  bankSpriteLogo?: Logo | undefined;
}

/** How a card's banner loads when it is not lazy (coverLoading). */
export type CoverLoading = 'first' | 'eager';

/**
 * How the banner of the card at `index` of a list the build writes loads. The first card's is the
 * page's likely largest paint on a phone (the page preloads it too): at once, at high priority. The
 * rest of the first row on a wide screen load at once at the browser's own priority, which it raises
 * for those it lays out on screen. On a phone they are below it, and raised as well they took the
 * first banner's bandwidth (the bank page's largest paint, in Lighthouse: about 1.3 s against 1.2 s).
 * The others load lazily.
 */
export const coverLoading = (index: number): CoverLoading | undefined =>
  index === 0 ? 'first' : index < ABOVE_FOLD_CARDS ? 'eager' : undefined;

/** A card's banner, as its cover shows it; undefined when the card shows its category's icon instead. */
export const cardBannerSrc = (offer: OfferData) => apiImageSrc(safeUrl(offer.bannerImageURL));

/**
 * Memoised: a list re-renders on every press (a filter's busy state, Load more's button), and its
 * cards, whose offers are the same objects, need not. Each card follows its own stores.
 */
export default memo(function OfferCard({ offer, headingLevel: Heading = 'h3', cover, bankSpriteLogo }: Props) {
  const href = localePath(offerCanonicalPath(offer));
  const status = statusLabel(offer.status, offer.withdrawn);
  const interest = offer.interest + useStorePart($interestChanges, (changes) => changes[offer.offerId] ?? 0);
  const banner = cardBannerSrc(offer);
  const header = localText(offer, 'header');
  const category = localText(offer.category, 'categoryName');
  const checked = sourceCheckedText(offer.source);
  return (
    <article className="offer-card card" data-offer-id={offer.offerId} data-cards={cardRuleText(offer)}>
      <a className="offer-card-cover" href={href} tabIndex={-1} aria-hidden="true" data-offer-link>
        {banner ? (
          <img
            src={banner}
            alt=""
            width={400}
            height={200}
            loading={cover ? 'eager' : 'lazy'}
            fetchPriority={cover === 'first' ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <span className="offer-card-fallback">
            <img
              src={categoryIconSrc(offer.category.iconName)}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              fetchPriority="low"
            />
          </span>
        )}
      </a>
      <div className="offer-card-body">
        <div className="offer-card-meta">
          {bankSpriteLogo ? (
            <SpriteLogo logo={bankSpriteLogo} className="offer-card-logo" />
          ) : (
            <img
              className="offer-card-logo"
              src={apiImageSrc(safeUrl(offer.bank.logoURL)) ?? PLACEHOLDER_IMAGE_URL}
              alt=""
              width={28}
              height={28}
              loading="lazy"
              fetchPriority="low"
            />
          )}
          <span className="offer-card-bank" title={offer.bank.bankName}>
            {truncate(offer.bank.bankName, BANK_NAME_CARD_MAX)}
          </span>
          {status && <span className={`badge ${offer.status}`}>{status}</span>}
          {/* Plain HTML here: the page's script loads the share code on the first press. */}
          {/* Its icon is drawn by CSS: every byte of a hydrated card counts on home. */}
          <button
            type="button"
            className="offer-card-share"
            aria-label={m.browse_share_offer({ title: header.text })}
            aria-expanded="false"
            data-share-card
          >
            {/* Inline: a CSS mask or an <img> of an SVG would be a document for the browser to build. */}
            <svg
              aria-hidden="true"
              focusable="false"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 13v6a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-6M16 7l-4-4-4 4M12 3v12" />
            </svg>
          </button>
          <FavoriteButton offer={offer} />
        </div>
        {/* Title and merchant are whole in the HTML, clamped to two lines by CSS (DECISIONS.md). */}
        <Heading className="offer-card-title">
          <a href={href} title={header.text} lang={header.lang} data-offer-link>
            {header.text}
          </a>
        </Heading>
        <p className="offer-card-merchant">
          {/* The merchant's page: every bank's offers there (an offer kept from before slugs has none). */}
          {offer.merchant.slug ? (
            <a className="offer-card-merchant-name" href={localePath(merchantPagePath({ slug: offer.merchant.slug }))}>
              {offer.merchant.merchantName}
            </a>
          ) : (
            <span className="offer-card-merchant-name">{offer.merchant.merchantName}</span>
          )}{' '}
          <span className="offer-card-category" lang={category.lang}>
            {category.text}
          </span>
        </p>
        <p className="offer-card-tags">
          {offerTags(offer).map((tag) => (
            <span className="tag" key={tag}>
              {tag}
            </span>
          ))}
        </p>
        <p className="offer-card-stats">
          <span>{viewsText(offer.views)}</span>
          <span data-interest={offer.offerId}>{favouritesText(interest)}</span>
        </p>
        {checked && (
          <p className="offer-card-checked" title={checked} data-source-checked>
            {checked}
          </p>
        )}
      </div>
    </article>
  );
});

/** Three grey cards while a list loads (spec §2 Home). */
export function OfferCardSkeleton() {
  return (
    <div className="offer-card card offer-card-skeleton" aria-hidden="true">
      <span className="offer-card-shimmer offer-card-shimmer-cover" />
      <div className="offer-card-body">
        <span className="offer-card-shimmer" style={{ width: '40%' }} />
        <span className="offer-card-shimmer" style={{ width: '85%', height: '1.2rem' }} />
        <span className="offer-card-shimmer" style={{ width: '60%' }} />
        <span className="offer-card-shimmer" style={{ width: '50%' }} />
      </div>
    </div>
  );
}
