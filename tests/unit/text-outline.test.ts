import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkitten';
import { describe, expect, it } from 'vitest';
import {
  bankLogoSvg,
  bankThumbSvg,
  houseAdSvg,
  merchantBannerSvg,
  merchantLogoSvg,
} from '../../src/server/images/svg.ts';
import { drawText } from '../../src/server/images/text-outline.ts';

const require = createRequire(import.meta.url);
const inter800 = create(readFileSync(require.resolve('@fontsource/inter/files/inter-latin-800-normal.woff'))) as Font;

/** Every point of the path data (control points too), made absolute: relative m, l, q, c and z as drawText writes them. */
function pathPoints(data: string): [number, number][] {
  const points: [number, number][] = [];
  let pen: [number, number] = [0, 0];
  let start: [number, number] = [0, 0];
  for (const [, letter, numbers] of data.matchAll(/([mlqcz])([^mlqcz]*)/g)) {
    if (letter === 'z') {
      pen = start;
      continue;
    }
    const values = (numbers!.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    const command: [number, number][] = [];
    for (let i = 0; i < values.length; i += 2) command.push([pen[0] + values[i]!, pen[1] + values[i + 1]!]);
    points.push(...command);
    pen = command.at(-1)!;
    if (letter === 'm') start = pen;
  }
  return points;
}

const pathData = (svg: string) => [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]!);

function box(points: [number, number][]) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe('drawText: words as glyph outlines', () => {
  it('draws the glyphs of the font at their places, each point within the tenth it is rounded to', () => {
    const svg = drawText('Odel', { x: 90, y: 330, size: 92, weight: 800, paint: 'fill="#fff"' });
    expect(svg).toMatch(/^<path d="m[^"]+" fill="#fff"\/>$/);
    const drawn = pathPoints(pathData(svg)[0]!);
    // The same outlines straight from the font, placed by hand: no error adds up along the path.
    const scale = 92 / inter800.unitsPerEm;
    const expected: [number, number][] = [];
    let left = 90;
    for (const glyph of inter800.glyphsForString('Odel')) {
      for (const { args } of glyph.path.commands) {
        for (let i = 0; i < args.length; i += 2) expected.push([left + args[i]! * scale, 330 - args[i + 1]! * scale]);
      }
      left += glyph.advanceWidth * scale;
    }
    expect(drawn).toHaveLength(expected.length);
    drawn.forEach(([x, y], i) => {
      expect(Math.abs(x - expected[i]![0])).toBeLessThanOrEqual(0.051);
      expect(Math.abs(y - expected[i]![1])).toBeLessThanOrEqual(0.051);
    });
  });

  it('places the text by its anchor, and centres capitals on y when asked, as a monogram is', () => {
    const measure = (anchor: 'start' | 'middle' | 'end') =>
      box(
        pathPoints(
          pathData(
            drawText('HNB', { x: 60, y: 61, size: 36, weight: 700, anchor, centreCapitals: true, paint: '' }),
          )[0]!,
        ),
      );
    const start = measure('start');
    const middle = measure('middle');
    const end = measure('end');
    const width = start.maxX - start.minX;
    expect(start.minX).toBeGreaterThan(60); // the H's side bearing
    expect(start.minX).toBeLessThan(64);
    expect(end.maxX).toBeLessThan(60);
    expect(end.maxX).toBeGreaterThan(56);
    expect(Math.abs((middle.minX + middle.maxX) / 2 - 60)).toBeLessThan(1);
    expect(middle.maxX - middle.minX).toBeCloseTo(width, 0);
    // H, N and B stand on the baseline and reach the cap height: their middle is y.
    expect(Math.abs((start.minY + start.maxY) / 2 - 61)).toBeLessThan(0.6);
  });

  it("keeps a text that Inter has no glyphs for as SVG text, escaped, for the reader's fonts", () => {
    const svg = drawText('ලබ & <', {
      x: 24,
      y: 25,
      size: 19,
      weight: 700,
      anchor: 'middle',
      centreCapitals: true,
      paint: 'fill="#fff"',
    });
    expect(svg).toMatch(
      /^<text x="24" y="25" text-anchor="middle" dominant-baseline="middle" font-family="[^"<]+" font-size="19" font-weight="700" fill="#fff">ලබ &amp; &lt;<\/text>$/,
    );
    expect(drawText('', { x: 0, y: 0, size: 10, weight: 400, paint: '' })).toBe('');
  });
});

describe('the generated images', () => {
  it('have no text element, and their words stay inside the image', () => {
    const images = [
      { svg: bankLogoSvg('Hatton National Bank', 'HNB', '#7a1f2b'), width: 120, height: 120 },
      { svg: bankThumbSvg('DFCC Bank', 'DFCC', '#c8102e'), width: 48, height: 48 },
      { svg: merchantLogoSvg('Spice Route Kitchen', '#0f766e'), width: 160, height: 160 },
      {
        svg: merchantBannerSvg('The Kingsbury Colombo Harbour Court Restaurant', '#0f766e', 3),
        width: 1200,
        height: 600,
      },
      {
        svg: houseAdSvg(
          'Never miss an offer',
          'Get a reminder the day before an offer you saved ends.',
          'Sign up',
          '#0b5cad',
          1,
        ),
        width: 300,
        height: 250,
      },
    ];
    for (const { svg, width, height } of images) {
      expect(svg).not.toContain('<text');
      const words = pathData(svg);
      expect(words.length).toBeGreaterThan(0);
      for (const data of words) {
        const { minX, maxX, minY, maxY } = box(pathPoints(data));
        expect(minX).toBeGreaterThanOrEqual(0);
        expect(maxX).toBeLessThanOrEqual(width);
        expect(minY).toBeGreaterThanOrEqual(0);
        expect(maxY).toBeLessThanOrEqual(height);
      }
    }
  });
});
