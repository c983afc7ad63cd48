// The bank strip at the top of home (spec §2 Home, §9 'bank carousel 10 slides, autoplay, speed
// 1000 ms'): every bank as a slide linking to its page. The build writes it as a row of plain links
// that scrolls sideways, so it works without JavaScript; once hydrated, keen-slider turns it into
// a looping carousel showing up to 10 banks (fewer on narrow screens), which advances by itself
// with a 1000 ms slide. It holds still under the pointer or keyboard focus, and starts paused for
// visitors who ask for reduced motion; Pause/Play, Previous and Next are buttons (WCAG 2.2.2).
import KeenSlider, { type KeenSliderInstance } from 'keen-slider';
import 'keen-slider/keen-slider.min.css';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../ui/use-hydrated.ts';
import { apiImageSrc } from '../../lib/api-images.ts';
import type { SpriteLogo as Logo } from '../../lib/bank-logo-sprite.ts';
import SpriteLogo from '../ui/SpriteLogo.tsx';
import { BANK_CAROUSEL_SLIDES, CAROUSEL_SPEED_MS } from '../../lib/constants.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { followFocus } from '../ui/slider-focus.ts';
import './BankCarousel.css';

export interface CarouselBank {
  bankId: number;
  bankName: string;
  logoURL: string;
  /** The bank's logo in the build's sprite, whose rules home holds; without one, its own image. */
  spriteLogo?: Logo | undefined;
  path: string;
}

interface Props {
  banks: CarouselBank[];
}

/** How long a view of banks stays before the next slide moves in. */
const AUTOPLAY_PAUSE_MS = 3000;
const SLIDE_GAP_PX = 12;
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export default function BankCarousel({ banks }: Props) {
  const hydrated = useHydrated();
  const track = useRef<HTMLDivElement>(null);
  const [slider, setSlider] = useState<KeenSliderInstance>();
  const [playing, setPlaying] = useState(false);
  /** The pointer is over the carousel or focus is in it: autoplay waits. */
  const held = useRef(false);

  // Created once hydrated: by then React has dropped the attribute that kept keen-slider's CSS off
  // the build's scrolling row.
  useEffect(() => {
    if (!hydrated || !track.current) return;
    const created = new KeenSlider(
      track.current,
      {
        loop: true,
        defaultAnimation: { duration: CAROUSEL_SPEED_MS },
        slides: { perView: 3, spacing: SLIDE_GAP_PX },
        breakpoints: {
          '(min-width: 480px)': { slides: { perView: 5, spacing: SLIDE_GAP_PX } },
          '(min-width: 768px)': { slides: { perView: 7, spacing: SLIDE_GAP_PX } },
          '(min-width: 1024px)': { slides: { perView: BANK_CAROUSEL_SLIDES, spacing: SLIDE_GAP_PX } },
        },
      },
      [followFocus],
    );
    setSlider(created);
    setPlaying(!matchMedia(REDUCED_MOTION_QUERY).matches);
    return () => created.destroy();
  }, [hydrated]);

  // Autoplay: the next slide AUTOPLAY_PAUSE_MS after the last move ended (a button's move too).
  useEffect(() => {
    if (!slider || !playing) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (held.current) schedule();
        else slider.next();
      }, AUTOPLAY_PAUSE_MS);
    };
    slider.on('animationEnded', schedule);
    slider.on('dragStarted', schedule);
    schedule();
    return () => {
      clearTimeout(timer);
      slider.on('animationEnded', schedule, true);
      slider.on('dragStarted', schedule, true);
    };
  }, [slider, playing]);

  const hold = (value: boolean) => () => {
    held.current = value;
  };

  return (
    <section
      className="bank-carousel"
      aria-roledescription="carousel"
      aria-labelledby="bank-carousel-heading"
      onMouseEnter={hold(true)}
      onMouseLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
    >
      <div className="bank-carousel-head">
        <h2 id="bank-carousel-heading" className="bank-carousel-title">
          {m.browse_offers_from_every_bank()}
        </h2>
        <div className="bank-carousel-controls" hidden={!slider}>
          <button
            type="button"
            className="bank-carousel-button"
            onClick={() => slider?.prev()}
            aria-label={m.browse_previous_banks()}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="bank-carousel-button"
            onClick={() => setPlaying(!playing)}
            aria-label={playing ? m.browse_pause_carousel() : m.browse_play_carousel()}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="bank-carousel-button"
            onClick={() => slider?.next()}
            aria-label={m.browse_next_banks()}
          >
            <Chevron direction="right" />
          </button>
        </div>
      </div>
      <div
        ref={track}
        className="bank-carousel-track keen-slider"
        data-keen-slider-disabled={hydrated ? undefined : ''}
      >
        {banks.map((bank, index) => (
          <div
            key={bank.bankId}
            className="bank-carousel-slide keen-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={m.browse_position({ position: index + 1, total: banks.length })}
          >
            <a className="bank-carousel-link" href={localePath(bank.path)}>
              {bank.spriteLogo ? (
                <SpriteLogo logo={bank.spriteLogo} />
              ) : (
                <img
                  src={apiImageSrc(bank.logoURL)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                  fetchPriority="low"
                />
              )}
              <span>{bank.bankName}</span>
            </a>
          </div>
        ))}
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
      <path d="M7 5v14l12-7z" />
    </svg>
  );
}
