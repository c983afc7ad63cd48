// The index of the languages' sitemaps (src/build/sitemap.ts).
import type { APIRoute } from 'astro';
import { sitemapIndex } from '../build/sitemap.ts';

export const GET: APIRoute = ({ site }) => sitemapIndex(site!);
