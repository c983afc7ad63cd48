// Generated SVG images for the demo data set: bank monograms, category icons, merchant logos and
// banners, and house-ad artwork. Each is a standalone SVG document; every text is XML-escaped, and
// the words are drawn as outlines (./text-outline.ts).
// The team console draws the same monograms and icons for the banks and categories it adds.
import type { CategoryIcon } from '../../contract/team-catalogue.ts';
import { drawText } from './text-outline.ts';
import { escapeXml } from './xml.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.round(Math.max(0, Math.min(255, v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0); amount in [-1, 1]. */
function shade(hex: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const a = Math.abs(amount);
  const [r, g, b] = rgb(hex);
  return toHex([r + (target - r) * a, g + (target - g) * a, b + (target - b) * a]);
}

/** Black or white, whichever reads better on the given background. */
function readableInk(hex: string): string {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#1a1a1a' : '#ffffff';
}

/** Initials of the first `max` (two by default) words that start with a letter or digit ("Appa & Co. Kitchen" -> "AC"). */
export function initials(name: string, max = 2): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return (
    words
      .slice(0, max)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** Greedy word wrap by character count. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s.,;:]+$/, '')}…`;
    return kept;
  }
  return lines;
}

function doc(width: number, height: number, label: string, body: string): string {
  return (
    `<svg xmlns="${SVG_NS}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>${body}</svg>`
  );
}

function monogramFontSize(letters: string, box: number): number {
  const factor = letters.length <= 1 ? 0.5 : letters.length === 2 ? 0.4 : letters.length === 3 ? 0.3 : 0.24;
  return Math.round(box * factor);
}

/** A bank's monogram: its letters on a rounded square in the bank colour. */
export function bankLogoSvg(name: string, letters: string, color: string, ink = readableInk(color)): string {
  const size = 120;
  const body =
    `<rect x="2" y="2" width="116" height="116" rx="26" fill="${color}"/>` +
    `<rect x="10" y="10" width="100" height="100" rx="20" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="2"/>` +
    drawText(letters, {
      x: 60,
      y: 61,
      anchor: 'middle',
      centreCapitals: true,
      size: monogramFontSize(letters, size),
      weight: 700,
      letterSpacing: 1,
      paint: `fill="${ink}"`,
    });
  return doc(size, size, name, body);
}

/** The small variant for carousels and chips: a circle. */
export function bankThumbSvg(name: string, letters: string, color: string, ink = readableInk(color)): string {
  const size = 48;
  const body =
    `<circle cx="24" cy="24" r="23" fill="${color}"/>` +
    drawText(letters, {
      x: 24,
      y: 25,
      anchor: 'middle',
      centreCapitals: true,
      size: monogramFontSize(letters, size),
      weight: 700,
      paint: `fill="${ink}"`,
    });
  return doc(size, size, name, body);
}

/** Icon shapes on a 24x24 grid, drawn with strokes in currentColor: one for every icon a category may have. */
const ICON_SHAPES: Record<string, string> = {
  dining: '<path d="M6 3v8a2 2 0 0 0 4 0V3"/><path d="M8 11v10"/><path d="M17 21V3c-2 1-3 4-3 7v2h3"/>',
  shopping: '<path d="M5 8h14l-1 13H6L5 8z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>',
  travel: '<path d="M2 16l20-6-2-2-7 2-6-5-2 1 4 5-5 2-2-1-1 1 3 3z"/><path d="M3 21h18"/>',
  hotels:
    '<path d="M3 20V6"/><path d="M3 14h18v6"/><path d="M3 10h8v4"/><circle cx="7" cy="9" r="1.5"/><path d="M11 10h7a3 3 0 0 1 3 3v1"/>',
  fuel: '<rect x="4" y="3" width="10" height="18" rx="1"/><path d="M4 10h10"/><path d="M14 8l3 3v7a2 2 0 0 0 4 0V9l-3-3"/>',
  supermarkets: '<path d="M3 4h2l2 11h11l2-8H6"/><circle cx="9" cy="19" r="1.5"/><circle cx="17" cy="19" r="1.5"/>',
  health:
    '<path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z"/><path d="M9 11h6"/><path d="M12 8v6"/>',
  education: '<path d="M2 9l10-5 10 5-10 5z"/><path d="M6 11v5c3 2 9 2 12 0v-5"/><path d="M22 9v6"/>',
  electronics: '<rect x="3" y="4" width="18" height="12" rx="1"/><path d="M8 20h8"/><path d="M12 16v4"/>',
  fashion: '<path d="M8 3l4 3 4-3 5 4-3 4-2-1v11H8V10l-2 1-3-4z"/>',
  jewellery: '<path d="M6 3h12l3 6-9 12L3 9z"/><path d="M3 9h18"/><path d="M9 3l3 6 3-6"/><path d="M12 9v12"/>',
  entertainment: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M10 9l5 3-5 3z"/>',
  online:
    '<circle cx="12" cy="12" r="9"/><path d="M3 12h18"/><path d="M12 3c3 3 3 15 0 18"/><path d="M12 3c-3 3-3 15 0 18"/>',
  automobile:
    '<path d="M3 16v-4l2-5h14l2 5v4z"/><path d="M3 12h18"/><circle cx="7" cy="17" r="2"/><circle cx="17" cy="17" r="2"/>',
} satisfies Record<CategoryIcon, string>;
const FALLBACK_ICON = '<circle cx="12" cy="12" r="9"/><path d="M8 12h8"/><path d="M12 8v8"/>';

export function categoryIconSvg(iconName: string, label: string): string {
  const shapes = ICON_SHAPES[iconName] ?? FALLBACK_ICON;
  return (
    `<svg xmlns="${SVG_NS}" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>${shapes}</svg>`
  );
}

/** A merchant's logo: initials in a ringed circle, coloured from its category. */
export function merchantLogoSvg(name: string, color: string): string {
  const letters = initials(name);
  const ink = readableInk(color);
  const body =
    `<circle cx="80" cy="80" r="78" fill="${shade(color, 0.85)}"/>` +
    `<circle cx="80" cy="80" r="64" fill="${color}"/>` +
    `<circle cx="80" cy="80" r="56" fill="none" stroke="${ink}" stroke-opacity="0.4" stroke-width="2"/>` +
    drawText(letters, {
      x: 80,
      y: 82,
      anchor: 'middle',
      centreCapitals: true,
      size: letters.length > 1 ? 52 : 64,
      weight: 700,
      paint: `fill="${ink}"`,
    });
  return doc(160, 160, name, body);
}

/**
 * A 1200x600 offer banner: a gradient in the category colour with the merchant's name. The category
 * is not painted in: cards show it as a pill of real text over the banner, readable at any size.
 */
export function merchantBannerSvg(name: string, color: string, id: number): string {
  const dark = shade(color, -0.45);
  const ink = readableInk(shade(color, -0.2));
  const lines = wrapText(name, 22, 2);
  const fontSize = lines.length > 1 || name.length > 16 ? 76 : 92;
  const gradient = `banner-${id}`;
  const firstY = lines.length > 1 ? 280 : 330;
  const text = lines
    .map((line, i) =>
      drawText(line, { x: 90, y: firstY + i * (fontSize + 12), size: fontSize, weight: 800, paint: `fill="${ink}"` }),
    )
    .join('');
  const body =
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${shade(color, 0.1)}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect width="1200" height="600" fill="url(#${gradient})"/>` +
    `<circle cx="1040" cy="120" r="230" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="1130" cy="520" r="160" fill="#ffffff" fill-opacity="0.06"/>` +
    `<circle cx="860" cy="610" r="120" fill="#000000" fill-opacity="0.06"/>` +
    text +
    `<rect x="90" y="470" width="120" height="8" rx="4" fill="${ink}" fill-opacity="0.6"/>`;
  return doc(1200, 600, name, body);
}

/** A 300x250 house ad for the side column. */
export function houseAdSvg(title: string, body: string, cta: string, color: string, id: number): string {
  const ink = readableInk(color);
  const titleLines = wrapText(title, 18, 2);
  const bodyLines = wrapText(body, 34, 3);
  const gradient = `ad-${id}`;
  let y = 56;
  const titleText = titleLines
    .map((line) => {
      const t = drawText(line, { x: 24, y, size: 24, weight: 800, paint: `fill="${ink}"` });
      y += 30;
      return t;
    })
    .join('');
  y += 4;
  const bodyText = bodyLines
    .map((line) => {
      const t = drawText(line, { x: 24, y, size: 14, weight: 400, paint: `fill="${ink}" fill-opacity="0.9"` });
      y += 19;
      return t;
    })
    .join('');
  const buttonWidth = cta.length * 9 + 40;
  const content =
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -0.35)}"/></linearGradient></defs>` +
    `<rect width="300" height="250" rx="12" fill="url(#${gradient})"/>` +
    `<circle cx="270" cy="30" r="70" fill="#ffffff" fill-opacity="0.08"/>` +
    titleText +
    bodyText +
    `<rect x="24" y="192" width="${buttonWidth}" height="36" rx="18" fill="${ink}"/>` +
    drawText(cta, {
      x: 24 + buttonWidth / 2,
      y: 215,
      anchor: 'middle',
      size: 15,
      weight: 700,
      paint: `fill="${color}"`,
    }) +
    drawText('OfferLanka', {
      x: 276,
      y: 236,
      anchor: 'end',
      size: 11,
      weight: 400,
      paint: `fill="${ink}" fill-opacity="0.7"`,
    });
  return doc(300, 250, title, content);
}
