// The site's type scale (src/styles/global.css --text-*): each size and weight a page lays out is a
// font to set up before its first layout, so the styles name sizes from the scale and weights 400
// and 700 only (docs/operations.md, measurements).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

const styleFiles = execFileSync('git', ['ls-files', 'src/*.css', 'src/*.astro'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const declarations = (property: string) =>
  styleFiles.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(new RegExp(`${property}:\\s*([^;}\\n]+)`, 'g'))].map((match) => ({
      file,
      value: match[1]!.trim(),
    })),
  );
const SCALE_STEP = /^var\(--text-(xs|sm|md|lg|xl|2xl)\)$/;
/** A size between two steps of the scale as the window widens: a step on a phone and on a desktop. */
const BETWEEN_STEPS = /^clamp\(var\(--text-[a-z0-9]+\), [\d.]+vw, var\(--text-[a-z0-9]+\)\)$/;
/** The not-found page's big 404, a picture of a number rather than text to read. */
const DISPLAY_NUMBER = { file: 'src/pages/[...locale]/404.astro', value: 'clamp(4rem, 18vw, 7rem)' };

it('gives every font size a step of the type scale', () => {
  const sizes = declarations('font-size');
  expect(sizes.length).toBeGreaterThan(100);
  const offScale = sizes.filter(
    ({ file, value }) =>
      !SCALE_STEP.test(value) &&
      !BETWEEN_STEPS.test(value) &&
      !(file === DISPLAY_NUMBER.file && value === DISPLAY_NUMBER.value),
  );
  expect(offScale).toEqual([]);
});

it('gives every font weight 400 or 700', () => {
  const weights = declarations('font-weight');
  expect(weights.length).toBeGreaterThan(50);
  expect(weights.filter(({ value }) => !['400', '700', 'inherit', 'normal', 'bold'].includes(value))).toEqual([]);
});

it('defines the scale once, in the global styles', () => {
  const definitions = styleFiles.filter((file) => /--text-md:/.test(readFileSync(file, 'utf8')));
  expect(definitions).toEqual(['src/styles/global.css']);
});
