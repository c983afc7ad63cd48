// For bench:site: how fast the site answers the visitor's first press of each control, on a slow
// phone: Chromium at 375 px with its CPU slowed as Lighthouse's runs are, calibrated to the host
// (lighthouse.ts CpuCalibration), through DevTools' Emulation.setCPUThrottlingRate.
// Each control is pressed on a freshly loaded page, as a real click (CDP input events, which the
// page sees as trusted), after the page has loaded and its islands have started. A press's figure
// varies by tens of milliseconds run to run on a two-core machine (what else the page and the
// machine do in that frame), so each control gets PRESSES fresh pages and the median is its figure;
// every press is printed beside it.
//
// The press is the mouse's own events at the control's centre, with the control on screen and the
// page settled, not Playwright's click(): before its events, click() scrolls, waits for two
// animation frames and hit-tests, and during them its own listeners run in the page (a trace of the
// favourite toggle at 4.8× had 7 ms of them inside the pointerdown). The favourite toggle's
// figure was 64–136 ms with click() and 40–56 ms with the mouse's events, eight presses each, in turn.
//
// The figure is what INP takes for an interaction: the longest Event Timing entry ('event') of the
// press (pointerdown, pointerup, click), from the input event to the next paint after its handlers.
// Event Timing reports entries of 16 ms or more only: a press with none took under 16 ms. Beside
// it, the time until the press's visible answer (a dialog shown, a card's state changed), and for
// Load more, until its request started.
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { median } from './median.ts';

export const PRESSES = 5;
const VIEWPORT = { width: 375, height: 740 };

/** Runs in the page before its own scripts: keeps every Event Timing entry of an interaction. */
const OBSERVE_EVENTS = `
  window.__eventTimings = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) window.__eventTimings.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

export interface InteractionTiming {
  name: string;
  /** The median press's figure; each press's figure is INP's: its longest event entry, 0 when none reached 16 ms. */
  eventToPaintMs: number;
  /** Each press's figure, in the order pressed. */
  pressesMs: number[];
  /** From the press to its visible answer (or, for Load more, to its request's start): the median press's. */
  answerMs: number;
  answer: string;
}

export interface Interaction {
  name: string;
  /** The origin the page is on, when not the site's (the control page's). */
  site?: string;
  /** The page to load (a path on the site). */
  path: string;
  signedIn?: boolean;
  /** What to press, once it is there. */
  press: string;
  /** Typed into `press` (focused, not clicked) instead of a click: each key is a press. */
  keys?: string;
  /** Evaluated in the page just before the press: what `answer` compares against. */
  before?: string;
  /** Scrolled into view first, as a visitor scrolls to it: its island hydrates as it nears the screen. */
  near?: string;
  /** An expression, evaluated in the page every frame after the press: the page's time of the answer once it is there. */
  answer: { name: string; at: string };
}

const SAVED = '[data-offer-list] button[aria-pressed="true"]';
const DIALOG_SHOWN = `[...document.querySelectorAll('dialog[open], [role="dialog"]')].some((d) => d.checkVisibility()) && performance.now()`;

const INTERACTIONS: Interaction[] = [
  {
    name: 'Filter button',
    path: '/',
    near: '.offer-browser',
    press: '.filter-bar:not([hidden]) .filter-bar-main',
    answer: { name: 'All filters shown', at: DIALOG_SHOWN },
  },
  {
    name: "a chip's ×",
    path: '/?bank=1',
    near: '.offer-browser',
    press: '.filter-chip button',
    answer: { name: 'chip removed', at: `!document.querySelector('.filter-chip') && performance.now()` },
  },
  {
    // Scrolled to the button itself, at the list's end, as a visitor reaches it: the banners it passes load on the way, not in the press.
    name: 'Load more',
    path: '/',
    near: '.offer-browser-more',
    press: '.offer-browser-more > button.button',
    answer: {
      name: 'request started',
      at: `performance.getEntriesByType('resource').find((r) => (r.name.includes('/api/get/offers/') || r.name.includes('/api/offers/search/')) && r.startTime > window.__pressedAt)?.startTime`,
    },
  },
  {
    name: 'offer card (modal)',
    path: '/',
    near: '.offer-browser',
    press: '[data-offer-list] .offer-card-title a',
    answer: { name: 'offer modal shown', at: DIALOG_SHOWN },
  },
  {
    name: 'favourite toggle',
    path: '/',
    signedIn: true,
    near: '.offer-browser',
    press: '[data-offer-list] button[aria-pressed="false"]',
    // One more card shown as saved than before the press: an earlier press of the bench saved another.
    answer: {
      name: 'shown as saved',
      at: `document.querySelectorAll('${SAVED}').length > window.__savedBefore && performance.now()`,
    },
  },
  {
    name: 'My Cards control',
    path: '/',
    press: '[data-my-cards-button]',
    answer: { name: 'My Cards shown', at: DIALOG_SHOWN },
  },
];

const SAVINGS_RESULTS = `document.querySelector('[data-savings-answer] .savings-results')`;
/** A bill typed into a merchant page's savings answer (issue 47): the cards ranked again, in the page, with no request. */
export const savingsAnswerPress = (merchantPath: string): Interaction => ({
  name: 'savings answer (bill)',
  path: merchantPath,
  press: '[data-savings-answer] input[name="bill"]',
  keys: '9',
  before: `window.__answerBefore = ${SAVINGS_RESULTS}.firstElementChild`,
  answer: {
    name: 'cards ranked again',
    at: `${SAVINGS_RESULTS}.firstElementChild !== window.__answerBefore && performance.now()`,
  },
});

/**
 * Presses each control PRESSES times, each on a fresh page with the CPU slowed cpuSlowdown times;
 * `session` is the stored sign-in (localStorage's text) for those that need one. `others` are
 * pressed after the site's own.
 */
export async function timeInteractions(
  siteUrl: string,
  cdpPort: number,
  session: string,
  cpuSlowdown: number,
  others: Interaction[] = [],
): Promise<InteractionTiming[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const timings: InteractionTiming[] = [];
    for (const interaction of [...INTERACTIONS, ...others]) {
      const presses: { eventToPaintMs: number; answerMs: number }[] = [];
      for (let press = 0; press < PRESSES; press++)
        presses.push(await pressOnce(browser, siteUrl, interaction, session, cpuSlowdown));
      const eventToPaint = presses.map((p) => p.eventToPaintMs);
      timings.push({
        name: interaction.name,
        eventToPaintMs: median(eventToPaint),
        pressesMs: eventToPaint,
        answerMs: median(presses.map((p) => p.answerMs)),
        answer: interaction.answer.name,
      });
    }
    return timings;
  } finally {
    await browser.close();
  }
}

/**
 * Scrolls the first element matching `selector` into view. Its island may replace the element as it
 * hydrates, between Playwright finding it and scrolling to it: then the new one is found again.
 */
async function scrollNear(page: Page, selector: string, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.locator(selector).first().scrollIntoViewIfNeeded({ timeout: 30_000 });
      return;
    } catch (error) {
      if (attempt >= attempts || !/not attached to the DOM/.test(String(error))) throw error;
    }
  }
}

/**
 * Presses the control with the mouse's events at the centre of its largest box (a link's text may
 * wrap onto lines of its own). The point is checked to be on the control first (a press that lands
 * elsewhere would time another element); a page still moving gets a few more tries.
 */
async function pressAtCentre(page: Page, control: Locator, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const point = await control.evaluate((element) => {
      const [box] = [...element.getClientRects()].sort((a, b) => b.width * b.height - a.width * a.height);
      if (!box) return undefined;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      return hit && (hit === element || element.contains(hit)) ? { x, y } : undefined;
    });
    if (point) {
      await page.mouse.move(point.x, point.y);
      await page.mouse.down();
      await page.mouse.up();
      return;
    }
    if (attempt >= attempts) {
      const html = await control.evaluate((element) => element.outerHTML.slice(0, 120));
      throw new Error(`the control to press (${html}) is not under its own centre`);
    }
    await page.waitForTimeout(200);
  }
}

/** One press on a fresh page: INP's figure and the time to the visible answer. */
async function pressOnce(
  browser: Browser,
  siteUrl: string,
  interaction: Interaction,
  session: string,
  cpuSlowdown: number,
): Promise<{ eventToPaintMs: number; answerMs: number }> {
  // bypassCSP: the page's policy refuses the bench's own code (waitForFunction evaluates a string).
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
  try {
    await context.addInitScript(
      OBSERVE_EVENTS +
        (interaction.signedIn ? `localStorage.setItem('offerlanka:session', ${JSON.stringify(session)});` : ''),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto((interaction.site ?? siteUrl) + interaction.path, { waitUntil: 'load' });
    if (interaction.near) await scrollNear(page, interaction.near);
    const control = page.locator(interaction.press).first();
    await control.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2_000); // the page settles: idle islands start, the session is checked
    // Then on screen, clear of the sticky header, as a visitor sees it before pressing: what the
    // scroll brings into view is drawn (and its images loaded) before the press, not in it.
    await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(1_000);
    await page.evaluate(
      `window.__eventTimings = []; window.__savedBefore = document.querySelectorAll('${SAVED}').length; window.__pressedAt = performance.now()`,
    );
    if (interaction.before) await page.evaluate(interaction.before);
    if (interaction.keys) {
      await control.focus();
      await page.evaluate('window.__eventTimings = []; window.__pressedAt = performance.now()');
      await page.keyboard.type(interaction.keys);
    } else await pressAtCentre(page, control);
    const answeredAt = (await (
      await page.waitForFunction(interaction.answer.at, undefined, { polling: 'raf', timeout: 30_000 })
    ).jsonValue()) as number;
    await page.waitForTimeout(500); // Event Timing reports an entry after its paint
    const entries = (await page.evaluate('window.__eventTimings')) as {
      name: string;
      start: number;
      duration: number;
    }[];
    const pressedAt =
      entries.find((entry) => entry.name === 'pointerdown')?.start ??
      ((await page.evaluate('window.__pressedAt')) as number);
    return { eventToPaintMs: Math.max(0, ...entries.map((entry) => entry.duration)), answerMs: answeredAt - pressedAt };
  } finally {
    await context.close();
  }
}

/** A verified customer's stored session (localStorage's text), made through the API and the dev SMS outbox. */
export async function customerSession(siteUrl: string): Promise<string> {
  const post = async (path: string, body: object) =>
    (
      await fetch(`${siteUrl}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const mobileNo = `77${String(Date.now()).slice(-7)}`;
  const created = await post('create/new/user', {
    firstName: 'Nimal',
    businessName: null,
    BRno: null,
    mobileNo,
    userType: 1,
    favoriteArea: [],
    termsAndCondition: true,
    password: 'Galle-Fort-Lighthouse-77',
  });
  // Refused, for one, by the sign-up rate limit when several bench runs follow one another against one server.
  if (!created.status) throw new Error(`could not sign up a customer for the bench: ${JSON.stringify(created)}`);
  const [sms] = (await (await fetch(`${siteUrl}/api/dev/sms-outbox/${mobileNo}`)).json()).data as { code: string }[];
  if (!sms) throw new Error(`no one-time code for ${mobileNo} in the dev SMS outbox`);
  const verified = await post('verify/mobile', { otpCode: sms.code, token: created.data.token });
  if (!verified.status) throw new Error(`could not sign in a customer for the bench: ${JSON.stringify(verified)}`);
  return JSON.stringify({ token: verified.token, user: verified.data });
}
