// Which API cases run on which engine. Drizzle writes the same SQL for both, so a case that only
// reads and writes through it runs once: on PostgreSQL when the run has a server (api-postgres),
// else on PGlite. PGlite, the embedded default, also runs the files below, which hold what differs
// by engine: opening and locking a data directory, restarts, the commands' own database, the
// worker thread. In those files a case that is the same on both engines says
// `it.runIf(RUNS_ENGINE_NEUTRAL_CASES)`.
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** Whether this run has the PostgreSQL project (vitest.config.ts adds it when TEST_DATABASE_URL is set, after reading it). */
const hasPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export const RUNS_ENGINE_NEUTRAL_CASES = TEST_DB === 'postgres' || !hasPostgres();

/** The API files api-pglite runs beside api-postgres: cases of PGlite's own, and the end-to-end journey on the default engine. */
export const PGLITE_OWN_FILES = [
  'database',
  'restart',
  'import-restart',
  'import-command',
  'merchant-accounts',
  'digests-command',
  'dev-outbox',
  'slow-requests',
  'smoke',
  'journey',
].map((name) => `tests/api/${name}.test.ts`);

/** The whole API suite, which api-postgres runs. */
export const API_FILES = ['tests/api/**/*.test.ts'];

/** api-pglite's files: all of them when there is no PostgreSQL project. */
export const pgliteFiles = (): string[] => (hasPostgres() ? PGLITE_OWN_FILES : API_FILES);
