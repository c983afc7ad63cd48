// bench:compare needs two or more origins to take turns between; anything else is a usage error, before any Chromium starts.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const compare = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-compare.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('bench:compare', () => {
  it.each([
    ['one origin', ['http://127.0.0.1:4321']],
    ['a path where an origin belongs', ['http://127.0.0.1:4321', 'http://127.0.0.1:4322/offers']],
    ['no scheme', ['127.0.0.1:4321', '127.0.0.1:4322']],
  ])('refuses %s with its usage line and exit code 2', (_, args) => {
    const run = compare(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: npm run bench:compare -- http://127.0.0.1:4321 http://127.0.0.1:4322');
    expect(run.stdout).not.toContain('Lighthouse');
  });
});
