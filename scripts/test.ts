// npm test: the whole suite in two lanes, one after the other (see main), then the slowest files of
// both as one list. With arguments (`npm test -- --project unit FILE`) it is plain `vitest run` with them.
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
  // One lane after the other: the astro builds of the site tests write src/paraglide again (the paraglide
  // Vite plugin under NODE_ENV=test), which files of the other lane, loading it, must not meet.
  const results: { code: number; output: string }[] = [];
  for (const lane of LANES) {
    results.push(
      await runVitest(
        lane.projects.flatMap((project) => ['--project', project]),
        { live: true, timesPath: laneTimesPath(lane) },
      ),
    );
  }

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
