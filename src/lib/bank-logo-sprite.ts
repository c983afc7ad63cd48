// The bank logos' sprite as pages draw it (src/build/bank-logo-sprite.ts makes it): an element of
// this class, with its cell in this attribute, shows that bank's logo (islands/ui/SpriteLogo.tsx).
// Tiny on purpose: home's cards and carousel draw their logos so too.

/** The sprite's folder in a build, served with a year's immutable cache (its files are named by a hash). */
export const LOGO_SPRITE_DIR = 'logos';
export const BANK_LOGO_CLASS = 'bank-logo';
export const BANK_LOGO_CELL_ATTRIBUTE = 'data-bank-logo';

/** One bank's logo in the sprite: what its element needs. */
export interface SpriteLogo {
  /** The sprite's URL. */
  src: string;
  /** The bank's cell, from 0 at the top. */
  cell: number;
  /** The sprite's cells, and a cell's side in pixels: the image's size, for its aspect ratio. */
  cells: number;
  side: number;
}
