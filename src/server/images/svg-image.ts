// A drawn SVG as a row of the images table: the demo data set's images and the ones the team
// console draws for the banks and categories it adds.

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
