// `npm start` on the embedded database: Ctrl-C stops it cleanly, and what was written before is
// there after the next start.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopProcess } from '../../scripts/lib/server-process.ts';
import { LOCK_FILE } from '../../src/server/db/data-dir-lock.ts';
import { STRONG_PASSWORD, TEST_DB } from './harness.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'offerlanka-restart-'));
let running: ChildProcess | undefined;

/** `scripts/start.ts`, run directly. */
const DIRECT: [string, string[]] = [process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--api-only']];
/** `npm start`, as a supervisor or a person runs it: npm, then the server. */
const THROUGH_NPM: [string, string[]] = ['npm', ['start', '--', '--api-only']];

/** Starts the server on a free port and resolves with its URL once it listens. */
async function start([command, args] = DIRECT) {
  const server = await startServerProcess(
    args,
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'console',
      DATABASE_URL: '',
      ...NO_DELAY_SHEDDING,
    },
    { command, timeoutMs: 120_000 },
  );
  running = server.child;
  return server;
}

const interrupt = (child: ChildProcess) => stopProcess(child, 'SIGINT');

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: response.status, body: (await response.json()) as any };
}

// After both groups: the second starts on the folder the first made (an empty folder's first start
// costs an initdb and the demo data set's seed).
afterAll(() => {
  running?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(TEST_DB === 'pglite')('restart on the PGlite data directory', () => {
  it('keeps accounts and favourites across a Ctrl-C and a second start', async () => {
    const first = await start();
    const mobileNo = '771234590';
    const created = await json(`${first.url}/api/create/new/user`, {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Kamala',
        mobileNo,
        userType: 1,
        favoriteArea: [],
        termsAndCondition: true,
        password: STRONG_PASSWORD,
      }),
    });
    expect(created.status).toBe(201);
    const outbox = await json(`${first.url}/api/dev/sms-outbox/${mobileNo}`);
    const verified = await json(`${first.url}/api/verify/mobile`, {
      method: 'POST',
      body: JSON.stringify({ otpCode: outbox.body.data[0].code, token: created.body.data.token }),
    });
    expect(verified.status).toBe(200);
    const { token } = verified.body;
    const userId = verified.body.data.userId;
    const favourite = await json(`${first.url}/api/add/user/favorite/offer`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ offerId: 5 }),
    });
    expect(favourite.status).toBe(200);
    const before = await json(`${first.url}/api/get/offer/count/accepted`);

    expect(await interrupt(first.child)).toBe(0);

    const second = await start();
    const after = await json(`${second.url}/api/get/offer/count/accepted`);
    expect(after.body.data[0].totalCount).toBe(before.body.data[0].totalCount);
    const session = await json(`${second.url}/api/session/validate/${token}`);
    expect(session.status).toBe(200);
    const favourites = await json(`${second.url}/api/get/offer/favorite/by/${userId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(favourites.body.data[0].favorites.map((f: { offerId: number }) => f.offerId)).toEqual([5]);
    const signIn = await json(`${second.url}/api/user/authentication`, {
      method: 'POST',
      body: JSON.stringify({ mobileNo, password: STRONG_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    expect(await interrupt(second.child)).toBe(0);
  }, 240_000);
});

describe.runIf(TEST_DB === 'pglite')('npm start stops with the process that started it', () => {
  const STOP_WITHIN_MS = 10_000;
  /**
   * An orphaned server notices within a second (scripts/start.ts PARENT_CHECK_MS), then its stop
   * exits by its own deadline (STOP_DEADLINE_MS, 9.5 s). The allowance is wider for a loaded machine,
   * where timers and the database's close run late: without the check it would never stop at all.
   */
  const ORPHAN_STOP_WITHIN_MS = 30_000;
  /** Whether, within `withinMs`, the port refuses connections and the data folder's lock is gone. */
  async function freedWithin(url: string, withinMs = STOP_WITHIN_MS): Promise<boolean> {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      const listening = await fetch(`${url}/api/get/all/banks`).then(
        () => true,
        () => false,
      );
      if (!listening && !existsSync(join(dataDir, LOCK_FILE))) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return false;
  }

  /** Whether a new TCP connection to the port is accepted. */
  const accepts = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  const waitFor = (child: ChildProcess, line: RegExp) =>
    new Promise<void>((resolve) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (line.test(output)) {
          child.stdout!.off('data', onData);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
    });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  // The whole stop through npm on one server (each npm start costs seconds of CPU): with an idle
  // keep-alive connection open and a request in flight.
  it('SIGTERM to the npm process reaches the server: the request in flight finishes, new connections are refused, it exits with 0 and frees the port and the data folder', async () => {
    const { child, url } = await start(THROUGH_NPM);
    const port = Number(new URL(url).port);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // fetch keeps this connection open, idle: the stop must not wait for it.
    expect((await json(`${url}/api/get/all/banks`)).status).toBe(200);

    // A real sign-up whose body arrives in two halves, the second after the stop has begun.
    const body = JSON.stringify({
      firstName: 'Nimal',
      mobileNo: '771234591',
      userType: 1,
      favoriteArea: [],
      termsAndCondition: true,
      password: STRONG_PASSWORD,
    });
    const half = Math.floor(body.length / 2);
    const signUp = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/create/new/user',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status?: number; text: string }>((resolve, reject) => {
      signUp.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode, text }));
        response.on('error', reject);
      });
      signUp.on('error', reject);
    });
    answer.catch(() => {}); // awaited below; an early failure must not be an unhandled rejection
    signUp.write(body.slice(0, half));
    await sleep(1000); // the server has the headers and waits for the rest of the body

    const stopping = waitFor(child, /SIGTERM: stopping/);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await stopping;
    expect(await accepts(port)).toBe(false);
    await sleep(300);
    signUp.end(body.slice(half));

    const { status, text } = await answer;
    expect(status).toBe(201);
    expect(JSON.parse(text).data.token).toEqual(expect.any(String));
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(STOP_WITHIN_MS);
    expect(await accepts(port)).toBe(false);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 180_000);

  it('a server whose npm was killed with SIGKILL stops by itself', async () => {
    const { child, url, output } = await start(THROUGH_NPM);
    child.kill('SIGKILL');
    const freed = await freedWithin(url, ORPHAN_STOP_WITHIN_MS);
    // The server's own stop did it, and says why (the output travels on in the test's pipe).
    expect(output()).toContain('[start] parent process gone: stopping');
    expect(freed, output()).toBe(true);
  }, 180_000);
});
