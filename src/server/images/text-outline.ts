// The generated images draw their words as outlines of Inter's glyphs, as a logo file does. They look
// the same on every device, and a browser showing one lays out no text: on a phone, finding and
// measuring a font for each size of each image's text is work on the page's main thread at load.
// A text with a letter that Inter's Latin files lack (a Sinhala name's initial, say) stays an SVG
// <text>, for the reader's own fonts to draw.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font, type Path } from 'fontkitten';
import { escapeXml } from './xml.ts';

export type OutlineWeight = 400 | 700 | 800;

/** For a text drawn as SVG <text>: the fonts a reader's device most likely has. */
const FALLBACK_FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const require = createRequire(import.meta.url);
/** Inter's Latin WOFF file of a weight: the outlines here and the link-preview images' text (satori does not read woff2). */
export const interFontFile = (weight: number) =>
  require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

const fonts = new Map<OutlineWeight, Font>();
function interFont(weight: OutlineWeight): Font {
  let font = fonts.get(weight);
  if (!font) {
    font = create(readFileSync(interFontFile(weight))) as Font;
    fonts.set(weight, font);
  }
  return font;
}

export interface TextDrawing {
  x: number;
  y: number;
  size: number;
  weight: OutlineWeight;
  /** Where x is on the text, as SVG's text-anchor: its start (the default), middle or end. */
  anchor?: 'start' | 'middle' | 'end';
  /** y is the middle of the capitals, not the baseline: a monogram's letters centred in their shape. */
  centreCapitals?: boolean;
  letterSpacing?: number;
  /** The paint attributes, written out as they are: `fill="#fff" fill-opacity="0.9"`. */
  paint: string;
}

/** Tenths of the image's unit: finer than any screen draws these images. */
const TENTHS = 10;

/** A number as short as SVG path data takes it: no leading zero ("-.5"). */
const short = (value: number) => String(value).replace(/^(-?)0\./, '$1.');

/**
 * Glyph outlines as SVG path data with relative commands (short numbers, which compress well), on a
 * grid of tenths. Each point is rounded first and the steps are taken between rounded points, so
 * the rounding does not add up along an outline.
 */
class OutlineWriter {
  data = '';
  /** The pen and the start of the current outline, in tenths. */
  private pen: [number, number] = [0, 0];
  private outlineStart: [number, number] = [0, 0];

  /** A glyph's outline, scaled and placed with its origin at (left, baseline); font units point up. */
  glyph(path: Path, scale: number, left: number, baseline: number) {
    for (const { command, args } of path.commands) {
      if (command === 'closePath') {
        this.data += 'z';
        this.pen = this.outlineStart;
        continue;
      }
      const points: [number, number][] = [];
      for (let i = 0; i < args.length; i += 2) {
        points.push([
          Math.round((left + args[i]! * scale) * TENTHS),
          Math.round((baseline - args[i + 1]! * scale) * TENTHS),
        ]);
      }
      // Each point of a command is relative to where the command starts; the pen then moves to its last point.
      const [penX, penY] = this.pen;
      const steps = points.map(([x, y]) => `${short((x - penX) / TENTHS)} ${short((y - penY) / TENTHS)}`);
      this.data += COMMAND_LETTERS[command] + steps.join(' ').replace(/ -/g, '-');
      this.pen = points.at(-1)!;
      if (command === 'moveTo') this.outlineStart = this.pen;
    }
  }
}
const COMMAND_LETTERS = { moveTo: 'm', lineTo: 'l', quadraticCurveTo: 'q', bezierCurveTo: 'c' } as const;

/** The text as one SVG <path> of its letters' outlines, placed as the same SVG <text> would be. */
export function drawText(text: string, drawing: TextDrawing): string {
  const { x, y, size, weight, anchor = 'start', centreCapitals = false, letterSpacing = 0, paint } = drawing;
  const font = interFont(weight);
  const glyphs = font.glyphsForString(text);
  if (glyphs.length === 0) return '';
  if (glyphs.some((glyph) => glyph.id === 0)) {
    return (
      `<text x="${x}" y="${y}"${anchor === 'start' ? '' : ` text-anchor="${anchor}"`}${centreCapitals ? ' dominant-baseline="middle"' : ''} ` +
      `font-family="${escapeXml(FALLBACK_FONT)}" font-size="${size}" font-weight="${weight}"${letterSpacing ? ` letter-spacing="${letterSpacing}"` : ''} ` +
      `${paint}>${escapeXml(text)}</text>`
    );
  }
  const scale = size / font.unitsPerEm;
  const width =
    glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth * scale, 0) + letterSpacing * (glyphs.length - 1);
  let left = x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const baseline = centreCapitals ? y + (font.capHeight * scale) / 2 : y;
  const outline = new OutlineWriter();
  for (const glyph of glyphs) {
    outline.glyph(glyph.path, scale, left, baseline);
    left += glyph.advanceWidth * scale + letterSpacing;
  }
  return `<path d="${outline.data}" ${paint}/>`;
}
