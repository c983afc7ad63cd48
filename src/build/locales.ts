// The languages a build renders, and the `locale` route parameter of every page under
// src/pages/[...locale]/ (docs/i18n.md): none for English (the site's root), 'si' or 'ta' otherwise.
// SITE_LOCALES limits a build to some of them: the site build renders each language by its own
// `astro build`, so that each language's scripts carry that language's messages alone.
import { localeSegment } from '../lib/locale-path.ts';
import { locales, type Locale } from '../paraglide/runtime.js';

export const SITE_LOCALES_ENV = 'SITE_LOCALES';

function readBuildLocales(): readonly Locale[] {
  const given = process.env[SITE_LOCALES_ENV]?.split(',')
    .map((locale) => locale.trim())
    .filter(Boolean);
  if (!given?.length) return locales;
  const unknown = given.filter((locale) => !(locales as readonly string[]).includes(locale));
  if (unknown.length)
    throw new Error(
      `${SITE_LOCALES_ENV} names unknown languages: ${unknown.join(', ')} (known: ${locales.join(', ')})`,
    );
  return locales.filter((locale) => given.includes(locale));
}

/** The languages this build renders, in the site's order. */
export const buildLocales = readBuildLocales();

/** getStaticPaths of a page with no other parameter: one page per language. */
export const localeStaticPaths = () => buildLocales.map((locale) => ({ params: { locale: localeSegment(locale) } }));

/** Each of a page's paths once per language, with its props. */
export function withLocales<Params extends Record<string, string | undefined>, Props>(
  paths: { params: Params; props: Props }[],
) {
  return buildLocales.flatMap((locale) =>
    paths.map(({ params, props }) => ({ params: { ...params, locale: localeSegment(locale) }, props })),
  );
}
