// The Sinhala and Tamil typefaces (docs/i18n.md "Fonts"): Noto Sans Sinhala and Noto Sans Tamil,
// variable weight, only their script's subset, and only on their own language's pages. Each page
// of those gets the @font-face inlined (unicode-range: Latin text keeps the site's own font) and a
// preload, so that the text is drawn in it before first paint on most connections; font-display
// swap draws the text at once otherwise.
import sinhalaRanges from '@fontsource-variable/noto-sans-sinhala/unicode.json';
import sinhalaFont from '@fontsource-variable/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-wght-normal.woff2?url';
import tamilRanges from '@fontsource-variable/noto-sans-tamil/unicode.json';
import tamilFont from '@fontsource-variable/noto-sans-tamil/files/noto-sans-tamil-tamil-wght-normal.woff2?url';
import type { Locale } from '../paraglide/runtime.js';

interface LocaleFont { family: string; url: string; unicodeRange: string }

const LOCALE_FONTS: Partial<Record<Locale, LocaleFont>> = {
  si: { family: 'Noto Sans Sinhala Variable', url: sinhalaFont, unicodeRange: sinhalaRanges.sinhala },
  ta: { family: 'Noto Sans Tamil Variable', url: tamilFont, unicodeRange: tamilRanges.tamil },
};

/** A language's typeface, if it has one of its own: its file, and the CSS that declares and uses it. */
export function localeFont(locale: Locale): { url: string; css: string } | undefined {
  const font = LOCALE_FONTS[locale];
  if (!font) return undefined;
  const css = `@font-face{font-family:'${font.family}';font-style:normal;font-display:swap;font-weight:100 900;`
    + `src:url(${font.url}) format('woff2-variations');unicode-range:${font.unicodeRange}}`
    + `body{font-family:'${font.family}',system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}`;
  return { url: font.url, css };
}
