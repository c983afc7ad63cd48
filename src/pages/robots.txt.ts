// Crawlers may read every page but the consoles, in each language, and find the sitemaps' index.
import type { APIRoute } from 'astro';
import { SITEMAP_INDEX_PATH } from '../build/sitemap-files.ts';
import { localePath } from '../lib/locale-path.ts';
import { locales } from '../paraglide/runtime.js';

export const GET: APIRoute = ({ site }) => {
  const consoles = locales.map((locale) => `Disallow: ${localePath('/console/', locale)}`).join('\n');
  return new Response(
    `User-agent: *\nAllow: /\n${consoles}\n\nSitemap: ${new URL(SITEMAP_INDEX_PATH, site).toString()}\n`,
    {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
  );
};
