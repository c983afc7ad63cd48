import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /console/\n\nSitemap: ${new URL('/sitemap.xml', site).toString()}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
