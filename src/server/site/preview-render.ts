// Draws one offer's link-preview image: satori lays the card out as SVG, resvg rasterises it to a
// 1200×630 PNG. Fonts are Inter's .woff files (satori does not read woff2), loaded once per thread.
import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { PreviewImageSpec } from '../../lib/preview-image.ts';
import { PREVIEW_IMAGE, SITE_NAME } from '../../lib/constants.ts';
import { truncate } from '../../lib/format-offer.ts';
import { initials } from '../images/svg.ts';
import { interFontFile } from '../images/text-outline.ts';

let fonts: { name: string; data: Buffer; weight: 400 | 600 | 800; style: 'normal' }[] | undefined;
const loadFonts = () =>
  (fonts ??= ([400, 600, 800] as const).map((weight) => ({
    name: 'Inter',
    data: readFileSync(interFontFile(weight)),
    weight,
    style: 'normal' as const,
  })));

/** Texts longer than these are cut with an ellipsis, so that the card keeps its layout. */
const MAX_MERCHANT = 40;
const MAX_BANK = 40;
const MAX_DISCOUNT = 32;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  props: Record<string, unknown> = {},
): Node => ({ type, props: { ...props, style, children } });

/** The colour's relative luminance (WCAG), 0 for black to 1 for white. */
function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
/** White or near-black text, whichever reads better on the colour. */
const inkOn = (color: string) => (luminance(color) > 0.18 ? '#1a1a1a' : '#ffffff');
/** The discount is drawn in the bank's colour when it reads on white (3:1, large text), else in ink. */
const discountColor = (color: string) => (1.05 / (luminance(color) + 0.05) >= 3 ? color : '#0f172a');
const safeColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#0b4f9c');

/** The bank's logo (a data URL, PNG, JPEG or SVG), or its initials on its colour when it has none that can be drawn. */
function bankMark(spec: PreviewImageSpec, logoDataUrl: string | undefined): Node {
  const box = {
    width: 120,
    height: 120,
    borderRadius: 24,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
  };
  if (logoDataUrl)
    return el(
      'div',
      { ...box, background: '#ffffff' },
      el('img', { width: 120, height: 120, objectFit: 'contain', borderRadius: 24 }, undefined, {
        src: logoDataUrl,
        width: 120,
        height: 120,
      }),
    );
  const color = safeColor(spec.bankColor);
  return el(
    'div',
    { ...box, background: color, color: inkOn(color), fontSize: 44, fontWeight: 800 },
    initials(spec.bankName, 3),
  );
}

/** The card as satori's element tree. */
function card(spec: PreviewImageSpec, logoDataUrl: string | undefined): Node {
  const color = safeColor(spec.bankColor);
  const discount = truncate(spec.discount, MAX_DISCOUNT);
  return el(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      background: '#ffffff',
      fontFamily: 'Inter',
      color: '#0f172a',
    },
    [
      el('div', { height: 24, background: color, display: 'flex' }),
      el('div', { flex: 1, display: 'flex', flexDirection: 'column', padding: '48px 64px 40px' }, [
        el('div', { display: 'flex', alignItems: 'center', gap: 32 }, [
          bankMark(spec, logoDataUrl),
          el('div', { display: 'flex', flexDirection: 'column', minWidth: 0 }, [
            el('div', { fontSize: 34, fontWeight: 600, color: '#475569' }, truncate(spec.bankName, MAX_BANK)),
            el('div', { fontSize: 48, fontWeight: 800 }, truncate(spec.merchantName, MAX_MERCHANT)),
          ]),
        ]),
        el(
          'div',
          {
            flex: 1,
            display: 'flex',
            alignItems: 'center',
            fontSize: discount.length > 16 ? 96 : 140,
            fontWeight: 800,
            color: discountColor(color),
            lineHeight: 1.05,
          },
          discount,
        ),
        el('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', fontSize: 34 }, [
          el('div', { fontWeight: 600, color: '#334155' }, spec.endText),
          el('div', { fontWeight: 800, color: '#0b4f9c' }, SITE_NAME),
        ]),
      ]),
    ],
  );
}

/** The PNG bytes of one offer's preview image. */
export async function renderPreviewPng(spec: PreviewImageSpec, logoDataUrl?: string): Promise<Buffer> {
  const options = { width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height, fonts: loadFonts() };
  let svg: string;
  try {
    svg = await satori(card(spec, logoDataUrl) as never, options);
  } catch {
    svg = await satori(card(spec, undefined) as never, options); // a logo satori cannot read: the monogram
  }
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}
