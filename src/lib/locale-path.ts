// A page's path in a language (docs/i18n.md): English at the root, Sinhala under /si and Tamil under
// /ta. Every link to a page goes through localePath, so that a visitor stays in their language.
import { baseLocale, getLocale, locales, type Locale } from '../paraglide/runtime.js';

/** The first path segment of a language's pages: undefined for English. */
export const localeSegment = (locale: Locale): string | undefined => (locale === baseLocale ? undefined : locale);

/** The language a path is in, by its first segment, and the path without it ('/' for a language's home). */
export function splitLocale(path: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(path);
  const locale =
    match && (locales as readonly string[]).includes(match[1]!) && match[1] !== baseLocale
      ? (match[1] as Locale)
      : undefined;
  if (!locale) return { locale: baseLocale, path };
  return { locale, path: path.slice(locale.length + 1) || '/' };
}

/** A site path ('/about-us', '/' or '/?bank=1') in a language, by default the page's own. */
export function localePath(path: string, locale: Locale = getLocale()): string {
  const segment = localeSegment(locale);
  if (!segment) return path;
  return path === '/' || path.startsWith('/?') || path.startsWith('/#')
    ? `/${segment}${path.slice(1)}`
    : `/${segment}${path}`;
}

/** The query parameter an API link names its language by: the SMS, e-mail or page that carried it was in that language. */
export const LINK_LANGUAGE_PARAM = 'lang';

/** An API link in a language: English links name none. */
export const withLinkLocale = (url: string, locale: Locale = getLocale()) =>
  locale === baseLocale ? url : `${url}${url.includes('?') ? '&' : '?'}${LINK_LANGUAGE_PARAM}=${locale}`;

/** The language a link names, if it names one of the site's. */
export const linkLocaleOf = (named: string | undefined): Locale | undefined =>
  named && (locales as readonly string[]).includes(named) ? (named as Locale) : undefined;
