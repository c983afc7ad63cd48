// A vitest reporter that ends `npm test` with its slowest test files, so that where the suite's
// time goes is seen on every run (docs/operations.md, "The test suite"). Beside vitest's default
// reporter, which it leaves as it is.
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the list names. */
export const SLOWEST_FILES_SHOWN = 10;

/** What the list reads of a file: its path, its project, and its times (TestModule has them all). */
type TimedModule = Pick<TestModule, 'relativeModuleId'> & { project: { name: string }; diagnostic(): { duration: number; collectDuration: number } };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** The slowest files, slowest first: the time of their tests and hooks (as vitest prints it per file), then of importing them. */
export function slowestFilesText(modules: readonly TimedModule[], shown = SLOWEST_FILES_SHOWN): string {
  const timed = modules
    .map((module) => ({ module, diagnostic: module.diagnostic() }))
    .sort((a, b) => b.diagnostic.duration - a.diagnostic.duration)
    .slice(0, shown);
  if (timed.length === 0) return '';
  const width = Math.max(...timed.map(({ module }) => module.project.name.length));
  const lines = timed.map(({ module, diagnostic }) =>
    `${seconds(diagnostic.duration)}  (import ${seconds(diagnostic.collectDuration).trim()})  ${module.project.name.padEnd(width)}  ${module.relativeModuleId}`);
  return [`The ${timed.length} slowest test files (tests and hooks, then import):`, ...lines].join('\n');
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const text = slowestFilesText(testModules);
    if (text) console.log(`\n${text}\n`);
  }
}
