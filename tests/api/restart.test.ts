// `npm start` on the embedded database: Ctrl-C stops it cleanly, and what was written before is
// there after the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TEST_DB } from './harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'offerlanka-restart-'));
let running: ChildProcess | undefined;

/** Starts `scripts/start.ts` on a free port and resolves with its URL once it listens. */
function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--api-only'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SMS_PROVIDER: 'console', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`start timed out:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/on (http:\/\/localhost:\d+)/);
      if (match) { clearTimeout(timer); resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1') }); }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`start exited with ${code}:\n${output}`)); });
  });
}

function interrupt(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: response.status, body: (await response.json()) as any };
}

describe.runIf(TEST_DB === 'pglite')('restart on the PGlite data directory', () => {
  afterAll(() => {
    running?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts and favourites across a Ctrl-C and a second start', async () => {
    const first = await start();
    const mobileNo = '771234590';
    const created = await json(`${first.url}/api/create/new/user`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Kamala', mobileNo, userType: 1, favoriteArea: [], termsAndCondition: true, password: STRONG_PASSWORD }),
    });
    expect(created.status).toBe(201);
    const outbox = await json(`${first.url}/api/dev/sms-outbox/${mobileNo}`);
    const verified = await json(`${first.url}/api/verify/mobile`, { method: 'POST', body: JSON.stringify({ otpCode: outbox.body.data[0].code, token: created.body.data.token }) });
    expect(verified.status).toBe(200);
    const { token } = verified.body;
    const userId = verified.body.data.userId;
    const favourite = await json(`${first.url}/api/add/user/favorite/offer`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ offerId: 5 }) });
    expect(favourite.status).toBe(200);
    const before = await json(`${first.url}/api/get/offer/count/accepted`);

    expect(await interrupt(first.child)).toBe(0);

    const second = await start();
    const after = await json(`${second.url}/api/get/offer/count/accepted`);
    expect(after.body.data[0].totalCount).toBe(before.body.data[0].totalCount);
    const session = await json(`${second.url}/api/session/validate/${token}`);
    expect(session.status).toBe(200);
    const favourites = await json(`${second.url}/api/get/offer/favorite/by/${userId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(favourites.body.data[0].favorites.map((f: { offerId: number }) => f.offerId)).toEqual([5]);
    const signIn = await json(`${second.url}/api/user/authentication`, { method: 'POST', body: JSON.stringify({ mobileNo, password: STRONG_PASSWORD }) });
    expect(signIn.status).toBe(200);
    expect(await interrupt(second.child)).toBe(0);
  }, 240_000);
});
