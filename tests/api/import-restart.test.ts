// A server killed (SIGKILL) in the middle of an import: at the next start its run reads failed and
// the source can run at once, on PGlite and PostgreSQL. A run of another live process is left alone.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ky from 'ky';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { importSources } from '../../src/server/db/schema.ts';
import { seedIfEmpty } from '../../src/server/seed/index.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.ts';
import { commandDatabase } from './command-database.ts';
import { STRONG_PASSWORD, TEST_DB } from './harness.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';

const database = commandDatabase('import_restart');
const SOURCE = 'stalled-feed';
const MOBILE = '771234595';
let feeds: FixtureServer;
const children: ChildProcess[] = [];

async function start() {
  const server = await startServerProcess(
    ['--import', 'tsx', 'scripts/start.ts', '--api-only'],
    {
      ...database.env(),
      PORT: '0',
      HOST: '127.0.0.1',
      SMS_PROVIDER: 'console',
      ...NO_DELAY_SHEDDING,
      IMPORT_INTERVAL_HOURS: '0',
      IMPORT_HOST_DELAY_MS: '0',
      // The fixture feed is on this machine, which the importers would otherwise refuse to fetch from.
      IMPORT_ALLOWED_HOSTS: '127.0.0.1',
    },
    { timeoutMs: 120_000 },
  );
  children.push(server.child);
  return server;
}

/** Load shedding answers 503 with Retry-After while a busy machine delays the server: ky asks again, as a client would. */
const BUSY_RETRY = { limit: 5, methods: ['get', 'post'], statusCodes: [503], afterStatusCodes: [503] };

async function call(url: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await ky(`${url}/api${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    json: body,
    retry: BUSY_RETRY,
    throwHttpErrors: false,
  });
  return { status: response.status, body: (await response.json()) as any };
}
const signIn = async (url: string) =>
  (await call(url, 'POST', '/user/authentication', undefined, { mobileNo: MOBILE, password: STRONG_PASSWORD })).body
    .token as string;
const lastRun = async (url: string, token: string) =>
  (await call(url, 'GET', `/team/import-sources/${SOURCE}`, token)).body.data.runs[0];

async function until(check: () => Promise<boolean> | boolean, what: string, withinMs = 60_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

beforeAll(async () => {
  // A feed that never answers: the run is still reading it when the server is killed.
  feeds = await startFixtureServer({ routes: { '/feed.csv': { delayMs: 10 * 60_000, body: '' } } });
  const handle = await database.open();
  // A small catalogue (the run needs none): the server then seeds no 600-offer one of its own.
  await seedIfEmpty(handle.db, { offers: 10 });
  await createOrPromoteTeamMember(handle.db, { mobileNo: MOBILE, firstName: 'Nadeesha', password: STRONG_PASSWORD });
  await handle.db
    .insert(importSources)
    .values({ sourceKey: SOURCE, name: 'Stalled feed', adapter: 'partner-feed', url: `${feeds.url}/feed.csv` });
  await handle.close();
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) await killed(child);
  await feeds?.close();
  await database.remove();
});

describe('an import run whose server was killed', () => {
  it('reads failed at the next start, and Run now starts the source again at once', async () => {
    const first = await start();
    const token = await signIn(first.url);
    expect((await call(first.url, 'POST', `/team/import-sources/${SOURCE}/run`, token)).status).toBe(202);
    await until(() => feeds.hits('/feed.csv') > 0, `the run asks for the feed:\n${first.output()}`);
    expect(await lastRun(first.url, token)).toMatchObject({ ok: null, finishedAt: null, errors: [] });

    if (TEST_DB === 'postgres') {
      // A second process starting beside it leaves the live process's run running.
      const beside = await start();
      expect(await lastRun(beside.url, token)).toMatchObject({ ok: null, finishedAt: null });
      expect((await call(beside.url, 'POST', `/team/import-sources/${SOURCE}/run`, token)).status).toBe(409);
      await killed(beside.child);
    }

    await killed(first.child);
    const second = await start();
    const secondToken = await signIn(second.url);
    const run = await lastRun(second.url, secondToken);
    expect(run).toMatchObject({ ok: false, errors: [{ reason: ERROR_CODES.server_stopped }] });
    expect(run.finishedAt).not.toBeNull();
    const again = await call(second.url, 'POST', `/team/import-sources/${SOURCE}/run`, secondToken);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    await until(() => feeds.hits('/feed.csv') > 1, 'the new run asks for the feed');
    await killed(second.child);
  }, 300_000);
});
