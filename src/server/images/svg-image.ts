// A drawn SVG as a row of the images table, as SVG or rasterised to PNG: the demo data set's images
// and the ones the team console draws for the banks and categories it adds.
import { Resvg } from '@resvg/resvg-js';
import { bankLogoSvg, bankThumbSvg } from './svg.ts';

export interface ImageRow {
  name: string;
  contentType: string;
  bytes: Buffer;
  ownerUserId: null;
}

/** The image of a category icon, as src/lib/api-images.ts categoryIconSrc names it. */
export const categoryIconName = (iconName: string) => `icon-${iconName}.svg`;

const SVG = 'image/svg+xml';
/** A generated SVG as an image row; the catalogue's images have no owner (a re-seed replaces them). */
export const svgImage = (name: string, svg: string): ImageRow => ({
  name,
  contentType: SVG,
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
