import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { AFTER_PAINT_LOADER, LARGEST_IMAGE_TIMING, LARGEST_IMAGE_WAIT_MS, PAINTED_ATTRIBUTE, scriptsAfterPaint } from '../../src/build/after-paint-scripts.ts';

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

/** Runs the loader against a stand-in page: what it appends, and the reports, frames and timers to give it by hand. */
function runLoader({ image, reports = ['element', 'paint'] }: { image?: { complete: boolean; naturalWidth: number }; reports?: string[] } = {}) {
  const appended: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const listeners = new Map<string, () => void>();
  const observers: { type: string; callback: (list: { getEntries: () => object[] }, observer: { disconnect: () => void }) => void; connected: boolean }[] = [];
  const manifest = { attributes: new Map([['data-after-paint-href', '/si/manifest.webmanifest']]), getAttribute(name: string) { return this.attributes.get(name) ?? null; }, setAttribute(name: string, value: string) { this.attributes.set(name, value); } };
  const largestImage = image && { ...image, addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) };
  const root = { attributes: new Set<string>(), setAttribute(name: string) { this.attributes.add(name); } };
  const document = {
    documentElement: root,
    currentScript: { getAttribute: () => '["/_astro/Header.a1.js","/_astro/Offer.b2.js"]' },
    querySelector: (selector: string) => (selector === `img[elementtiming="${LARGEST_IMAGE_TIMING}"]` ? largestImage ?? null : null),
    querySelectorAll: (selector: string) => (selector === 'link[data-after-paint-href]' ? [manifest] : []),
    createElement: () => ({}),
    head: { append: (script: { src: string; type: string; async: boolean }) => appended.push(`${script.type} ${script.src} async=${script.async}`) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = reports;
    constructor(private callback: (typeof observers)[number]['callback']) {}
    observe({ type, buffered }: { type: string; buffered: boolean }) {
      expect(buffered).toBe(true); // a report from before the loader ran counts too
      observers.push({ type, callback: this.callback, connected: true });
    }
  }
  const context = {
    document, JSON, PerformanceObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  runInNewContext(AFTER_PAINT_LOADER, { ...context, self: context });
  /** The browser reports entries of a type to the observers still connected. */
  const report = (type: string, ...entries: object[]) => {
    for (const observer of observers.filter((each) => each.type === type && each.connected)) {
      observer.callback({ getEntries: () => entries }, { disconnect: () => { observer.connected = false; } });
    }
  };
  return { appended, frames, timers, listeners, observers, report, manifestHref: () => manifest.getAttribute('href'), painted: () => root.attributes.has(PAINTED_ATTRIBUTE) };
}

const BOTH = ['module /_astro/Header.a1.js async=false', 'module /_astro/Offer.b2.js async=false'];

describe('the after-paint loader', () => {
  it('adds the page\'s scripts, in order, and the manifest\'s href, once the largest image is reported painted', () => {
    const page = runLoader({ image: { complete: false, naturalWidth: 0 } });
    page.report('element', { identifier: 'some-other-element' });
    expect(page.appended).toEqual([]);
    expect(page.manifestHref()).toBeNull();
    expect(page.painted()).toBe(false);
    page.report('element', { identifier: LARGEST_IMAGE_TIMING });
    expect(page.appended).toEqual(BOTH);
    expect(page.manifestHref()).toBe('/si/manifest.webmanifest');
    expect(page.painted()).toBe(true);
    expect(page.observers.every((observer) => !observer.connected)).toBe(true);
  });

  it('starts at once for a largest image that failed, before or after the loader ran', () => {
    const failedBefore = runLoader({ image: { complete: true, naturalWidth: 0 } });
    expect(failedBefore.appended).toEqual(BOTH);
    const failedAfter = runLoader({ image: { complete: false, naturalWidth: 0 } });
    expect(failedAfter.appended).toEqual([]);
    failedAfter.listeners.get('error')!();
    expect(failedAfter.appended).toEqual(BOTH);
  });

  it('waits for the first contentful paint on a page without a largest image', () => {
    const page = runLoader();
    page.report('paint', { name: 'first-paint' });
    expect(page.appended).toEqual([]);
    page.report('paint', { name: 'first-contentful-paint' });
    expect(page.appended).toEqual(BOTH);
  });

  it('falls back to a task after the next frame where the browser reports no paints', () => {
    const page = runLoader({ image: { complete: false, naturalWidth: 0 }, reports: [] });
    expect(page.frames).toHaveLength(1);
    page.frames[0]!();
    expect(page.appended).toEqual([]);
    page.timers.find((timer) => timer.ms === 0)!.run();
    expect(page.appended).toEqual(BOTH);
  });

  it('starts anyway after LARGEST_IMAGE_WAIT_MS without a report, and only once', () => {
    const page = runLoader({ image: { complete: false, naturalWidth: 0 } });
    page.timers.find((timer) => timer.ms === LARGEST_IMAGE_WAIT_MS)!.run();
    expect(page.appended).toEqual(BOTH);
    page.report('element', { identifier: LARGEST_IMAGE_TIMING });
    page.listeners.get('error')!();
    expect(page.appended).toEqual(BOTH);
  });
});
