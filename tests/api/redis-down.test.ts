// REDIS_URL set but Redis not answering: limited routes answer at once (no offline queue, no
// retries, a 100 ms command timeout), the limits still hold in this process's memory, and the
// team's Overview says Redis is unreachable. With Redis up, it says connected.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { createRedisRateLimitStore, DEFAULT_RATE_RULES } from '../../src/server/services/rate-limits.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError } from './expectations.ts';
import { createTestApi, freshMobile, STRONG_PASSWORD, type TestApi } from './harness.ts';

/**
 * Far above the 100 ms a call may wait on Redis, far below the seconds of retries it used to wait
 * (ioredis's 20 by default, each a reconnect up to 2 s apart): room for a sign-in's password hash
 * on a machine whose other test lanes take most of the CPU.
 */
const ANSWERS_WITHIN_MS = 3000;
const CODE_CHECKS = 3;
const rateRules = { codeCheckPerIp: { ...DEFAULT_RATE_RULES.codeCheckPerIp, limit: CODE_CHECKS } };

/** A port nothing listens on: listened on once, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A call, with how long it took. */
async function timed(api: TestApi, ...args: Parameters<TestApi['call']>) {
  const started = performance.now();
  const res = await api.call(...args);
  return { res, ms: performance.now() - started };
}

async function teamToken(api: TestApi, ip: string) {
  const mobileNo = freshMobile();
  await createOrPromoteTeamMember(api.handle.db, { mobileNo, firstName: 'Tharushi', password: STRONG_PASSWORD });
  const res = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD }, ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/** Wrong codes against one sign-up from `ip`: each answered quickly, the ones past the limit refused with 429. */
async function expectCodeGuessesLimited(api: TestApi, ip: string) {
  const created = await api.call('POST', '/api/create/new/user', {
    body: {
      firstName: 'Nimal',
      businessName: null,
      BRno: null,
      mobileNo: freshMobile(),
      userType: 1,
      favoriteArea: [],
      termsAndCondition: true,
      password: STRONG_PASSWORD,
    },
    ip,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const statuses: number[] = [];
  for (let guess = 0; guess < 10; guess++) {
    const { res, ms } = await timed(api, 'POST', '/api/verify/mobile', {
      body: { otpCode: '000000', token: created.body.data.token },
      ip,
    });
    expect(ms, `guess ${guess + 1} took ${Math.round(ms)} ms`).toBeLessThan(ANSWERS_WITHIN_MS);
    statuses.push(res.status);
    if (guess >= CODE_CHECKS) expectError(res, 429, API_MESSAGES.rateLimited(15));
  }
  expect(statuses.slice(0, CODE_CHECKS)).not.toContain(429);
}

describe('REDIS_URL on a port where nothing answers', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({
      seed: false,
      rateRules,
      rateLimitStore: createRedisRateLimitStore(
        `redis://127.0.0.1:${await closedPort()}`,
        'offerlanka:test:',
        () => {},
      ),
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers every code guess at once, and refuses those past the limit in this process', async () => {
    await expectCodeGuessesLimited(api, '198.51.100.21');
  });

  it('still refuses sign-ins past the per-address limit, each answered at once', async () => {
    const ip = '198.51.100.22';
    const { limit } = DEFAULT_RATE_RULES.signInPerIp;
    for (let attempt = 1; attempt <= limit + 1; attempt++) {
      // A different unknown number each time: only the per-address limit counts them all.
      const { res, ms } = await timed(api, 'POST', '/api/user/authentication', {
        body: { mobileNo: freshMobile(), password: 'not-the-password' },
        ip,
      });
      expect(ms).toBeLessThan(ANSWERS_WITHIN_MS);
      if (attempt <= limit) expect(res.status).not.toBe(429);
      else expectError(res, 429, API_MESSAGES.rateLimited(15));
    }
  });

  it('shows Redis unreachable on the team Overview, since a time', async () => {
    const before = Date.now();
    const token = await teamToken(api, '198.51.100.23');
    const { body } = await api.call('GET', '/api/team/overview', { token });
    expect(body.data.redis.state).toBe('unreachable');
    expect(Date.parse(body.data.redis.since)).toBeLessThanOrEqual(before);
  });
});

describe('without REDIS_URL', () => {
  it('shows Redis not configured on the team Overview', async () => {
    const api = await createTestApi({ seed: false });
    try {
      const { body } = await api.call('GET', '/api/team/overview', { token: await teamToken(api, '198.51.100.24') });
      expect(body.data.redis).toEqual({ state: 'not_configured', since: null });
    } finally {
      await api.close();
    }
  });
});

/**
 * Between the store and a real Redis: forwards both ways until `stall()`, after which it keeps the
 * connections open and drops every byte, as a Redis that hangs or a network that loses packets.
 */
async function stallingRelay(target: URL) {
  let stalled = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    stall: () => {
      stalled = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(process.env.TEST_REDIS_URL)('Redis that stops answering while connected', () => {
  let api: TestApi;
  let relay: Awaited<ReturnType<typeof stallingRelay>>;
  beforeAll(async () => {
    relay = await stallingRelay(new URL(process.env.TEST_REDIS_URL!));
    const store = createRedisRateLimitStore(relay.url, `offerlanka:test:${Math.random()}:`, () => {});
    api = await createTestApi({ seed: false, rateRules, rateLimitStore: store });
    await vi.waitFor(() => expect(store.state().state).toBe('connected'), { timeout: 5000 });
  });
  afterAll(async () => {
    await api?.close();
    await relay?.close();
  });

  it('shows connected, then answers each guess at once once Redis hangs, refusing those past the limit, and shows unreachable', async () => {
    const token = await teamToken(api, '198.51.100.25');
    // A loaded machine can miss the 100 ms deadline once; the next answer from Redis shows it connected again.
    await vi.waitFor(
      async () =>
        expect((await api.call('GET', '/api/team/overview', { token })).body.data.redis).toEqual({
          state: 'connected',
          since: null,
        }),
      { timeout: 10_000 },
    );
    relay.stall();
    await expectCodeGuessesLimited(api, '198.51.100.26');
    // The overview's own limit check waits on Redis too: it is answered from memory as well.
    const { res, ms } = await timed(api, 'GET', '/api/team/overview', { token });
    expect(ms).toBeLessThan(ANSWERS_WITHIN_MS);
    expect(res.body.data.redis.state).toBe('unreachable');
  });
});
