import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { AFTER_PAINT_LOADER, LARGEST_IMAGE_WAIT_MS, scriptsAfterPaint } from '../../src/build/after-paint-scripts.ts';

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

/** Runs the loader against a stand-in page: what it appends, and its frames and timers to run by hand. */
function runLoader(image?: { complete: boolean }) {
  const appended: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const listeners = new Map<string, () => void>();
  const largestImage = image && { ...image, addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) };
  const document = {
    currentScript: { getAttribute: () => '["/_astro/Header.a1.js","/_astro/Offer.b2.js"]' },
    querySelector: (selector: string) => (selector === 'img[fetchpriority=high]' ? largestImage ?? null : null),
    createElement: () => ({}),
    head: { append: (script: { src: string; type: string; async: boolean }) => appended.push(`${script.type} ${script.src} async=${script.async}`) },
  };
  runInNewContext(AFTER_PAINT_LOADER, {
    document, JSON,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  });
  /** The frames requested so far, then the zero-delay tasks they queued. */
  const paint = () => {
    for (const run of frames.splice(0)) run();
    for (const timer of timers.filter((each) => each.ms === 0)) { timers.splice(timers.indexOf(timer), 1); timer.run(); }
  };
  return { appended, frames, timers, listeners, paint };
}

const BOTH = ['module /_astro/Header.a1.js async=false', 'module /_astro/Offer.b2.js async=false'];

describe('the after-paint loader', () => {
  it('adds the page\'s scripts, in order, in a task after the next frame', () => {
    const page = runLoader();
    expect(page.appended).toEqual([]);
    expect(page.frames).toHaveLength(1);
    page.paint();
    expect(page.appended).toEqual(BOTH);
  });

  it('starts with an already loaded largest image at once', () => {
    const page = runLoader({ complete: true });
    page.paint();
    expect(page.appended).toEqual(BOTH);
  });

  it('waits for the largest image to load, or to fail, before its frame', () => {
    for (const outcome of ['load', 'error']) {
      const page = runLoader({ complete: false });
      page.paint();
      expect(page.appended, outcome).toEqual([]);
      page.listeners.get(outcome)!();
      page.paint();
      expect(page.appended, outcome).toEqual(BOTH);
    }
  });

  it('starts anyway after LARGEST_IMAGE_WAIT_MS for a stalled image, and only once', () => {
    const page = runLoader({ complete: false });
    const fallback = page.timers.find((timer) => timer.ms === LARGEST_IMAGE_WAIT_MS)!;
    expect(fallback).toBeDefined();
    fallback.run();
    page.paint();
    page.listeners.get('load')!();
    page.paint();
    expect(page.appended).toEqual(BOTH);
  });
});
