// bench:compare needs two or more origins to take turns between, and a whole number of rounds; anything else is a usage error, before any Chromium starts.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const compare = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-compare.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
const TWO_ORIGINS = ['http://127.0.0.1:4321', 'http://127.0.0.1:4322'];

describe('bench:compare', () => {
  it.each([
    ['one origin', ['http://127.0.0.1:4321'], {}],
    ['a path where an origin belongs', ['http://127.0.0.1:4321', 'http://127.0.0.1:4322/offers'], {}],
    ['no scheme', ['127.0.0.1:4321', '127.0.0.1:4322'], {}],
    ['rounds that are not a number', TWO_ORIGINS, { BENCH_COMPARE_ROUNDS: 'three' }],
    ['no rounds', TWO_ORIGINS, { BENCH_COMPARE_ROUNDS: '0' }],
  ])('refuses %s with its usage line and exit code 2', (_, args, env) => {
    const run = compare(args, env);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('npm run bench:compare -- http://127.0.0.1:4321 http://127.0.0.1:4322');
    expect(run.stdout).not.toContain('Lighthouse');
  });
});
