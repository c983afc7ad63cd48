// Where the sitemaps are (src/build/sitemap.ts writes them): apart, so that the site build's job
// (src/server/site/build-job.ts), which runs outside Astro, can name them.
import { locales, type Locale } from '../paraglide/runtime.js';

export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const languageSitemapPath = (locale: Locale) => `/sitemap-${locale}.xml`;
/** Every sitemap file a build writes, as paths in the build. */
export const SITEMAP_FILES = [SITEMAP_INDEX_PATH, ...locales.map(languageSitemapPath)].map((path) => path.slice(1));
