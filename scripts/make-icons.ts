// Renders the installable site's icons (public/icons/, listed in src/pages/[...locale]/manifest.webmanifest.ts)
// from the favicon's drawing: `npx tsx scripts/make-icons.ts` after changing public/favicon.svg.
// They are committed rather than rendered by each build, so a server without fonts cannot draw
// them differently. The maskable icon fills its square and keeps the letters in the central 80%
// that every platform's mask leaves visible.
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { APP_ICONS } from '../src/lib/web-app.ts';

const favicon = readFileSync('public/favicon.svg', 'utf8');
const inner = favicon.replace(/^<svg[^>]*>|<\/svg>\s*$/g, '');
const background = favicon.match(/<rect[^>]*fill="([^"]+)"/)?.[1] ?? '#0b5cad';
const letters = inner.replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(3.2 3.2) scale(0.8)">${letters}</g></svg>`;

for (const icon of APP_ICONS) {
  const svg = icon.purpose === 'maskable' ? maskable : favicon;
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: icon.size },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
  writeFileSync(`public${icon.src}`, png);
  console.log(`public${icon.src}: ${png.byteLength} bytes`);
}
