// One language's sitemap: every canonical URL in that language, with its alternates (src/build/sitemap.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteData } from '../build/site-data.ts';
import { languageSitemap, sitemapPages } from '../build/sitemap.ts';
import { locales, type Locale } from '../paraglide/runtime.js';

export const getStaticPaths = (() => locales.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) =>
  languageSitemap(params.locale as Locale, site!, sitemapPages(await getSiteData()));
