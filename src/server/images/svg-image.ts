// A drawn SVG as a row of the images table, as SVG or rasterised to PNG or WebP: the demo data
// set's images and the ones the team console draws for the banks and categories it adds.
import { Resvg, renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import { bankLogoSvg, bankThumbSvg } from './svg.ts';

export interface ImageRow {
  name: string;
  contentType: string;
  bytes: Buffer;
  ownerUserId: null;
}

/** The drawing of a category icon; src/lib/api-images.ts categoryIconSrc shows it as `icon-{name}.png`. */
export const categoryIconName = (iconName: string) => `icon-${iconName}.svg`;

export const SVG_CONTENT_TYPE = 'image/svg+xml';
/** A generated SVG as an image row; the catalogue's images have no owner (a re-seed replaces them). */
export const svgImage = (name: string, svg: string): ImageRow => ({
  name,
  contentType: SVG_CONTENT_TYPE,
  bytes: Buffer.from(svg, 'utf8'),
  ownerUserId: null,
});

/**
 * A drawing rasterised once, here, `pixels` wide, as a PNG row. A browser makes a whole document of
 * every SVG image it shows, on the page's main thread; a bank's monogram is on nearly every page,
 * many times. The drawings carry their words as outlines (./text-outline.ts), so no font is needed.
 */
const pngImage = (name: string, svg: string, pixels: number): ImageRow => ({
  name,
  contentType: 'image/png',
  bytes: new Resvg(svg, { fitTo: { mode: 'width', value: pixels }, font: { loadSystemFonts: false } }).render().asPng(),
  ownerUserId: null,
});

/** The monogram's width in pixels: pages show it at most 56 CSS px wide, so a 2x screen gets enough. */
const BANK_LOGO_PIXELS = 120;
/** The thumbnail's: twice its 48-unit drawing. */
const BANK_THUMB_PIXELS = 96;

/** A bank's monogram and its thumbnail, as `${baseName}.png` and `${baseName}-thumb.png`. */
export function bankMonogramImages(
  baseName: string,
  bank: { name: string; letters: string; color: string; ink?: string },
): { logo: ImageRow; thumbnail: ImageRow } {
  return {
    logo: pngImage(`${baseName}.png`, bankLogoSvg(bank.name, bank.letters, bank.color, bank.ink), BANK_LOGO_PIXELS),
    thumbnail: pngImage(
      `${baseName}-thumb.png`,
      bankThumbSvg(bank.name, bank.letters, bank.color, bank.ink),
      BANK_THUMB_PIXELS,
    ),
  };
}

/**
 * The raster formats a drawing is shown in: PNG with a palette for flat drawings (logos, icons), a
 * few KB; WebP for gradients (banners, ads), about the bytes of the SVG itself.
 */
const DRAWING_RASTER_FORMATS = { png: 'image/png', webp: 'image/webp' } as const;
export type DrawingRasterFormat = keyof typeof DRAWING_RASTER_FORMATS;

/** 'banner-merchant-8.webp' is drawn from 'banner-merchant-8.svg'; undefined for a name no drawing makes. */
export function drawingSourceOf(name: string): { sourceName: string; format: DrawingRasterFormat } | undefined {
  const match = /^(.+)\.(png|webp)$/.exec(name);
  if (!match) return undefined;
  return { sourceName: `${match[1]}.svg`, format: match[2] as DrawingRasterFormat };
}

/**
 * A drawing's raster is as many pixels wide as the drawing is units, within these bounds: a 160-unit
 * logo is shown 64 CSS px wide, a 300-unit ad 300; a 24-unit icon up to 56, a 1,200-unit banner
 * up to about 800.
 */
const DRAWING_PIXELS_MIN = 96;
const DRAWING_PIXELS_MAX = 800;

/**
 * A drawing as PNG or WebP. Pages show the raster, not the SVG: a browser builds a whole document
 * on the page's main thread for every SVG image. Rendered off the event loop (resvg's and sharp's
 * worker threads), as the API draws these on a first request.
 */
export async function rasteriseDrawing(
  svg: Buffer,
  format: DrawingRasterFormat,
): Promise<{ bytes: Buffer; contentType: string }> {
  const width = new Resvg(svg, { font: { loadSystemFonts: false } }).width;
  const pixels = Math.round(Math.min(DRAWING_PIXELS_MAX, Math.max(DRAWING_PIXELS_MIN, width)));
  const rendered = await renderAsync(svg, {
    fitTo: { mode: 'width', value: pixels },
    font: { loadSystemFonts: false },
  });
  const image = sharp(rendered.asPng());
  const bytes = await (format === 'png' ? image.png({ palette: true }) : image.webp({ quality: 80 })).toBuffer();
  return { bytes, contentType: DRAWING_RASTER_FORMATS[format] };
}
