// Every bank's logo in one image (a sprite), for the page that shows them all: home's bank grid,
// carousel and first cards. Eleven logos were eleven requests at load, each a dozen tasks on the
// page's main thread and a decode of its own (docs/operations.md "Benchmarks"); the sprite is one. The build fetches
// each logo the API serves, draws it into a cell of a vertical strip, and names the file by a hash
// of its bytes, so a changed logo gets a new URL (served with a year's immutable cache, routes.ts).
// A bank whose logo is not the API's own image, or could not be fetched, keeps its <img>.
// Build-time only (sharp, the API): pages read the result in their frontmatter.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { BankData } from '../contract/index.ts';
import { API_IMAGE_PATH } from '../contract/limits.ts';
import { resolveApiImage } from '../lib/api-images.ts';
import {
  BANK_LOGO_CELL_ATTRIBUTE,
  BANK_LOGO_CLASS,
  LOGO_SPRITE_DIR,
  type SpriteLogo,
} from '../lib/bank-logo-sprite.ts';
import { buildApiUrl } from './catalogue-source.ts';
import { getSiteData } from './site-data.ts';

/** A cell's side: twice the largest size a logo is drawn at (home's 56 px tiles), for 2× screens. */
const CELL_PX = 112;
const LOGO_TIMEOUT_MS = 10_000;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

export interface BankLogoSprite {
  /** The image's path on the site: /logos/banks-<hash>.webp */
  path: string;
  /** The part of `path` under LOGO_SPRITE_DIR without '.webp', for the endpoint's route. */
  name: string;
  bytes: Buffer;
  /** Bank id → its cell, from 0 at the top. */
  cells: Map<number, number>;
}

/** A logo the API serves, as a cell of the sprite (PNG), or undefined when it cannot be had. */
async function logoCell(apiUrl: string, logoUrl: string): Promise<Buffer | undefined> {
  try {
    const response = await fetch(resolveApiImage(apiUrl, logoUrl), { signal: AbortSignal.timeout(LOGO_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const bytes = Buffer.from(await response.arrayBuffer());
    // As the tiles drew it: the whole logo in the square, centred.
    return await sharp(bytes).resize(CELL_PX, CELL_PX, { fit: 'contain', background: TRANSPARENT }).png().toBuffer();
  } catch {
    return undefined;
  }
}

/** Draws the banks' logos into one strip; undefined when no bank has a logo the API serves. */
export async function renderBankLogoSprite(banks: BankData[], apiUrl: string): Promise<BankLogoSprite | undefined> {
  const own = banks.filter((bank) => bank.logoURL?.startsWith(API_IMAGE_PATH));
  const drawn = await Promise.all(own.map(async (bank) => ({ bank, cell: await logoCell(apiUrl, bank.logoURL) })));
  const logos = drawn.filter((logo): logo is { bank: BankData; cell: Buffer } => logo.cell !== undefined);
  if (logos.length === 0) return undefined;
  const bytes = await sharp({
    create: { width: CELL_PX, height: CELL_PX * logos.length, channels: 4, background: TRANSPARENT },
  })
    .composite(logos.map((logo, index) => ({ input: logo.cell, top: index * CELL_PX, left: 0 })))
    .webp({ quality: 80, effort: 6 })
    .toBuffer();
  const name = `banks-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
  return {
    path: `/${LOGO_SPRITE_DIR}/${name}.webp`,
    name,
    bytes,
    cells: new Map(logos.map((logo, index) => [logo.bank.bankId, index])),
  };
}

let cached: Promise<BankLogoSprite | undefined> | undefined;

/** The build's sprite of the catalogue's banks, drawn once per build. */
export function getBankLogoSprite(): Promise<BankLogoSprite | undefined> {
  cached ??= getSiteData().then(({ banks }) => renderBankLogoSprite(banks, buildApiUrl()));
  return cached;
}

/** A bank's logo in the sprite, for its element (islands/ui/SpriteLogo.tsx); undefined for a bank it does not hold. */
export function spriteLogo(sprite: BankLogoSprite | undefined, bankId: number): SpriteLogo | undefined {
  const cell = sprite?.cells.get(bankId);
  if (!sprite || cell === undefined) return undefined;
  return { src: sprite.path, cell, cells: sprite.cells.size, side: CELL_PX };
}

/**
 * The sprite's rules, for a page's inline style: the strip as wide as the element, clipped to it,
 * and moved up by the cell's place (a margin's percentage is of the element's width, which is a
 * cell's height), whatever size the page draws the logo at.
 */
export function bankLogoSpriteCss(sprite: BankLogoSprite): string {
  const rules = [
    `.${BANK_LOGO_CLASS}{display:block;flex:none;overflow:hidden}`,
    `.${BANK_LOGO_CLASS}>img{display:block;width:100%;height:auto;max-width:none}`,
  ];
  for (let cell = 1; cell < sprite.cells.size; cell++)
    rules.push(`.${BANK_LOGO_CLASS}[${BANK_LOGO_CELL_ATTRIBUTE}="${cell}"]>img{margin-top:-${cell * 100}%}`);
  return rules.join('');
}
