// The web app manifest of each language (/manifest.webmanifest, /si/…, /ta/…): what makes the site
// installable (a name, the start page, standalone display, icons of 192 and 512 pixels, a maskable
// one, colours). Installed from a Sinhala or Tamil page, the app is named in that language and opens
// its home. Served as application/manifest+json by its extension (routes.ts, and the build's _headers).
import type { APIRoute } from 'astro';
import { localeStaticPaths } from '../../build/locales.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { localePath, splitLocale } from '../../lib/locale-path.ts';
import { APP_ICONS, BACKGROUND_COLOR, THEME_COLOR } from '../../lib/web-app.ts';
import { m } from '../../paraglide/messages.js';

export const getStaticPaths = localeStaticPaths;

export const GET: APIRoute = ({ url }) => {
  const { locale } = splitLocale(url.pathname);
  const home = localePath('/', locale);
  return new Response(
    JSON.stringify(
      {
        id: home,
        name: m.pages_manifest_name({ siteName: SITE_NAME }, { locale }),
        short_name: SITE_NAME,
        description: m.pages_manifest_description({}, { locale }),
        start_url: home,
        scope: home,
        display: 'standalone',
        lang: locale,
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: APP_ICONS.map((icon) => ({
          src: icon.src,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        })),
      },
      null,
      2,
    ),
    { headers: { 'content-type': 'application/manifest+json' } },
  );
};
