// The list of slowest test files that ends `npm test` (tests/support/slowest-files-reporter.ts).
import { describe, expect, it } from 'vitest';
import { fileTimesTable, parseFileTimes, slowestFilesText } from '../support/slowest-files-reporter.ts';

const file = (relativeModuleId: string, project: string, duration: number, collectDuration = 500) => ({
  relativeModuleId,
  project: { name: project },
  diagnostic: () => ({ duration, collectDuration }),
});

describe('slowestFilesText', () => {
  it("names the slowest files, slowest first, with their project, their tests' time and their import's", () => {
    const modules = [
      file('tests/unit/a.test.ts', 'unit', 1_200),
      file('tests/browser/team.test.ts', 'browser', 265_840, 3_100),
      file('tests/api/offers.test.ts', 'api-postgres', 40_000),
      file('tests/api/offers.test.ts', 'api-pglite', 52_500),
    ];
    expect(slowestFilesText(modules, 3).split('\n')).toEqual([
      'The 3 slowest test files (tests and hooks, then import):',
      ' 265.8 s  (import 3.1 s)  browser       tests/browser/team.test.ts',
      '  52.5 s  (import 0.5 s)  api-pglite    tests/api/offers.test.ts',
      '  40.0 s  (import 0.5 s)  api-postgres  tests/api/offers.test.ts',
    ]);
  });

  it('tabulates every file, slowest first', () => {
    const modules = [
      file('tests/unit/a.test.ts', 'unit', 1_200),
      file('tests/browser/team.test.ts', 'browser', 265_840, 3_100),
    ];
    expect(fileTimesTable(modules)).toBe(
      '265.8\t3.1\tbrowser\ttests/browser/team.test.ts\n1.2\t0.5\tunit\ttests/unit/a.test.ts',
    );
  });

  it("reads its table back as the files it lists, so two lanes' tables make one list", () => {
    const table = fileTimesTable([file('tests/browser/team.test.ts', 'browser', 265_840, 3_100)]);
    const [row] = parseFileTimes(`${table}\n`);
    expect(row!.seconds).toBe(265.8);
    expect(row!.line).toBe(table);
    expect(slowestFilesText([row!.module, file('tests/unit/a.test.ts', 'unit', 1_200)], 1).split('\n')[1]).toBe(
      ' 265.8 s  (import 3.1 s)  browser  tests/browser/team.test.ts',
    );
  });

  it('says nothing when no file ran', () => {
    expect(slowestFilesText([])).toBe('');
  });
});
