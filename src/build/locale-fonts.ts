// The Sinhala and Tamil typefaces (docs/i18n.md "Fonts"): Noto Sans Sinhala and Noto Sans Tamil,
// regular and bold, only their script's subset, and only on their own language's pages. Each page
// of those gets the @font-face rules inlined (unicode-range: Latin text keeps the site's own font)
// and a preload of the regular weight, so that the text is drawn in it before first paint on most
// connections; font-display swap draws the text at once otherwise. Two static weights are about
// half the bytes of the variable font (Sinhala 35 + 36 KB against 127 KB).
import sinhalaRanges from '@fontsource/noto-sans-sinhala/unicode.json';
import sinhalaRegular from '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff2?url';
import sinhalaBold from '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff2?url';
import tamilRanges from '@fontsource/noto-sans-tamil/unicode.json';
import tamilRegular from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url';
import tamilBold from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url';
// Files of their own, never inlined as data: URLs (the Content-Security-Policy's font-src refuses those).
import sinhalaNames from '../fonts/language-names-si.woff2?url&no-inline';
import tamilNames from '../fonts/language-names-ta.woff2?url&no-inline';
import type { Locale } from '../paraglide/runtime.js';

/** A typeface's files by weight: the site's type scale (src/styles/global.css) uses 400 and 700. */
interface LocaleFont {
  family: string;
  regular: string;
  bold: string;
  unicodeRange: string;
}

const LOCALE_FONTS: Partial<Record<Locale, LocaleFont>> = {
  si: { family: 'Noto Sans Sinhala', regular: sinhalaRegular, bold: sinhalaBold, unicodeRange: sinhalaRanges.sinhala },
  ta: { family: 'Noto Sans Tamil', regular: tamilRegular, bold: tamilBold, unicodeRange: tamilRanges.tamil },
};

/**
 * The site's typeface, which the language fonts fall back to: the device's own, which every current
 * browser knows as system-ui, and no other family (src/styles/global.css sets it on :root).
 */
const SYSTEM_FONTS = 'system-ui,sans-serif';

/** A language's typeface, if it has one of its own: the file to preload, and the CSS that declares and uses it. */
export function localeFont(locale: Locale): { url: string; css: string } | undefined {
  const font = LOCALE_FONTS[locale];
  if (!font) return undefined;
  const face = (weight: number, url: string) =>
    `@font-face{font-family:'${font.family}';font-style:normal;font-display:swap;` +
    `font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${font.unicodeRange}}`;
  const css = face(400, font.regular) + face(700, font.bold) + `body{font-family:'${font.family}',${SYSTEM_FONTS}}`;
  return { url: font.regular, css };
}

/** The switcher's language names (LanguageSwitcher.astro marks them data-language-name). */
const LANGUAGE_NAMES_FAMILY = 'Language Names';
/** Set on <html> once the page's largest paint is on screen (languageNamesFontStart): the names take their fonts then. */
export const LANGUAGE_NAMES_READY = 'data-language-names';
const languageNamesRule = (scope: string) =>
  `${scope}[data-language-name]{font-family:'${LANGUAGE_NAMES_FAMILY}',${SYSTEM_FONTS}}`;

/**
 * Every page's CSS for the switcher's Sinhala and Tamil names: a font of just their letters for each
 * (about 1.5 KB, made by scripts/language-name-fonts.ts), so that a device with no Sinhala or Tamil
 * font draws them too. The browser fetches one only for a page that shows its script's letters,
 * and only once languageNamesFontStart has marked <html>: until then the names are in the page's
 * own typeface.
 */
export function languageNamesFontCss(): string {
  const face = (url: string, unicodeRange: string) =>
    `@font-face{font-family:'${LANGUAGE_NAMES_FAMILY}';font-style:normal;font-display:swap;` +
    `font-weight:400;src:url(${url}) format('woff2');unicode-range:${unicodeRange}}`;
  return (
    face(sinhalaNames, sinhalaRanges.sinhala) +
    face(tamilNames, tamilRanges.tamil) +
    languageNamesRule(`[${LANGUAGE_NAMES_READY}] `)
  );
}

/** The names in their fonts from the start, for a browser without JavaScript (BaseLayout.astro writes it in <noscript>). */
export const languageNamesNoScriptCss = (): string => languageNamesRule('');

/**
 * The script that gives the names their fonts once the page has loaded and its largest paint is on
 * screen (the first Largest Contentful Paint report; at the load event where there is none). From
 * the start, the browser fetched them as its first layout reached the footer's list, at the highest
 * priority, beside the page's largest image (the offer's banner) on the same slow connection; the
 * names are below the screen on nearly every page. Only the names' own style changes then.
 */
export function languageNamesFontStart(): string {
  const mark = `()=>document.documentElement.setAttribute(${JSON.stringify(LANGUAGE_NAMES_READY)},"")`;
  return (
    `addEventListener("load",()=>{const d=${mark};try{PerformanceObserver.supportedEntryTypes.includes("largest-contentful-paint")` +
    `?new PerformanceObserver((l,o)=>{o.disconnect();d()}).observe({type:"largest-contentful-paint",buffered:true}):d()}catch(e){d()}})`
  );
}
