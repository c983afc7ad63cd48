// npm test: the whole suite in two lanes, one after the other (see main), then the slowest files of
// both as one list. With arguments (`npm test -- --project unit FILE`) it is plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { FILE_TIMES_PATH, parseFileTimes, slowestFilesText } from '../tests/support/slowest-files-reporter.ts';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];

interface Lane {
  name: string;
  projects: string[];
}

const LANES: Lane[] = [
  { name: 'unit, API and site', projects: ['unit', 'api-*', 'site'] },
  { name: 'browser', projects: ['browser'] },
];

const laneTimesPath = (lane: Lane) => FILE_TIMES_PATH.replace(/\.tsv$/, `-${lane.projects[0]}.tsv`);

/** vitest run with args, its report printed as it comes; resolves with its exit code. */
function runVitest(args: string[], timesPath?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...VITEST, ...args], {
      stdio: 'inherit',
      env: { ...process.env, ...(timesPath ? { TEST_FILE_TIMES: timesPath } : {}) },
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) return runVitest(args);

  const started = Date.now();
  // One lane after the other: the astro builds of the site tests write src/paraglide again (the paraglide
  // Vite plugin under NODE_ENV=test), which files of the other lane, loading it, must not meet.
  const codes: number[] = [];
  for (const lane of LANES) {
    codes.push(
      await runVitest(
        lane.projects.flatMap((project) => ['--project', project]),
        laneTimesPath(lane),
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
  const failed = LANES.filter((_, i) => codes[i] !== 0).map((lane) => lane.name);
  console.log(
    `Both lanes took ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; failed: ${failed.join(', ')}` : '; all passed'}.`,
  );
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
