// bench:site's serving case: a precompressed page served by the server of `npm start`, at 10
// connections, side by side with a bare node:http server sending the same bytes and headers from
// memory (the ceiling), loaded by autocannon in its own process. The server runs once with its answer memory and once without it
// (src/server/site/answer-memory.ts), so the figures show what the memory is worth. On a shared
// two-core machine the throughput of any server swings by half from one minute to the next, so the
// goal's ratio is taken in each round between the server and the ceiling measured right after it,
// and the median of the rounds' ratios is the figure.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './median.ts';
import { startServerProcess, stopProcess, type ServerProcess } from '../lib/server-process.ts';

export const SERVING_CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SERVING_SECONDS ?? 5);
const WARM_UP_SECONDS = 3;
/** Each server is measured this many times, in turn with the others; the median is reported. */
export const SERVING_ROUNDS = Math.max(1, Number(process.env.BENCH_SERVING_ROUNDS ?? 5));
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
const AUTOCANNON = 'node_modules/.bin/autocannon';
const run = promisify(execFile);

export interface ServingResult {
  path: string;
  bodyBytes: number;
  contentEncoding: string;
  /** Median requests/s and the worst p50 and p99 (ms) of each server over its rounds: npm start's server, without its memory, the ceiling. */
  servers: { name: string; rps: number; p50: number; p99: number }[];
  /** Each round's requests/s of the server with its memory over the ceiling's, measured right after it. */
  roundRatios: number[];
  /** The median of roundRatios. */
  ratio: number;
}

/** The answer's raw bytes (not decoded) and headers. */
function rawAnswer(url: string): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: ACCEPT }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | string[]>,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * autocannon in a process of its own (its CLI, with --json): in the bench's process it would share
 * a core with the bench's own server and queues, and measure itself rather than the server.
 */
async function load(url: string, seconds: number) {
  const args = [
    '-c',
    String(SERVING_CONNECTIONS),
    '-d',
    String(seconds),
    '-j',
    ...Object.entries(ACCEPT).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    url,
  ];
  const { stdout } = await run(AUTOCANNON, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    errors: number;
    non2xx: number;
    requests: { average: number };
    latency: { p50: number; p99: number };
  };
  if (result.errors || result.non2xx)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export async function benchServing(siteDir: string, path: string): Promise<ServingResult> {
  const work = mkdtempSync(join(tmpdir(), 'offerlanka-bench-serving-'));
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    DATABASE_URL: '',
    SITE_DIR: siteDir,
    RATE_LIMITS: '0',
    SMS_PROVIDER: 'console',
    LOG_REQUESTS: '0',
  };
  const started: ServerProcess[] = [];
  const start = async (args: string[], processEnv: Record<string, string> = {}) => {
    const server = await startServerProcess(['--import', 'tsx', ...args], processEnv);
    started.push(server);
    return server;
  };
  try {
    const site = await start(['scripts/bench/site-server.ts'], env);
    const sample = await rawAnswer(site.url + path);
    if (sample.status !== 200 || !sample.headers['content-encoding'])
      throw new Error(`${path}: status ${sample.status}, content-encoding ${sample.headers['content-encoding']}`);
    // The ceiling sends the very same headers (less those node:http sets itself) and bytes.
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = sample.headers;
    const answerFile = join(work, 'answer.json');
    writeFileSync(answerFile, JSON.stringify({ headers, bodyBase64: sample.body.toString('base64') }));
    await stopProcess(site.child); // PGlite: one process at a time on its folder

    // In this order each round: the ceiling right after the server the goal compares with it.
    const servers = [
      { name: "npm start's server", args: ['scripts/bench/site-server.ts'], env },
      {
        name: 'bare node:http from memory',
        args: ['scripts/bench/ceiling-server.ts', '--answer', answerFile],
        env: {},
      },
      { name: '  without its answer memory', args: ['scripts/bench/site-server.ts', '--no-memory'], env },
    ];
    const runs = servers.map(() => [] as Awaited<ReturnType<typeof load>>[]);
    for (let round = 0; round < SERVING_ROUNDS; round++) {
      for (const [index, server] of servers.entries()) {
        const running = await start(server.args, server.env);
        await load(running.url + path, WARM_UP_SECONDS); // the JIT, the file cache and the answer memory
        runs[index]!.push(await load(running.url + path, SECONDS));
        await stopProcess(running.child);
      }
    }
    const [served, ceiling, withoutMemory] = servers.map((server, index) => ({
      name: server.name,
      rps: median(runs[index]!.map((run) => run.rps)),
      p50: Math.max(...runs[index]!.map((run) => run.p50)),
      p99: Math.max(...runs[index]!.map((run) => run.p99)),
    }));
    const [servedRuns, ceilingRuns] = runs;
    const roundRatios = servedRuns!.map((run, round) => run.rps / ceilingRuns![round]!.rps);
    return {
      path,
      bodyBytes: sample.body.length,
      contentEncoding: String(sample.headers['content-encoding']),
      servers: [served!, withoutMemory!, ceiling!],
      roundRatios,
      ratio: median(roundRatios),
    };
  } finally {
    for (const server of started) await stopProcess(server.child);
    rmSync(work, { recursive: true, force: true });
  }
}
