import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import SlowestFilesReporter from './tests/support/slowest-files-reporter.ts';
import { API_FILES, pgliteFiles } from './tests/api/engines.ts';

// scripts/test-services.sh writes the addresses of the PostgreSQL and Redis it found or started.
const SERVICES_FILE = 'tmp/test-services.env';
if (existsSync(SERVICES_FILE)) {
  for (const line of readFileSync(SERVICES_FILE, 'utf8').split('\n')) {
    const match = line.match(/^([A-Z_]+)=(.*)$/);
    if (match && process.env[match[1]!] === undefined) process.env[match[1]!] = match[2];
  }
}

// Two files at a time where files share nothing (each API file has its own database) and start no
// browser: vitest's default is one worker on a two-core machine, which leaves a core idle. Vitest
// runs projects with different workers in separate groups: these first, then the site and browser
// projects one file at a time. `npm test` (scripts/test.ts) runs the two groups side by side instead.
const PARALLEL = { maxWorkers: 2, sequence: { groupOrder: 0 } };
// For files that change no module's state and no global (the API files make their own app,
// database and stores): a worker keeps the modules it loaded for its next file instead of loading
// the same graph again for each (vitest's "Test Isolation" performance advice).
const SHARED_MODULES = { isolate: false };
const ONE_AT_A_TIME = { maxWorkers: 1, sequence: { groupOrder: 1 } };

/**
 * The unit files that hold state in modules or globals: the browser's stores and islands, a mocked
 * module, a stubbed global or timer, web storage, an environment variable. Each runs in a fresh
 * module graph (vitest's default); the other unit files test functions of their arguments and share
 * a worker's modules, which took the unit files from 272 to 170 s of CPU.
 */
const KEEPS_STATE =
  /src\/(stores|islands)\/|vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|localStorage|sessionStorage|process\.env\.\w+ =[^=]/;
const unitFiles = readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/unit/${name}`);
const UNIT_FILES_WITH_STATE = unitFiles.filter((file) => KEEPS_STATE.test(readFileSync(file, 'utf8')));

const apiSuite = (name: string, database: 'pglite' | 'postgres', include: string[]) => ({
  extends: true as const,
  test: {
    name,
    include,
    env: { TEST_DB: database },
    ...PARALLEL,
    ...SHARED_MODULES,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // vitest's own report, then the slowest files.
    reporters: ['default', new SlowestFilesReporter()],
    globalSetup: ['tests/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: UNIT_FILES_WITH_STATE,
          ...PARALLEL,
          ...SHARED_MODULES,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-with-state',
          include: UNIT_FILES_WITH_STATE,
          ...PARALLEL,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // English only unless a test asks for more (three languages are three astro builds): SITE_LOCALES, src/build/locales.ts.
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          env: { SITE_LOCALES: 'en' },
          ...ONE_AT_A_TIME,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      // Chromium (CHROMIUM_PATH, from scripts/test-services.sh) on a fresh build of the site.
      // One server and build for the whole suite (tests/browser/site-setup.ts), shared by its files.
      // expect.poll waits up to 15 s, not vitest's 1 s: a busy two-core machine may take seconds to load and hydrate.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          ...ONE_AT_A_TIME,
          globalSetup: ['tests/global-setup.ts', 'tests/browser/site-setup.ts'],
          // Its files change no module's state or global: each file's own Chromium and accounts are its state.
          ...SHARED_MODULES,
          testTimeout: 60_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      // The API suite on a real PostgreSQL server, and on PGlite what differs by engine (tests/api/engines.ts).
      apiSuite('api-pglite', 'pglite', pgliteFiles()),
      ...(process.env.TEST_DATABASE_URL ? [apiSuite('api-postgres', 'postgres', API_FILES)] : []),
    ],
  },
});
