// A bank's logo drawn from the build's sprite of them (src/build/bank-logo-sprite.ts): the whole
// strip as an <img>, as wide as the element, moved up to the bank's cell by the page's rules and
// clipped to it. An <img> rather than a CSS background, so that it keeps the low priority the
// logos had: Chromium raises a background image on screen to high priority, and the strip then
// competed with the first banner (Lighthouse's LCP, home: 1.5 s against 1.2 s).
import { BANK_LOGO_CELL_ATTRIBUTE, BANK_LOGO_CLASS, type SpriteLogo as Logo } from '../../lib/bank-logo-sprite.ts';

export default function SpriteLogo({ logo, className }: { logo: Logo; className?: string }) {
  return (
    <span
      className={className ? `${className} ${BANK_LOGO_CLASS}` : BANK_LOGO_CLASS}
      {...{ [BANK_LOGO_CELL_ATTRIBUTE]: logo.cell }}
    >
      <img
        src={logo.src}
        alt=""
        width={logo.side}
        height={logo.side * logo.cells}
        loading="lazy"
        decoding="async"
        fetchPriority="low"
      />
    </span>
  );
}
