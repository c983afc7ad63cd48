// npm test: the whole suite in two lanes at once, as one run, then the slowest files of both.
// Vitest runs projects with different worker counts one group after another, so the browser files
// (one at a time: they share one server and database) would wait for the API files (two at a time)
// and leave a core idle. Here both lanes run side by side. With arguments
// (`npm test -- --project unit FILE`) it is plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { FILE_TIMES_PATH, parseFileTimes, slowestFilesText } from '../tests/support/slowest-files-reporter.ts';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];

interface Lane {
  name: string;
  projects: string[];
  /** Put before each line of the lane's report, so that two lanes printing at once stay apart; none for the first. */
  prefix: string;
}

// The browser lane is the longer one: the site's build tests (a build at a time, after the unit and
// API files) go in the other, which then ends about when it does.
const LANES: Lane[] = [
  { name: 'unit, API and site', projects: ['unit', 'api-*', 'site'], prefix: '' },
  { name: 'browser', projects: ['browser'], prefix: '[browser] ' },
];

const laneTimesPath = (lane: Lane) => FILE_TIMES_PATH.replace(/\.tsv$/, `-${lane.projects[0]}.tsv`);

/** vitest run with args, its report printed as it comes (each line after `prefix`); resolves with its exit code. */
function runVitest(args: string[], options: { prefix?: string; timesPath?: string } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...VITEST, ...args], {
      stdio: options.prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(options.timesPath ? { TEST_FILE_TIMES: options.timesPath } : {}) },
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (stream) createInterface({ input: stream }).on('line', (line) => out.write(`${options.prefix}${line}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) return runVitest(args);

  const started = Date.now();
  const codes = await Promise.all(
    LANES.map((lane) =>
      runVitest(
        lane.projects.flatMap((project) => ['--project', project]),
        { prefix: lane.prefix, timesPath: laneTimesPath(lane) },
      ),
    ),
  );

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
  const failed = LANES.filter((_, i) => codes[i] !== 0).map((lane) => lane.name);
  console.log(
    `Both lanes took ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; failed: ${failed.join(', ')}` : '; all passed'}.`,
  );
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
