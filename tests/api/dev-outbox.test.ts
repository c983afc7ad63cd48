// The development SMS outbox answers only this machine (issue: a stranger read reset codes from
// it), production refuses the console provider, and start-up says when codes are only logged.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { createApp } from '../../src/server/app.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { consoleProviderWarning, startServer, type RunningServer } from '../../src/server/server.ts';
import { isLoopbackAddress } from '../../src/server/services/client-ip.ts';
import { expectError } from './expectations.ts';
import {
  createTestApi,
  freshMobile,
  LOOPBACK_IP,
  RUNS_ENGINE_NEUTRAL_CASES,
  signUpVerified,
  TEST_DB,
  type TestApi,
} from './harness.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';
import { newPgliteFolder } from './command-database.ts';

let api: TestApi;
let mobileNo: string;

const outboxFrom = (ip: string, headers: Record<string, string> = {}) =>
  api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip, headers });
/** A refusal that looks exactly like a path no route serves, and carries no code. */
async function expectHidden(response: Awaited<ReturnType<typeof outboxFrom>>) {
  const unknownRoute = await api.call('GET', '/api/dev/no-such-thing', { ip: LOOPBACK_IP });
  expect(response.status).toBe(404);
  expect(response.body).toEqual(unknownRoute.body);
  expect(JSON.stringify(response.body)).not.toMatch(/\d{6}/);
}

describe.runIf(RUNS_ENGINE_NEUTRAL_CASES)('GET /api/dev/sms-outbox/{mobileNo}: this machine only', () => {
  beforeAll(async () => {
    api = await createTestApi({ seed: false });
    ({ mobileNo } = await signUpVerified(api));
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers loopback connections, IPv4, IPv6 and IPv4-mapped', async () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const { status, body } = await outboxFrom(ip);
      expect(status, ip).toBe(200);
      expect(body.data[0].code).toMatch(/^\d{6}$/);
    }
  });

  it('answers any other address 404, as if the route did not exist', async () => {
    for (const ip of ['203.0.113.7', '192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '128.0.0.1', '0.0.0.0'])
      await expectHidden(await outboxFrom(ip));
  });

  it('answers 404 to a loopback connection that came through a proxy, whatever TRUST_PROXY says', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '198.51.100.4, 127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of proxied) await expectHidden(await outboxFrom(LOOPBACK_IP, headers));
    // The same app and database, behind a proxy it trusts.
    const trusting = createApp({ ...api.deps, trustProxy: true });
    const fromLoopback = (headers: Record<string, string>) =>
      trusting.request(
        `/api/dev/sms-outbox/${mobileNo}`,
        { headers },
        { incoming: { socket: { remoteAddress: LOOPBACK_IP } } },
      );
    for (const headers of proxied) expect((await fromLoopback(headers)).status, JSON.stringify(headers)).toBe(404);
    expect((await fromLoopback({})).status).toBe(200);
  });

  it('refuses before reading the number: a bad number from outside is a 404 too', async () => {
    await expectHidden(await api.call('GET', '/api/dev/sms-outbox/abc', { ip: '203.0.113.7' }));
    expectError(await api.call('GET', '/api/dev/sms-outbox/abc', { ip: LOOPBACK_IP }), 400);
  });

  it('tells loopback addresses apart', () => {
    expect(['127.0.0.1', '127.255.255.254', '::1', '::FFFF:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(
      ['126.0.0.1', '1127.0.0.1', '::2', '::ffff:192.0.2.1', 'localhost', '', 'unknown'].some(isLoopbackAddress),
    ).toBe(false);
  });
});

/** This machine's first non-loopback IPv4 address, for a real connection that is not loopback. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe.runIf(TEST_DB === 'pglite')('a real server on all interfaces with the console provider', () => {
  let server: RunningServer;
  const lines: string[] = [];
  let work: string;
  beforeAll(async () => {
    work = newPgliteFolder('outbox');
    server = await startServer({
      env: readEnv({ PORT: '0', HOST: '0.0.0.0', DATA_DIR: work, ...NO_DELAY_SHEDDING }),
      seedWhenEmpty: false,
      serveSite: false,
      log: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('says in one start-up line that codes are only logged', () => {
    const warnings = lines.filter((line) => /SMS_PROVIDER=console/.test(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/only logged/);
    expect(warnings[0]).not.toContain('\n');
  });

  it("answers the outbox over loopback, and 404 over the machine's network address", async () => {
    const path = `/api/dev/sms-outbox/${freshMobile()}`;
    const local = await fetch(`http://127.0.0.1:${server.port}${path}`);
    expect(local.status).toBe(200);
    expect(await local.json()).toEqual({ status: true, data: [] });
    const proxied = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.status).toBe(404);
    expect(outsideAddress, 'this machine needs a non-loopback IPv4 address for this test').toBeDefined();
    const outside = await fetch(`http://${outsideAddress}:${server.port}${path}`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ status: false, message: API_MESSAGES.noSuchRoute, code: 'no_such_route' });
  });

  it('logs no such line on a loopback HOST, or with the http provider', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1'])
      expect(consoleProviderWarning(readEnv({ HOST })), HOST).toBeUndefined();
    expect(
      consoleProviderWarning(
        readEnv({ HOST: '0.0.0.0', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' }),
      ),
    ).toBeUndefined();
    expect(consoleProviderWarning(readEnv({ HOST: '::' }))).toMatch(/only logged/);
  });
});

describe('production and the console provider', () => {
  it.runIf(RUNS_ENGINE_NEUTRAL_CASES)(
    'readEnv refuses SMS_PROVIDER=console with NODE_ENV=production and names the settings to give',
    () => {
      expect(() => readEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toThrow(
        /SMS_PROVIDER=console[\s\S]*SMS_PROVIDER=http and SMS_HTTP_URL/,
      );
      expect(
        readEnv({ NODE_ENV: 'production', SMS_HTTP_URL: 'https://sms.example/send', SMTP_HOST: 'smtp.example' })
          .SMS_PROVIDER,
      ).toBe('http');
      expect(readEnv({ SMS_PROVIDER: 'console' }).SMS_PROVIDER).toBe('console');
    },
  );

  it.runIf(TEST_DB === 'pglite')(
    'npm start exits with that message before opening anything',
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'offerlanka-prod-'));
      try {
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--api-only'], {
          env: {
            ...process.env,
            NODE_ENV: 'production',
            SMS_PROVIDER: 'console',
            PORT: '0',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
          },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(run.status).toBe(1);
        expect(run.stderr).toMatch(
          /SMS_PROVIDER=console only logs one-time codes and is refused when NODE_ENV=production: set SMS_PROVIDER=http and SMS_HTTP_URL/,
        );
        expect(run.stdout).not.toMatch(/OfferLanka on http/);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    90_000,
  ); // a cold tsx start of the server's graph, at the lowest priority beside the other lanes
});
