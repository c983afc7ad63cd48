// Load shedding: past API_MAX_IN_FLIGHT requests in flight, or with the event loop late by more than
// API_MAX_EVENT_LOOP_DELAY_MS on average, the three services answer 503 with Retry-After and the
// usual error shape, at once, instead of queueing; static pages are never shed, and a request only
// counts once its body has arrived.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, DEFAULT_BASES } from '../../src/server/app.ts';
import type { AppEnv } from '../../src/server/context.ts';
import { readEnv } from '../../src/server/env.ts';
import { BUSY_MESSAGE, loadShedding, type LoadShedding } from '../../src/server/http/load-shedding.ts';
import { mountSite } from '../../src/server/site/routes.ts';
import { createMemoryRateLimitStore, DEFAULT_RATE_RULES, RateLimiter } from '../../src/server/services/rate-limits.ts';
import { createTestApi, TEST_IP, type TestApi } from './harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function expectShed(answer: Response) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await answer.json()).toEqual({ status: false, message: BUSY_MESSAGE, code: 'busy' });
}

/** A small app with the middleware in front of a handler that answers when told to. */
function smallApp(shedding: LoadShedding) {
  const app = new Hono();
  app.use('*', shedding);
  let release!: () => void;
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/slow', async (c) => {
    await gate;
    return c.json({ status: true });
  });
  app.get('/fast', (c) => c.json({ status: true }));
  app.get('/fail', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ status: false, message: 'failed' }, 500));
  return {
    app,
    release() {
      release();
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

describe('the in-flight limit', () => {
  it('refuses the request past the limit with 503, Retry-After and the error shape, and lets requests through once the held ones end', async () => {
    const shedding = loadShedding({ maxInFlight: 2, maxEventLoopDelayMs: 0 });
    const { app, release } = smallApp(shedding);
    expect((await app.request('/fast')).status).toBe(200);

    const held = [app.request('/slow'), app.request('/slow')];
    await vi.waitFor(() => expect(shedding.inFlight()).toBe(2));
    await expectShed(await app.request('/fast'));
    await expectShed(await app.request('/slow'));
    expect(shedding.inFlight(), 'a refused request is not counted').toBe(2);

    release();
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
    expect(shedding.inFlight()).toBe(0);
    expect((await app.request('/fast')).status).toBe(200);
  });

  it('is given back however a request ends: an error answer, or a rejected next()', async () => {
    const shedding = loadShedding({ maxInFlight: 1, maxEventLoopDelayMs: 0 });
    const { app } = smallApp(shedding);
    for (let i = 0; i < 3; i++) expect((await app.request('/fail')).status).toBe(500);
    expect(shedding.inFlight()).toBe(0);
    // The middleware alone, with a next() that throws: the context is only used for a refusal.
    await expect(shedding({} as Context, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(shedding.inFlight()).toBe(0);
    expect((await app.request('/fast')).status).toBe(200);
  });

  it('is off at 0', async () => {
    const shedding = loadShedding({ maxInFlight: 0, maxEventLoopDelayMs: 0 });
    const { app, release } = smallApp(shedding);
    const held = Array.from({ length: 20 }, () => app.request('/slow'));
    await vi.waitFor(() => expect(shedding.inFlight()).toBe(20));
    expect((await app.request('/fast')).status).toBe(200);
    release();
    await Promise.all(held);
  });
});

describe('the event loop delay limit', () => {
  it('refuses requests while the loop was late by more than the limit over the last second, and lets them through once it is not', async () => {
    const shedding = loadShedding({ maxInFlight: 0, maxEventLoopDelayMs: 100 });
    try {
      const { app } = smallApp(shedding);
      expect((await app.request('/fast')).status).toBe(200);
      // Keep the loop busy for 2.5 s in 200 ms turns: every sample is about 200 ms late, so at least
      // one whole one-second window lies inside, whatever the windows' phase.
      const until = Date.now() + 2500;
      await new Promise<void>((resolve) => {
        const turn = () => {
          const end = Date.now() + 200;
          while (Date.now() < end) {
            /* busy */
          }
          if (Date.now() < until) setImmediate(turn);
          else resolve();
        };
        setImmediate(turn);
      });
      await expectShed(await app.request('/fast'));
      await vi.waitFor(async () => expect((await app.request('/fast')).status).toBe(200), {
        timeout: 5000,
        interval: 100,
      });
    } finally {
      shedding.stop();
    }
  }, 15_000);

  it('is not tripped by one short pause, and is off at 0', async () => {
    const shedding = loadShedding({ maxInFlight: 0, maxEventLoopDelayMs: 100 });
    const off = loadShedding({ maxInFlight: 0, maxEventLoopDelayMs: 0 });
    try {
      await sleep(200); // part of a window goes by idle
      const end = Date.now() + 300;
      while (Date.now() < end) {
        /* one 300 ms pause, such as a long GC */
      }
      await sleep(2300); // two windows end
      expect((await smallApp(shedding).app.request('/fast')).status).toBe(200);
      expect((await smallApp(off).app.request('/fast')).status).toBe(200);
    } finally {
      shedding.stop();
    }
  }, 15_000);
});

describe('through the app', () => {
  let api: TestApi;
  let siteDir: string;
  let app: Hono<AppEnv>;
  const encoder = new TextEncoder();
  const call = (path: string, init?: RequestInit) =>
    app.fetch(new Request(`http://localhost${path}`, init), { incoming: { socket: { remoteAddress: TEST_IP } } });

  /** Rate-limit checks wait until released: a sign-in, its body read, stays in flight until then. */
  let releaseSignIns = () => {};
  let checkGate = Promise.resolve();
  /** Closes the gate until releaseSignIns(). */
  const holdSignIns = () => {
    checkGate = new Promise<void>((resolve) => {
      releaseSignIns = resolve;
    });
  };
  const counters = createMemoryRateLimitStore();
  const gatedLimiter = new RateLimiter(
    {
      ...counters,
      hit: async (key, windowMs) => {
        await checkGate;
        return counters.hit(key, windowMs);
      },
    },
    DEFAULT_RATE_RULES,
  );
  const sentSignIn = () =>
    call('/api/user/authentication', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobileNo: '771234567', password: 'not-the-password' }),
    });

  /** A sign-in whose body is still being sent: the body is read before the request counts. */
  const heldSignIn = (path: string) => {
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"mobileNo":"771234567",'));
        finish = () => {
          controller.enqueue(encoder.encode('"password":"not-the-password"}'));
          controller.close();
        };
      },
    });
    const answer = call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    return { answer, finish };
  };

  beforeAll(async () => {
    api = await createTestApi({ seed: false });
    siteDir = mkdtempSync(join(tmpdir(), 'offerlanka-shedding-'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>OfferLanka</title><h1>Offers</h1>');
    // As startServer mounts them: the services, then the site around them.
    app = new Hono<AppEnv>();
    app.route(
      '/',
      createApp(
        { ...api.deps, limiter: gatedLimiter },
        { ...DEFAULT_BASES, loadShedding: { maxInFlight: 2, maxEventLoopDelayMs: 0 } },
      ),
    );
    await mountSite(app, siteDir, Object.values(DEFAULT_BASES));
  });
  afterAll(async () => {
    await api?.close();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  it('counts the three services together, sheds only API requests, and recovers', async () => {
    expect((await call('/api/get/all/banks')).status).toBe(200);
    holdSignIns();
    const held = [sentSignIn(), sentSignIn()];
    await sleep(50);

    for (const path of ['/api/get/all/banks', '/insight/top-offers-by-insight', '/demo/user/authentication']) {
      const answer = await call(
        path,
        path.startsWith('/demo')
          ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }
          : undefined,
      );
      await expectShed(answer);
      expect(answer.headers.get('cache-control'), 'a refusal is never stored').toBe('no-store');
    }
    const page = await call('/');
    expect(page.status, 'static pages are never shed').toBe(200);
    expect(await page.text()).toContain('<h1>Offers</h1>');

    releaseSignIns();
    for (const answer of held) expect((await answer).status).not.toBe(503);
    expect((await call('/api/get/all/banks')).status).toBe(200);
    expect((await call('/insight/top-offers-by-insight')).status).not.toBe(503);
  });

  it('does not count a request whose body is still arriving', async () => {
    const held = Array.from({ length: 5 }, () => heldSignIn('/api/user/authentication'));
    await sleep(50);
    expect((await call('/api/get/all/banks')).status).toBe(200);
    // Each counts once its body is in: one at a time, none is refused.
    for (const { finish, answer } of held) {
      finish();
      expect((await answer).status).not.toBe(503);
    }
  });

  it('is off when createApp is given no limits', async () => {
    const plain = new Hono<AppEnv>();
    plain.route('/', createApp({ ...api.deps, limiter: gatedLimiter }));
    const previous = app;
    app = plain;
    try {
      holdSignIns();
      const held = Array.from({ length: 5 }, () => sentSignIn());
      await sleep(50);
      expect((await call('/api/get/all/banks')).status).toBe(200);
      releaseSignIns();
      for (const answer of held) expect((await answer).status).not.toBe(503);
    } finally {
      app = previous;
    }
  });
});

describe('API_MAX_IN_FLIGHT and API_MAX_EVENT_LOOP_DELAY_MS', () => {
  it('default to 256 requests and 200 ms, and take 0 to turn a check off', () => {
    expect(readEnv({})).toMatchObject({ API_MAX_IN_FLIGHT: 256, API_MAX_EVENT_LOOP_DELAY_MS: 200 });
    expect(readEnv({ API_MAX_IN_FLIGHT: '0', API_MAX_EVENT_LOOP_DELAY_MS: '0' })).toMatchObject({
      API_MAX_IN_FLIGHT: 0,
      API_MAX_EVENT_LOOP_DELAY_MS: 0,
    });
    expect(readEnv({ API_MAX_IN_FLIGHT: '64', API_MAX_EVENT_LOOP_DELAY_MS: '500' })).toMatchObject({
      API_MAX_IN_FLIGHT: 64,
      API_MAX_EVENT_LOOP_DELAY_MS: 500,
    });
  });

  it('refuse anything but a whole number, naming the setting', () => {
    for (const value of ['-1', '1.5', 'lots', '10ms']) {
      expect(() => readEnv({ API_MAX_IN_FLIGHT: value }), value).toThrow(/API_MAX_IN_FLIGHT must be a number/);
      expect(() => readEnv({ API_MAX_EVENT_LOOP_DELAY_MS: value }), value).toThrow(
        /API_MAX_EVENT_LOOP_DELAY_MS must be a number/,
      );
    }
  });
});
