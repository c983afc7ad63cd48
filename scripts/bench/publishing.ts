// bench:api's publishing cases, on the PGlite folder bench:api seeded:
// - serving during a full rebuild: `npm start`'s server (API and site) under a steady mixed load
//   of pages and API calls, first alone, then while a full rebuild of the site runs beside it;
// - from an acceptance (and an edit) to the changed offer page being served by the running server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import type { OfferData } from '../../src/contract/index.ts';
import { bankPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { offers } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/server.ts';
import { startServerProcess, stopProcess, type ServerProcess } from '../lib/server-process.ts';

const RATE = Number(process.env.BENCH_MIXED_RATE ?? 200);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 30);
const CONNECTIONS = 20;
/** A request that takes longer than this counts as an error, as a visitor's browser would give up. */
const TIMEOUT_S = 10;
const GOAL_P99_MS = 100;

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 900_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a visitor's browser and the islands ask for: three pages and three API calls, in turn. */
async function mixedRequests(url: string) {
  const [offer] = (await (await fetch(`${url}/api/site/offers/1`)).json()).data as OfferData[];
  const page = { method: 'GET' as const, headers: { 'accept-encoding': 'gzip, deflate, br' } };
  return [
    { ...page, path: '/' },
    { ...page, path: offerCanonicalPath(offer!) },
    { ...page, path: bankPagePath({ bankId: offer!.bankId, bankName: offer!.bank.bankName }) },
    { method: 'GET' as const, path: '/api/get/offers/by/page/1/10' },
    {
      method: 'POST' as const,
      path: '/api/get/offers/filter/multiple/1/10',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bankIds: [1, 2], categoryIds: [1, 3] }),
    },
    { method: 'GET' as const, path: '/api/get/offer/by/4321' },
  ];
}

type LoadResult = {
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
  seconds: number;
};

/** A steady RATE of mixed requests until `until` resolves. */
async function steadyLoad(url: string, until: Promise<unknown>): Promise<LoadResult> {
  const started = Date.now();
  const requests = await mixedRequests(url);
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url, connections: CONNECTIONS, overallRate: RATE, duration: 3_600, timeout: TIMEOUT_S, requests },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  await until;
  instance!.stop();
  const result = await finished;
  return {
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    seconds: (Date.now() - started) / 1000,
  };
}

const fmtLoad = (label: string, r: LoadResult) =>
  `  ${label.padEnd(26)} ${r.seconds.toFixed(0).padStart(4)} s  ${String(r.requests).padStart(6)} requests  errors ${r.errors} (timeouts ${r.timeouts})  non-2xx ${r.non2xx}  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  max ${String(r.max).padStart(5)} ms  ${r.errors + r.non2xx === 0 && r.p99 < GOAL_P99_MS ? 'PASS' : 'MISS'}`;

export async function benchPublishing(dataDir: string, offerCount: number) {
  const work = mkdtempSync(join(tmpdir(), 'offerlanka-bench-publish-'));
  const siteDir = join(work, 'dist');
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SITE_DIR: siteDir,
    SITE_URL: 'http://127.0.0.1',
    RATE_LIMITS: '0',
    SMS_PROVIDER: 'console',
  };
  console.log(
    `\nServing during a full rebuild (PGlite, ${offerCount} offers, the API and the site of \`npm start\`, ${RATE} mixed requests/s: home, an offer page, a bank page and three API calls; goal: no errors, p99 under ${GOAL_P99_MS} ms)`,
  );
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(['--import', 'tsx', 'scripts/start.ts'], env);
    const first = Date.now();
    await waitFor(() => server!.output().includes('[site] built'), 'the first build');
    console.log(
      `  first build (the server's own, nothing else running): ${((Date.now() - first) / 1000).toFixed(0)} s`,
    );
    await new Promise((resolve) => setTimeout(resolve, 6_000)); // the server has picked the build up

    const baseline = await steadyLoad(
      server.url,
      new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000)),
    );
    console.log(fmtLoad('without a rebuild', baseline));
    // A full rebuild as the nightly one runs: its own low-priority process, reading the same API.
    const rebuild = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      env: { ...process.env, ...env, API_URL: `${server.url}/api` },
      stdio: 'ignore',
    });
    const rebuilt = new Promise<number | null>((resolve) => rebuild.once('exit', resolve));
    const during = await steadyLoad(server.url, rebuilt);
    console.log(fmtLoad('during a full rebuild', during));
    if ((await rebuilt) !== 0) console.log('  the rebuild failed');
  } finally {
    if (server) await stopProcess(server.child);
  }

  // From an acceptance to the page being served: the same server code in this process, so the
  // bench can change the database as the team console will.
  const running = await startServer({
    env: readEnv(env),
    seedWhenEmpty: false,
    rebuildSite: { rebuildCron: '0 3 * * *' },
    log: () => {},
  });
  try {
    await running.rebuilder!.publishChanges();
    const db = running.handle.db;
    const [pending] = await db
      .select({ offerId: offers.offerId })
      .from(offers)
      .where(eq(offers.reviewStatus, 'pending'))
      .limit(1);
    if (!pending) throw new Error('the data set has no pending offer');
    const accepted = Date.now();
    await db.update(offers).set({ reviewStatus: 'accepted' }).where(eq(offers.offerId, pending.offerId));
    running.deps.publicChanged();
    const offer = (await (await fetch(`${running.url}/api/get/offer/by/${pending.offerId}`)).json())
      .data[0] as OfferData;
    await waitFor(
      async () => (await fetch(`${running.url}${offerCanonicalPath(offer)}`)).status === 200,
      'the accepted offer page',
    );
    console.log(
      `\nFrom an acceptance to the offer page served: ${((Date.now() - accepted) / 1000).toFixed(1)} s (goal: under 60 s)`,
    );

    const header = `Edited in the bench at ${new Date().toISOString()}`;
    const edited = Date.now();
    await db.update(offers).set({ header }).where(eq(offers.offerId, pending.offerId));
    running.deps.publicChanged();
    await waitFor(
      async () => (await (await fetch(`${running.url}${offerCanonicalPath(offer)}`)).text()).includes(header),
      'the edited offer page',
    );
    console.log(`From an edit to the changed page served:   ${((Date.now() - edited) / 1000).toFixed(1)} s`);
  } finally {
    await running.close();
    rmSync(work, { recursive: true, force: true });
  }
}
