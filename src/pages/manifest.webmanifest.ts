// The web app manifest: what makes the site installable (a name, the start page, standalone
// display, icons of 192 and 512 pixels, a maskable one, colours). Served as application/manifest+json
// by its extension (routes.ts, and the build's _headers for a CDN).
import type { APIRoute } from 'astro';
import { SITE_NAME } from '../lib/constants.ts';
import { APP_ICONS, BACKGROUND_COLOR, THEME_COLOR } from '../lib/web-app.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({
    id: '/',
    name: `${SITE_NAME}: credit card offers in Sri Lanka`,
    short_name: SITE_NAME,
    description: "Sri Lanka's credit-card offers in one place: every bank's discounts, with reminders before your favourites end.",
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'en',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: APP_ICONS.map((icon) => ({ src: icon.src, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose })),
  }, null, 2), { headers: { 'content-type': 'application/manifest+json' } });
