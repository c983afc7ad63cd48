import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import {
  AFTER_PAINT_LOADER,
  HELD_PRESS_CONTROLS,
  LARGEST_IMAGE_TIMING,
  LARGEST_IMAGE_WAIT_MS,
  PAINTED_ATTRIBUTE,
  scriptsAfterPaint,
} from '../../src/build/after-paint-scripts.ts';

const loader = `<script data-after-paint-scripts>${AFTER_PAINT_LOADER}</script>`;
const page = (body: string) =>
  `<!doctype html><html><head><script type="module" src="/_astro/Header.a1.js"></script></head><body>${body}</body></html>`;

describe('scriptsAfterPaint', () => {
  it("moves the page's module script tags, in order, onto the loader, and leaves the rest as it was", () => {
    const html = page(
      `<main>x</main><script type="module">inline()</script><script type="module" src="/_astro/Offer.b2.js"></script>${loader}`,
    );
    const moved = scriptsAfterPaint(html);
    expect(moved).not.toContain('<script type="module" src=');
    expect(moved).toContain('<main>x</main><script type="module">inline()</script>');
    expect(moved).toContain(
      `<script data-after-paint-scripts='["/_astro/Header.a1.js","/_astro/Offer.b2.js"]'>${AFTER_PAINT_LOADER}</script>`,
    );
  });

  it('leaves a page without the loader as it is', () => {
    const html = page('<main>x</main>');
    expect(scriptsAfterPaint(html)).toBe(html);
  });

  it("keeps the loader's code, and so its hash in the page's policy, whatever the page lists", () => {
    const code = (html: string) => html.match(/<script data-after-paint-scripts='[^']*'>(.*?)<\/script>/)?.[1];
    const hash = (html: string) => createHash('sha256').update(code(html)!).digest('base64');
    expect(hash(scriptsAfterPaint(page(loader)))).toBe(
      hash(scriptsAfterPaint(page(`<script type="module" src="/_astro/Other.c3.js"></script>${loader}`))),
    );
  });
});

/** Runs the loader against a stand-in page: what it appends, and the reports, frames and timers to give it by hand. */
function runLoader({
  image,
  reports = ['element', 'paint'],
  scripts = '["/_astro/Header.a1.js","/_astro/Offer.b2.js"]',
}: { image?: { complete: boolean; naturalWidth: number }; reports?: string[]; scripts?: string } = {}) {
  const appended: string[] = [];
  /** The load and error listeners of each script added. */
  const scriptListeners: Map<string, () => void>[] = [];
  let clickListener: ((event: object) => void) | undefined;
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const listeners = new Map<string, () => void>();
  const observers: {
    type: string;
    callback: (list: { getEntries: () => object[] }, observer: { disconnect: () => void }) => void;
    connected: boolean;
  }[] = [];
  const manifest = {
    attributes: new Map([['data-after-paint-href', '/si/manifest.webmanifest']]),
    getAttribute(name: string) {
      return this.attributes.get(name) ?? null;
    },
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    },
  };
  const largestImage = image && {
    ...image,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  const root = {
    attributes: new Set<string>(),
    setAttribute(name: string) {
      this.attributes.add(name);
    },
  };
  const document = {
    documentElement: root,
    currentScript: { getAttribute: () => scripts },
    addEventListener: (type: string, listener: (event: object) => void, capture: boolean) => {
      expect([type, capture]).toEqual(['click', true]); // before any of the page's own listeners
      clickListener = listener;
    },
    querySelector: (selector: string) =>
      selector === `img[elementtiming="${LARGEST_IMAGE_TIMING}"]` ? (largestImage ?? null) : null,
    querySelectorAll: (selector: string) => (selector === 'link[data-after-paint-href]' ? [manifest] : []),
    createElement: () => {
      const listeners = new Map<string, () => void>();
      scriptListeners.push(listeners);
      return { addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) };
    },
    head: {
      append: (script: { src: string; type: string; async: boolean }) =>
        appended.push(`${script.type} ${script.src} async=${script.async}`),
    },
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
    document,
    JSON,
    PerformanceObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  runInNewContext(AFTER_PAINT_LOADER, { ...context, self: context });
  /** The browser reports entries of a type to the observers still connected. */
  const report = (type: string, ...entries: object[]) => {
    for (const observer of observers.filter((each) => each.type === type && each.connected)) {
      observer.callback(
        { getEntries: () => entries },
        {
          disconnect: () => {
            observer.connected = false;
          },
        },
      );
    }
  };
  /** A press on a control (undefined: on something that is none of HELD_PRESS_CONTROLS); what the loader did with it. */
  const press = (control: { click: () => void } | undefined, keys: { button?: number; ctrlKey?: boolean } = {}) => {
    const done = { held: false, stopped: false };
    clickListener!({
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      ...keys,
      target: { closest: (selector: string) => (selector === HELD_PRESS_CONTROLS ? (control ?? null) : null) },
      preventDefault: () => {
        done.held = true;
      },
      stopImmediatePropagation: () => {
        done.stopped = true;
      },
    });
    return done;
  };
  /** The last script added ran ('load') or failed ('error'). */
  const lastScript = (type: 'load' | 'error') => scriptListeners.at(-1)!.get(type)!();
  return {
    appended,
    frames,
    timers,
    listeners,
    observers,
    report,
    press,
    lastScript,
    manifestHref: () => manifest.getAttribute('href'),
    painted: () => root.attributes.has(PAINTED_ATTRIBUTE),
  };
}

const BOTH = ['module /_astro/Header.a1.js async=false', 'module /_astro/Offer.b2.js async=false'];

describe('the after-paint loader', () => {
  it("adds the page's scripts, in order, and the manifest's href, once the largest image is reported painted", () => {
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

  it('holds a press on a control before the scripts have run, starts them at once, and gives it again once the last has run', () => {
    const page = runLoader({ image: { complete: false, naturalWidth: 0 } });
    const card = {
      isConnected: true,
      clicks: 0,
      click() {
        this.clicks++;
      },
    };
    expect(page.press(card)).toEqual({ held: true, stopped: true });
    expect(page.appended).toEqual(BOTH);
    expect(card.clicks).toBe(0);
    page.lastScript('load');
    expect(card.clicks).toBe(1);
    // From then on the page's own code has the presses.
    expect(page.press(card)).toEqual({ held: false, stopped: false });
    expect(card.clicks).toBe(1);
  });

  it('gives the held press again when the last script failed, so that a link is still followed', () => {
    const page = runLoader();
    const link = {
      isConnected: true,
      clicks: 0,
      click() {
        this.clicks++;
      },
    };
    page.press(link);
    page.lastScript('error');
    expect(link.clicks).toBe(1);
  });

  it("drops the held press when the scripts replaced that control meanwhile (a guest's link that became a toggle)", () => {
    const page = runLoader();
    const link = {
      isConnected: true,
      clicks: 0,
      click() {
        this.clicks++;
      },
    };
    page.press(link);
    link.isConnected = false;
    page.lastScript('load');
    expect(link.clicks).toBe(0);
  });

  it('leaves alone a press with a modifier key or another button, and one on anything else', () => {
    const page = runLoader();
    const link = {
      isConnected: true,
      clicks: 0,
      click() {
        this.clicks++;
      },
    };
    expect(page.press(link, { ctrlKey: true })).toEqual({ held: false, stopped: false });
    expect(page.press(link, { button: 1 })).toEqual({ held: false, stopped: false });
    expect(page.press(undefined)).toEqual({ held: false, stopped: false });
    expect(page.appended).toEqual([]);
  });

  it('on a page without module scripts, holds nothing once started', () => {
    const page = runLoader({ scripts: '[]' });
    page.report('paint', { name: 'first-contentful-paint' });
    expect(page.painted()).toBe(true);
    expect(
      page.press({
        click() {
          throw new Error('not held');
        },
      }),
    ).toEqual({ held: false, stopped: false });
  });
});
