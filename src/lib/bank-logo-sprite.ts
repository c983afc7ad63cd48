// The bank logos' sprite as pages draw it (src/build/bank-logo-sprite.ts makes it): an element of
// this class, with its cell in this attribute, shows that bank's logo. Tiny on purpose: home's
// carousel island draws its logos so too.

/** The sprite's folder in a build, served with a year's immutable cache (its files are named by a hash). */
export const LOGO_SPRITE_DIR = 'logos';
export const BANK_LOGO_CLASS = 'bank-logo';
export const BANK_LOGO_CELL_ATTRIBUTE = 'data-bank-logo';
