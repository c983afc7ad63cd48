import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, scriptsAfterPaint } from '../../src/build/after-paint-scripts.ts';

const loader = `<script data-after-paint-scripts>${AFTER_PAINT_LOADER}</script>`;
const page = (body: string) => `<!doctype html><html><head><script type="module" src="/_astro/Header.a1.js"></script></head><body>${body}</body></html>`;

describe('scriptsAfterPaint', () => {
  it('moves the page\'s module script tags, in order, onto the loader, and leaves the rest as it was', () => {
    const html = page(`<main>x</main><script type="module">inline()</script><script type="module" src="/_astro/Offer.b2.js"></script>${loader}`);
    const moved = scriptsAfterPaint(html);
    expect(moved).not.toContain('<script type="module" src=');
    expect(moved).toContain('<main>x</main><script type="module">inline()</script>');
    expect(moved).toContain(`<script data-after-paint-scripts='["/_astro/Header.a1.js","/_astro/Offer.b2.js"]'>${AFTER_PAINT_LOADER}</script>`);
  });

  it('leaves a page without the loader as it is', () => {
    const html = page('<main>x</main>');
    expect(scriptsAfterPaint(html)).toBe(html);
  });

  it('keeps the loader\'s code, and so its hash in the page\'s policy, whatever the page lists', () => {
    const code = (html: string) => html.match(/<script data-after-paint-scripts='[^']*'>(.*?)<\/script>/)?.[1];
    const hash = (html: string) => createHash('sha256').update(code(html)!).digest('base64');
    expect(hash(scriptsAfterPaint(page(loader)))).toBe(hash(scriptsAfterPaint(page(`<script type="module" src="/_astro/Other.c3.js"></script>${loader}`))));
  });
});
