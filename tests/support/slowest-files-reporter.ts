// A vitest reporter that ends `npm test` with its slowest test files, so that where the suite's
// time goes is seen on every run (docs/operations.md, "The test suite"). Beside vitest's default
// reporter, which it leaves as it is.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the list names. */
export const SLOWEST_FILES_SHOWN = 10;

/** What the list reads of a file: its path, its project, and its times (TestModule has them all). */
type TimedModule = Pick<TestModule, 'relativeModuleId'> & {
  project: { name: string };
  diagnostic(): { duration: number; collectDuration: number };
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** The slowest files, slowest first: the time of their tests and hooks (as vitest prints it per file), then of importing them. */
export function slowestFilesText(modules: readonly TimedModule[], shown = SLOWEST_FILES_SHOWN): string {
  const timed = modules
    .map((module) => ({ module, diagnostic: module.diagnostic() }))
    .sort((a, b) => b.diagnostic.duration - a.diagnostic.duration)
    .slice(0, shown);
  if (timed.length === 0) return '';
  const width = Math.max(...timed.map(({ module }) => module.project.name.length));
  const lines = timed.map(
    ({ module, diagnostic }) =>
      `${seconds(diagnostic.duration)}  (import ${seconds(diagnostic.collectDuration).trim()})  ${module.project.name.padEnd(width)}  ${module.relativeModuleId}`,
  );
  return [`The ${timed.length} slowest test files (tests and hooks, then import):`, ...lines].join('\n');
}

/** Every file's times, slowest first, as tab-separated lines: seconds of tests, seconds of import, project, file. */
export function fileTimesTable(modules: readonly TimedModule[]): string {
  return modules
    .map((module) => ({ module, diagnostic: module.diagnostic() }))
    .sort((a, b) => b.diagnostic.duration - a.diagnostic.duration)
    .map(({ module, diagnostic }) =>
      [
        (diagnostic.duration / 1000).toFixed(1),
        (diagnostic.collectDuration / 1000).toFixed(1),
        module.project.name,
        module.relativeModuleId,
      ].join('\t'),
    )
    .join('\n');
}

/** Where the whole list goes, for finding where the time went after a run. */
export const FILE_TIMES_PATH = 'tmp/test-file-times.tsv';

/** The table's lines read back (scripts/test.ts joins its lanes' tables into one list). */
export function parseFileTimes(table: string): { seconds: number; line: string; module: TimedModule }[] {
  return table
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [seconds, importSeconds, project, file] = line.split('\t') as [string, string, string, string];
      const diagnostic = { duration: Number(seconds) * 1000, collectDuration: Number(importSeconds) * 1000 };
      return {
        seconds: Number(seconds),
        line,
        module: { relativeModuleId: file, project: { name: project }, diagnostic: () => diagnostic },
      };
    });
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    // In one of npm test's lanes (scripts/test.ts), the table goes where it says, and it prints all lanes' list.
    const lanePath = process.env.TEST_FILE_TIMES;
    mkdirSync('tmp', { recursive: true });
    writeFileSync(lanePath ?? FILE_TIMES_PATH, `${fileTimesTable(testModules)}\n`);
    const text = slowestFilesText(testModules);
    if (text && !lanePath) console.log(`\n${text}\n`);
  }
}
