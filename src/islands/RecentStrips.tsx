// The recently-viewed strips themselves (see RecentlyViewed.tsx): loaded only when the browser
// has something to show, so a first visit carries none of this code.
import type { KeenSliderInstance } from 'keen-slider';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { RECENT_SHOWN, WIDE_SCREEN_QUERY } from '../lib/constants.ts';
import { apiImageSrc, categoryIconSrc } from '../lib/api-images.ts';
import { localePath } from '../lib/locale-path.ts';
import { m } from '../paraglide/messages.js';
import type { RecentBank, RecentOffer } from '../stores/recently-viewed.ts';
import { followFocus } from './ui/slider-focus.ts';
import Stylesheets from './ui/Stylesheets.tsx';
import { RECENT_STRIPS_CSS } from './recent-strips-offline.ts';

export type RecentStripKind = 'offers' | 'banks';

interface Props {
  kinds: RecentStripKind[];
  offers: readonly RecentOffer[];
  banks: readonly RecentBank[];
  headingLevel: 'h2' | 'h3';
}

export default function RecentStrips({ kinds, offers, banks, headingLevel }: Props) {
  return (
    <div className="recently-viewed">
      <Stylesheets hrefs={[RECENT_STRIPS_CSS]} />
      {kinds.map((kind) =>
        kind === 'offers' ? (
          <RecentStrip
            key={kind}
            kind={kind}
            title={m.browse_recent_offers()}
            headingLevel={headingLevel}
            items={offers.map((offer) => ({ key: offer.offerId, node: <RecentOfferCard offer={offer} /> }))}
          />
        ) : (
          <RecentStrip
            key={kind}
            kind={kind}
            title={m.browse_recent_banks()}
            headingLevel={headingLevel}
            items={banks.map((bank) => ({ key: bank.bankId, node: <RecentBankTile bank={bank} /> }))}
          />
        ),
      )}
    </div>
  );
}

interface StripProps {
  kind: RecentStripKind;
  title: string;
  headingLevel: 'h2' | 'h3';
  items: { key: number; node: ReactNode }[];
}

function RecentStrip({ kind, title, headingLevel: Heading, items }: StripProps) {
  const id = useId();
  const track = useRef<HTMLUListElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [slider, setSlider] = useState<KeenSliderInstance>();
  const [position, setPosition] = useState(0);
  const shown = expanded ? items : items.slice(0, RECENT_SHOWN);

  // Made again when the cards change (View all / View less, a visit in another tab), since
  // keen-slider keeps the slide elements it found. Until it is made the strip is a plain row
  // (data-keen-slider-disabled), which is also what keen-slider leaves on wide screens.
  const shownKeys = shown.map((item) => item.key).join();
  useEffect(() => {
    let created: KeenSliderInstance | undefined;
    let cancelled = false;
    void import('keen-slider').then(({ default: KeenSlider }) => {
      if (cancelled || !track.current) return;
      created = new KeenSlider(
        track.current,
        {
          slides: { perView: 1, spacing: 12 },
          breakpoints: { [WIDE_SCREEN_QUERY]: { disabled: true } },
          slideChanged: (changed) => setPosition(changed.track.details.rel),
        },
        [followFocus],
      );
      setSlider(created);
      setPosition(0);
    });
    return () => {
      cancelled = true;
      created?.destroy();
    };
  }, [shownKeys]);

  return (
    <section className={`recent-strip recent-strip-${kind}`} aria-labelledby={`${id}-heading`}>
      <div className="recent-strip-head">
        <Heading id={`${id}-heading`} className="recent-strip-title">
          {title}
        </Heading>
        {items.length > RECENT_SHOWN && (
          <button
            type="button"
            className="recent-strip-toggle"
            aria-expanded={expanded}
            aria-controls={`${id}-track`}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? m.browse_view_less() : m.browse_view_all()}
          </button>
        )}
      </div>
      <ul ref={track} id={`${id}-track`} className="recent-strip-track keen-slider" data-keen-slider-disabled="">
        {shown.map((item) => (
          <li key={item.key} className="recent-strip-item keen-slider__slide">
            {item.node}
          </li>
        ))}
      </ul>
      {shown.length > 1 && (
        <div className="recent-strip-nav">
          <button
            type="button"
            className="recent-strip-arrow"
            onClick={() => slider?.prev()}
            disabled={position === 0}
            aria-label={m.browse_previous_in({ title })}
          >
            ‹
          </button>
          <span aria-live="polite">{m.browse_position({ position: position + 1, total: shown.length })}</span>
          <button
            type="button"
            className="recent-strip-arrow"
            onClick={() => slider?.next()}
            disabled={position === shown.length - 1}
            aria-label={m.browse_next_in({ title })}
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
}

function RecentOfferCard({ offer }: { offer: RecentOffer }) {
  return (
    <a className="recent-offer card" href={localePath(offer.path)} title={offer.header} data-offer-link>
      {offer.bannerImageURL ? (
        <img
          className="recent-offer-cover"
          src={apiImageSrc(offer.bannerImageURL)}
          alt=""
          width={400}
          height={200}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="recent-offer-cover recent-offer-fallback">
          <img src={categoryIconSrc(offer.iconName)} alt="" width={40} height={40} loading="lazy" />
        </span>
      )}
      {/* Whole texts, clamped to two lines by CSS (DECISIONS.md). */}
      <span className="recent-offer-body">
        <span className="recent-offer-title">{offer.header}</span>
        <span className="recent-offer-merchant">{offer.merchantName}</span>
        <span className="recent-offer-meta">
          {offer.bankName} · {offer.categoryName}
        </span>
      </span>
    </a>
  );
}

function RecentBankTile({ bank }: { bank: RecentBank }) {
  return (
    <a className="recent-bank card" href={localePath(bank.path)}>
      <img src={apiImageSrc(bank.logoURL)} alt="" width={40} height={40} loading="lazy" />
      <span>{bank.bankName}</span>
    </a>
  );
}
