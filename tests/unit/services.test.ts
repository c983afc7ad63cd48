import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { HttpFailure } from '../../src/server/errors.ts';
import { readEnv } from '../../src/server/env.ts';
import { clientIp } from '../../src/server/services/client-ip.ts';
import { decodeUploadedImage } from '../../src/server/services/images.ts';
import { isStrongEnough } from '../../src/server/services/passwords.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  DEFAULT_RATE_RULES,
  RateLimiter,
  SIGN_IN_SLOW_DOWN,
  slowDownWaitMs,
  type RateLimitStore,
} from '../../src/server/services/rate-limits.ts';
import { ResponseCache } from '../../src/server/services/response-cache.ts';
import { createConsoleSmsProvider, createHttpSmsProvider } from '../../src/server/services/sms.ts';

const tightRules = { ...DEFAULT_RATE_RULES, signInPerIp: { limit: 2, windowMs: 60_000 } };

async function expectRejected(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpFailure);
  expect((error as HttpFailure).httpStatus).toBe(status);
  return error as HttpFailure;
}

describe('rate limiter', () => {
  it('lets the limit through, then answers 429 with a retry time, per subject', async () => {
    const limiter = new RateLimiter(createMemoryRateLimitStore(), tightRules);
    await limiter.check('signInPerIp', '203.0.113.1');
    await limiter.check('signInPerIp', '203.0.113.1');
    const error = await expectRejected(limiter.check('signInPerIp', '203.0.113.1'), 429);
    expect(error.extra.retryAfterSeconds).toBe(60);
    await limiter.check('signInPerIp', '203.0.113.2');
  });

  it('starts a new window when the old one ends', async () => {
    // The clock stands still between the hits, so a busy machine cannot end the window early.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const store = createMemoryRateLimitStore();
      expect(await store.hit('k', 30)).toBe(1);
      vi.advanceTimersByTime(29);
      expect(await store.hit('k', 30)).toBe(2);
      vi.advanceTimersByTime(1);
      expect(await store.hit('k', 30)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be switched off', async () => {
    const limiter = new RateLimiter(createMemoryRateLimitStore(), tightRules, false);
    for (let i = 0; i < 5; i++) await limiter.check('signInPerIp', 'x');
  });

  it('lets requests through when the counter store is down', async () => {
    const down = async () => {
      throw new Error('down');
    };
    const broken: RateLimitStore = { hit: down, mark: down, remainingMs: down, clear: down, close: async () => {} };
    const limiter = new RateLimiter(broken, tightRules);
    for (let i = 0; i < 5; i++) await limiter.check('signInPerIp', 'x');
    for (let i = 0; i < 20; i++) {
      await limiter.checkSignInWait('771234567', 'x');
      await limiter.signInFailed('771234567', 'x');
    }
    await limiter.signInSucceeded('771234567', 'x');
  });
});

describe('sign-in slow-down', () => {
  const rule = { freeFailures: 3, firstWaitMs: 1000, maxWaitMs: 10_000, windowMs: 60_000 };

  it('costs nothing for the free failures, then doubles the wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => slowDownWaitMs(rule, failures))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(slowDownWaitMs(rule, 10_000)).toBe(10_000);
  });

  it('keeps the defaults within NIST SP 800-63B: at most 100 failures a day, waits of minutes, not a lock-out', () => {
    for (const slowDown of [SIGN_IN_SLOW_DOWN.perMobileAndIp, SIGN_IN_SLOW_DOWN.perMobile]) {
      // An attacker who tries again the moment each wait ends.
      let failures = 0;
      for (let elapsed = 0; elapsed < slowDown.windowMs; failures++) elapsed += slowDownWaitMs(slowDown, failures + 1);
      expect(failures).toBeLessThanOrEqual(100);
      expect(slowDown.maxWaitMs).toBeLessThanOrEqual(30 * 60_000);
    }
    expect(SIGN_IN_SLOW_DOWN.perMobileAndIp.freeFailures).toBeLessThan(SIGN_IN_SLOW_DOWN.perMobile.freeFailures);
  });

  it('answers 429 with the wait while it runs, per number and address', async () => {
    const limiter = new RateLimiter(createMemoryRateLimitStore(), DEFAULT_RATE_RULES, true, {
      ...SIGN_IN_SLOW_DOWN,
      perMobileAndIp: { ...rule, freeFailures: 1, firstWaitMs: 5000 },
    });
    await limiter.checkSignInWait('771234567', '203.0.113.1');
    await limiter.signInFailed('771234567', '203.0.113.1');
    const error = await expectRejected(limiter.checkSignInWait('771234567', '203.0.113.1'), 429);
    expect(error.extra.retryAfterSeconds).toBe(5);
    expect(error.message).toBe(API_MESSAGES.signInWait(5));
    expect([error.code, error.params]).toEqual(['sign_in_wait', { seconds: 5 }]);
    await limiter.checkSignInWait('771234567', '203.0.113.2');
    await limiter.checkSignInWait('771234568', '203.0.113.1');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis rate-limit store', () => {
  const stores: RateLimitStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  /**
   * A store once its connection is ready: until then it counts in this process's memory. Its commands
   * may take 5 s, not 100 ms: on a busy machine one would otherwise be counted in memory, unshared.
   */
  const connectedStore = async (prefix: string) => {
    const store = createRedisRateLimitStore(process.env.TEST_REDIS_URL!, prefix, () => {}, 5000);
    stores.push(store);
    await vi.waitFor(() => expect(store.state()).toEqual({ state: 'connected' }), { timeout: 5000 });
    return store;
  };

  it('shares one counter between two API processes (two clients)', async () => {
    const prefix = `offerlanka:test:${Date.now()}:${Math.random()}:`;
    const first = await connectedStore(prefix);
    const second = await connectedStore(prefix);
    const a = new RateLimiter(first, tightRules);
    const b = new RateLimiter(second, tightRules);
    await a.check('signInPerIp', '198.51.100.9');
    await b.check('signInPerIp', '198.51.100.9');
    await expectRejected(a.check('signInPerIp', '198.51.100.9'), 429);
    await expectRejected(b.check('signInPerIp', '198.51.100.9'), 429);
  });

  it('shares a sign-in wait between two API processes, and clears it', async () => {
    const prefix = `offerlanka:test:${Date.now()}:${Math.random()}:`;
    const first = await connectedStore(prefix);
    const second = await connectedStore(prefix);
    const slowDown = {
      ...SIGN_IN_SLOW_DOWN,
      perMobileAndIp: { freeFailures: 2, firstWaitMs: 60_000, maxWaitMs: 60_000, windowMs: 60_000 },
    };
    const a = new RateLimiter(first, DEFAULT_RATE_RULES, true, slowDown);
    const b = new RateLimiter(second, DEFAULT_RATE_RULES, true, slowDown);
    await a.signInFailed('771234567', '198.51.100.9');
    await b.signInFailed('771234567', '198.51.100.9');
    const error = await expectRejected(a.checkSignInWait('771234567', '198.51.100.9'), 429);
    expect(error.extra.retryAfterSeconds).toBe(60);
    expect(await second.remainingMs('signInWait:771234567:198.51.100.9')).toBeGreaterThan(59_000);
    await b.signInSucceeded('771234567', '198.51.100.9');
    await a.checkSignInWait('771234567', '198.51.100.9');
    expect(await first.remainingMs('signInKnown:771234567:198.51.100.9')).toBeGreaterThan(0);
  });

  it('expires the window', async () => {
    const store = await connectedStore(`offerlanka:test:${Math.random()}:`);
    // Long enough that two hits in a row fall in one window on a busy machine.
    const windowMs = 2_000;
    expect(await store.hit('w', windowMs)).toBe(1);
    expect(await store.hit('w', windowMs)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, windowMs + 100));
    expect(await store.hit('w', windowMs)).toBe(1);
  });
});

describe('Redis rate-limit store with Redis unreachable', () => {
  it('counts in memory at once, says since when Redis is unreachable, and logs that once', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const lines: string[] = [];
    const before = Date.now();
    const store = createRedisRateLimitStore(`redis://127.0.0.1:${port}`, 'offerlanka:test:', (line) =>
      lines.push(line),
    );
    try {
      await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 10_000 });
      expect(lines[0]).toMatch(/^\[redis\] unreachable .*per process/);
      for (let n = 1; n <= 3; n++) expect(await store.hit('k', 60_000)).toBe(n);
      await store.mark('m', 60_000);
      expect(await store.remainingMs('m')).toBeGreaterThan(59_000);
      const state = store.state();
      expect(state.state).toBe('unreachable');
      expect(state.state === 'unreachable' && state.since.getTime()).toBeGreaterThanOrEqual(before);
      await new Promise((resolve) => setTimeout(resolve, 500)); // several reconnect attempts fail
      expect(lines, 'each failed reconnect is not logged again').toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

describe('response cache', () => {
  it('produces once per TTL and shares concurrent misses', async () => {
    const cache = new ResponseCache(60_000);
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { n: calls };
    };
    const [a, b] = await Promise.all([cache.json('k', produce), cache.json('k', produce)]);
    expect(a).toBe('{"n":1}');
    expect(b).toBe(a);
    expect(await cache.json('k', produce)).toBe('{"n":1}');
    expect(calls).toBe(1);
    cache.clear();
    expect(await cache.json('k', produce)).toBe('{"n":2}');
  });

  it('does not keep failures, and a TTL of 0 turns it off', async () => {
    const cache = new ResponseCache(60_000);
    await expect(
      cache.remember('bad', async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await cache.remember('bad', async () => 'ok')).toBe('ok');
    const off = new ResponseCache(0);
    let calls = 0;
    await off.remember('k', async () => ++calls);
    await off.remember('k', async () => ++calls);
    expect(calls).toBe(2);
  });
});

describe('image uploads', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

  it('recognises PNG and JPEG by their bytes and names them itself', () => {
    const a = decodeUploadedImage(png.toString('base64'));
    expect(a.contentType).toBe('image/png');
    expect(a.name).toMatch(/^upload-[0-9a-f-]{36}\.png$/);
    expect(a.bytes.equals(png)).toBe(true);
    const b = decodeUploadedImage(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
    expect(b.contentType).toBe('image/jpeg');
    expect(b.name.endsWith('.jpg')).toBe(true);
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a....').toString('base64')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')],
    ['a PNG name on text', `data:image/png;base64,${Buffer.from('hello').toString('base64')}`],
    ['not base64', '!!!not base64!!!'],
    ['nothing', ''],
  ])('refuses %s with 400', (_what, base64) => {
    expect(() => decodeUploadedImage(base64)).toThrow(HttpFailure);
  });
});

describe('client IP', () => {
  const ipOf = async (trustProxy: boolean, forwarded?: string) => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientIp(c, trustProxy)));
    const response = await app.request(
      '/',
      { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} },
      { incoming: { socket: { remoteAddress: '192.0.2.10' } } as IncomingMessage },
    );
    return response.text();
  };

  it('takes the connection address and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    expect(await ipOf(false, '198.51.100.1')).toBe('192.0.2.10');
    expect(await ipOf(true, '198.51.100.1, 198.51.100.2')).toBe('198.51.100.2');
    expect(await ipOf(true)).toBe('192.0.2.10');
  });
});

describe('SMS providers', () => {
  it('console provider keeps an outbox per number, newest first', async () => {
    const lines: string[] = [];
    const sms = createConsoleSmsProvider((line) => lines.push(line));
    await sms.send({ mobileNo: '771234567', code: '111111', message: 'first' });
    await sms.send({ mobileNo: '771234567', code: '222222', message: 'second' });
    expect(sms.outbox!('771234567').map((m) => m.code)).toEqual(['222222', '111111']);
    expect(sms.outbox!('770000000')).toEqual([]);
    expect(lines).toHaveLength(2);
  });

  it('http provider posts to the gateway and fails on an error answer', async () => {
    const received: { auth?: string; body: string }[] = [];
    let answer = 200;
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    try {
      const sms = createHttpSmsProvider(url, 'secret');
      await sms.send({ mobileNo: '771234567', code: '123456', message: 'hello' });
      expect(received[0]).toEqual({
        auth: 'Bearer secret',
        body: JSON.stringify({ to: '+94771234567', message: 'hello' }),
      });
      answer = 500;
      await expect(sms.send({ mobileNo: '771234567', code: '1', message: 'x' })).rejects.toThrow('500');
    } finally {
      gateway.close();
    }
  });
});

describe('environment', () => {
  it('has defaults for the embedded setup', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      PORT: 4321,
      DATA_DIR: 'data',
      SMS_PROVIDER: 'console',
      API_BASE: '/api',
      RESPONSE_CACHE_TTL_MS: 5000,
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset and names every wrong one', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('reads IMPORT_ALLOWED_HOSTS as host names or host:port, none by default, and refuses anything else at start-up', () => {
    expect(readEnv({}).IMPORT_ALLOWED_HOSTS).toEqual([]);
    expect(readEnv({ IMPORT_ALLOWED_HOSTS: 'partner.lan, 10.1.2.3:8443,[fd00::1]:80' }).IMPORT_ALLOWED_HOSTS).toEqual([
      'partner.lan',
      '10.1.2.3:8443',
      '[fd00::1]:80',
    ]);
    expect(() => readEnv({ IMPORT_ALLOWED_HOSTS: 'partner.lan,http://10.0.0.1/' })).toThrow(
      /IMPORT_ALLOWED_HOSTS must be host names or host:port/,
    );
  });

  it('follows HOST and PORT for SITE_URL when it is unset', () => {
    expect(readEnv({}).SITE_URL).toBe('http://localhost:4321');
    expect(readEnv({ PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    for (const HOST of ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'])
      expect(readEnv({ PORT: '8080', HOST }).SITE_URL, HOST).toBe('http://localhost:8080');
    expect(readEnv({ PORT: '8080', HOST: 'offers.example.lk' }).SITE_URL).toBe('http://offers.example.lk:8080');
    expect(readEnv({ PORT: '8080', HOST: '192.0.2.10' }).SITE_URL).toBe('http://192.0.2.10:8080');
    expect(readEnv({ PORT: '8080', HOST: '2001:db8::1' }).SITE_URL).toBe('http://[2001:db8::1]:8080');
    expect(readEnv({ PORT: '8080' }).CORS_ORIGINS).toEqual(['http://localhost:8080']);
    expect(readEnv({ PORT: '8080', SITE_URL: 'https://offerlanka.lk' }).SITE_URL).toBe('https://offerlanka.lk');
  });

  it('takes the full rebuild schedule as a cron pattern, nightly by default', () => {
    expect(readEnv({}).SITE_REBUILD_CRON).toBe('0 3 * * *');
    expect(readEnv({ SITE_REBUILD_CRON: '30 2 * * 1' }).SITE_REBUILD_CRON).toBe('30 2 * * 1');
    expect(() => readEnv({ SITE_REBUILD_CRON: 'every night' })).toThrow(/SITE_REBUILD_CRON must be a cron pattern/);
    expect(() => readEnv({ SITE_REBUILD_CRON: '0 25 * * *' })).toThrow(/SITE_REBUILD_CRON must be a cron pattern/);
  });

  it('needs a gateway URL for the http SMS provider and uses it by default in production', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/SMS_HTTP_URL/);
    expect(
      readEnv({ NODE_ENV: 'production', SMS_HTTP_URL: 'https://sms.example/send', SMTP_HOST: 'smtp.example' })
        .SMS_PROVIDER,
    ).toBe('http');
  });
});

describe('password strength', () => {
  it('uses zxcvbn with the user inputs', () => {
    expect(isStrongEnough('Kandy-Lake-Sunset-42', [])).toBe(true);
    expect(isStrongEnough('Password1', [])).toBe(false);
    expect(isStrongEnough('Nimal771234567', ['Nimal', '771234567'])).toBe(false);
  });
});

describe('response cache expiry', () => {
  // The cache's clock only (Date) moves by hand: a busy machine's late timers cannot push a step past the stale window.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers an expired entry once more while one refresh runs, then the fresh value', async () => {
    const cache = new ResponseCache(40);
    let version = 0;
    let release: () => void = () => {};
    const produce = async () => {
      version += 1;
      const mine = version;
      if (mine > 1)
        await new Promise<void>((resolve) => {
          release = resolve;
        }); // refreshes wait for release()
      return mine;
    };
    expect(await cache.remember('k', produce)).toBe(1);
    vi.setSystemTime(Date.now() + 50); // expired, still within the stale window
    expect(await cache.remember('k', produce)).toBe(1); // answered although the refresh is blocked
    expect(await cache.remember('k', produce)).toBe(1);
    expect(version).toBe(2); // one refresh for both
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.remember('k', produce)).toBe(2);
    vi.setSystemTime(Date.now() + 100); // past the stale window: waits for a fresh value
    const fresh = cache.remember('k', produce);
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await fresh).toBe(3);
  });
});
