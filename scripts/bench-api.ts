// npm run bench:api: loopback load on the API with the 10,000-offer data set, next to a bare
// node:http server answering a body of the same size (the ceiling). Prints requests/s and
// p50/p99 latency: at full load, and at a steady 500 requests/s. Then the publishing cases
// (scripts/bench/publishing.ts): serving with and without a full rebuild running, and the time
// from an acceptance to the offer page being served.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openDatabase, type DatabaseOptions } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/seed/index.ts';
import { benchPublishing } from './bench/publishing.ts';
import { startServerProcess, stopProcess } from './lib/server-process.ts';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const STEADY_RATE = 500;
/** The goal of every route: p99 under this at STEADY_RATE. */
const STEADY_P99_GOAL_MS = 15;
/** Only the routes whose name holds this text, and no publishing cases (a quicker look at one route). */
const ONLY = process.env.BENCH_ONLY;

type Target = { name: string; path: string; method?: 'GET' | 'POST'; body?: string };
const ALL_TARGETS: Target[] = [
  { name: 'offers page 1/10', path: '/api/get/offers/by/page/1/10' },
  {
    name: 'filtered list (2 banks, 2 categories)',
    path: '/api/get/offers/filter/multiple/1/10',
    method: 'POST',
    body: JSON.stringify({ bankIds: [1, 2], categoryIds: [1, 3] }),
  },
  { name: 'offer by id', path: '/api/get/offer/by/4321' },
  // A banner as a page asks for it (the first card's is the page's largest paint).
  { name: 'image (an offer banner)', path: '/api/images/banner-merchant-1.webp' },
  {
    name: 'search (Valid today, Visa or Mastercard, 3 banks)',
    path: '/api/offers/search/1/10',
    method: 'POST',
    body: JSON.stringify({ validToday: true, networks: ['visa', 'mastercard'], bankIds: [1, 2, 3] }),
  },
];
const targets = ALL_TARGETS.filter((target) => !ONLY || target.name.includes(ONLY));

async function load(url: string, target: Target, overallRate?: number) {
  const result = await autocannon({
    url: url + target.path,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.body ? { 'content-type': 'application/json' } : {},
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(overallRate ? { overallRate } : {}),
  });
  if (result.errors || result.non2xx)
    throw new Error(`${target.name}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const fmt = (r: { rps: number; p50: number; p99: number }) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms`;

/** The database of one run: a PGlite folder, or a PostgreSQL URL. */
type BenchDatabase = { DATA_DIR: string; DATABASE_URL: string };

async function benchServer(label: string, cacheTtlMs: string, database: BenchDatabase) {
  const api = await startServerProcess(['--import', 'tsx', 'scripts/start.ts', '--api-only'], {
    PORT: '0',
    HOST: '127.0.0.1',
    ...database,
    RATE_LIMITS: '0',
    RESPONSE_CACHE_TTL_MS: cacheTtlMs,
    SMS_PROVIDER: 'console',
  });
  console.log(`\n${label}`);
  let stopping = false;
  // Reported, or a dead API would show only as failed requests.
  api.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`  the API process exited (code ${code}, signal ${signal})`);
  });
  try {
    for (const target of targets) {
      const sample = await fetch(api.url + target.path, {
        method: target.method ?? 'GET',
        body: target.body,
        headers: { 'content-type': 'application/json' },
      });
      const bytes = (await sample.arrayBuffer()).byteLength;
      await load(api.url, { ...target }, undefined).catch(() => undefined); // warm-up of JIT and caches
      const apiMax = await load(api.url, target);
      const apiSteady = await load(api.url, target, STEADY_RATE);
      const ceiling = await startServerProcess(
        ['--import', 'tsx', 'scripts/bench/ceiling-server.ts', String(bytes)],
        {},
      );
      // The same method and body as the API call, answered with a body of the same size.
      const ceilingTarget = { ...target, name: 'ceiling', path: '/' };
      const ceilMax = await load(ceiling.url, ceilingTarget);
      const ceilSteady = await load(ceiling.url, ceilingTarget, STEADY_RATE);
      await stopProcess(ceiling.child);
      console.log(`  ${target.name} (${bytes} bytes)`);
      console.log(`    API      full load: ${fmt(apiMax)} | at ${STEADY_RATE}/s: ${fmt(apiSteady)}`);
      console.log(`    ceiling  full load: ${fmt(ceilMax)} | at ${STEADY_RATE}/s: ${fmt(ceilSteady)}`);
      console.log(`    API/ceiling throughput: ${((apiMax.rps / ceilMax.rps) * 100).toFixed(0)}%`);
      console.log(
        `    goal: p99 under ${STEADY_P99_GOAL_MS} ms at ${STEADY_RATE}/s: ${apiSteady.p99 < STEADY_P99_GOAL_MS ? 'PASS' : 'FAIL'} (${apiSteady.p99} ms)`,
      );
    }
  } finally {
    stopping = true;
    await stopProcess(api.child);
  }
}

/** A fresh database on the PostgreSQL server at BENCH_DATABASE_URL (default: the local test server), or none. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const name = `offerlanka_bench_${process.pid}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    console.log(`(no PostgreSQL run: ${(error as Error).message})`);
    await admin.end();
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function seed(options: DatabaseOptions) {
  const started = Date.now();
  const handle = await openDatabase(options);
  await seedDemoData(handle.db, { offers: OFFERS });
  await handle.close();
  return ((Date.now() - started) / 1000).toFixed(1);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'offerlanka-bench-'));
  const pg = await createPostgresDatabase();
  try {
    const seconds = await seed({ kind: 'pglite', dataDir });
    console.log(
      `bench:api: ${OFFERS} offers, ${CONNECTIONS} connections, ${DURATION_S} s per run, Node ${process.version}`,
    );
    console.log(`PGlite seeded in ${seconds} s`);
    const pglite = { DATA_DIR: dataDir, DATABASE_URL: '' };
    await benchServer('PGlite, with the 5 s response cache (the default):', '5000', pglite);
    await benchServer('PGlite, without the response cache (every request queries the database):', '0', pglite);
    if (!ONLY) await benchPublishing(dataDir, OFFERS);
    if (pg) {
      console.log(`\nPostgreSQL seeded in ${await seed({ kind: 'postgres', url: pg.url })} s`);
      const server = { DATA_DIR: dataDir, DATABASE_URL: pg.url };
      await benchServer('PostgreSQL, with the 5 s response cache:', '5000', server);
      await benchServer('PostgreSQL, without the response cache:', '0', server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
