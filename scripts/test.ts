// npm test: the whole suite in two lanes at once, as one run. Vitest runs projects with different
// worker counts one group after another, so the browser files (one at a time: they share one
// server and database) would wait for the API files (two at a time) and leave a core idle for
// most of their half hour. Here both run side by side; their reports are printed one after the
// other, then the slowest files of both. With arguments (`npm test -- --project unit FILE`) it is
// plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { FILE_TIMES_PATH, parseFileTimes, slowestFilesText } from '../tests/support/slowest-files-reporter.ts';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];

interface Lane {
  name: string;
  projects: string[];
  /** Printed as it comes (one lane), or kept until the lane ends (the other). */
  live: boolean;
}

// The browser lane is the longer one: the site's build tests (a build at a time, after the unit and
// API files) go in the other, which then ends about when it does. Its report follows the first's.
const LANES: Lane[] = [
  { name: 'unit, API and site', projects: ['unit', 'api-*', 'site'], live: true },
  { name: 'browser', projects: ['browser'], live: false },
];

const laneTimesPath = (lane: Lane) => FILE_TIMES_PATH.replace(/\.tsv$/, `-${lane.projects[0]}.tsv`);

function runVitest(
  args: string[],
  options: { live: boolean; timesPath?: string },
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...VITEST, ...args], {
      stdio: options.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(options.timesPath ? { TEST_FILE_TIMES: options.timesPath } : {}) },
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) return (await runVitest(args, { live: true })).code;

  const started = Date.now();
  const results = await Promise.all(
    LANES.map((lane) =>
      runVitest(
        lane.projects.flatMap((project) => ['--project', project]),
        { live: lane.live, timesPath: laneTimesPath(lane) },
      ),
    ),
  );
  LANES.forEach((lane, i) => {
    if (!lane.live) process.stdout.write(`\n── The ${lane.name} lane ──\n${results[i]!.output}`);
  });

  // Both lanes' file times, as one list.
  const rows = LANES.flatMap((lane) => {
    try {
      return parseFileTimes(readFileSync(laneTimesPath(lane), 'utf8'));
    } catch {
      return []; // the lane ended before its report (its output says why)
    }
  });
  mkdirSync('tmp', { recursive: true });
  writeFileSync(
    FILE_TIMES_PATH,
    rows
      .sort((a, b) => b.seconds - a.seconds)
      .map((row) => row.line)
      .join('\n') + '\n',
  );
  console.log(`\n${slowestFilesText(rows.map((row) => row.module))}\n`);
  const failed = LANES.filter((_, i) => results[i]!.code !== 0).map((lane) => lane.name);
  console.log(
    `Both lanes took ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; failed: ${failed.join(', ')}` : '; all passed'}.`,
  );
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
