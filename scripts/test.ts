// npm test: the whole suite in three lanes at once, as one run, then the slowest files of all.
// Vitest runs projects with different worker counts one group after another, so the browser files
// (one at a time: they share one server and database) would wait for the API files (two at a time)
// and leave a core idle. Here the lanes run side by side. With arguments
// (`npm test -- --project unit FILE`) it is plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { processStatFields } from '../src/server/db/data-dir-lock.ts';
import { FILE_TIMES_PATH, parseFileTimes, slowestFilesText } from '../tests/support/slowest-files-reporter.ts';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];

interface Lane {
  name: string;
  projects: string[];
  /** Put before each line of the lane's report, so that lanes printing at once stay apart; none for the first. */
  prefix: string;
  /** The lane's CPU niceness, inherited by every process it starts. */
  niceness: number;
}

// Three lanes: the unit and API files (two at a time), the site's build tests (one at a time: a
// build each) and the browser files (one at a time: one server). The first two run at the lowest
// CPU priority, the one the site's builds run at (src/server/site/build.ts): otherwise a build the
// browser lane waits for (a publish) gets almost no CPU beside their tests. The site lane has its
// own, rather than following the API files, because its builds leave much of the machine idle.
const LANES: Lane[] = [
  { name: 'unit and API', projects: ['unit*', 'api-*'], prefix: '', niceness: 19 },
  { name: 'site', projects: ['site'], prefix: '[site] ', niceness: 19 },
  { name: 'browser', projects: ['browser'], prefix: '[browser] ', niceness: 0 },
];

const laneTimesPath = (lane: Lane) => FILE_TIMES_PATH.replace(/\.tsv$/, `-${lane.projects[0]!.replace(/\W/g, '')}.tsv`);

/** Linux's clock ticks a second (getconf CLK_TCK), the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/**
 * The CPU seconds of this process's ended children, their own ended children included (cutime and
 * cstime in /proc/self/stat); undefined where there is no /proc. Read as each lane ends, the growth
 * is that lane's CPU: what the lanes share is two cores, so this says which lane costs the most.
 */
function endedChildrenCpuSeconds(): number | undefined {
  try {
    const fields = processStatFields('self');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS; // fields 16 and 17
  } catch {
    return undefined;
  }
}

/**
 * The machine's busy and total CPU ticks so far, all cores (/proc/stat's first line); undefined where
 * there is no /proc. The lanes' own CPU leaves out what they ask of others, such as PostgreSQL's
 * server processes: this says whether the machine had a core to spare.
 */
function machineCpuTicks(): { busy: number; total: number } | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, total: busy + idle! + iowait! };
  } catch {
    return undefined;
  }
}

/** vitest run with args, its report printed as it comes (each line after `prefix`); resolves with its exit code. */
function runVitest(
  args: string[],
  options: { prefix?: string; timesPath?: string; niceness?: number } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...VITEST, ...args], {
      stdio: options.prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(options.timesPath ? { TEST_FILE_TIMES: options.timesPath } : {}) },
    });
    // Before vitest starts its workers, which inherit it.
    if (options.niceness && child.pid) setPriority(child.pid, options.niceness);
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
  const machineBefore = machineCpuTicks();
  const laneEnds: string[] = [];
  let cpuSoFar = endedChildrenCpuSeconds();
  const codes = await Promise.all(
    LANES.map(async (lane) => {
      const code = await runVitest(
        lane.projects.flatMap((project) => ['--project', project]),
        { prefix: lane.prefix, timesPath: laneTimesPath(lane), niceness: lane.niceness },
      );
      const cpuNow = endedChildrenCpuSeconds();
      const cpu = cpuNow !== undefined && cpuSoFar !== undefined ? `, CPU ${(cpuNow - cpuSoFar).toFixed(0)} s` : '';
      cpuSoFar = cpuNow;
      laneEnds.push(`${lane.name}: ended after ${((Date.now() - started) / 1000).toFixed(0)} s${cpu}`);
      return code;
    }),
  );

  // Every lane's file times, as one list.
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
  console.log(`The lanes, in the order they ended:\n${laneEnds.map((line) => `  ${line}`).join('\n')}\n`);
  const machineAfter = machineCpuTicks();
  if (machineBefore && machineAfter) {
    const busy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
    console.log(`The machine's cores were busy ${(busy * 100).toFixed(0)}% of the lanes' time.\n`);
  }
  const failed = LANES.filter((_, i) => codes[i] !== 0).map((lane) => lane.name);
  console.log(
    `The lanes took ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; failed: ${failed.join(', ')}` : '; all passed'}.`,
  );
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
