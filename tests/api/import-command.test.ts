// npm run import (scripts/import.ts) as a user runs it, against a fixture server: its lines, its
// refusal while npm start holds a PGlite folder, and, on PostgreSQL, two processes asked to import
// the same source at once importing it once. Those cases, and the first run, start the command as
// its own process; the others run it in this one (a cold start costs seconds of CPU each).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { importRuns, importSources } from '../../src/server/db/schema.ts';
import { seedDemoData } from '../../src/server/seed/index.ts';
import { importCommand as importCommandInProcess } from '../../scripts/commands/import.ts';
import { runAsChildProcess, runInProcess } from '../support/commands.ts';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.ts';
import { commandDatabase } from './command-database.ts';
import { RUNS_ENGINE_NEUTRAL_CASES, TEST_DB } from './harness.ts';

const DAY = 86_400_000;
const slDay = (days: number) => new Date(Date.now() + days * DAY + 330 * 60_000).toISOString().slice(0, 10);
const feed = (ids: string[]) =>
  JSON.stringify({
    format: 'offerlanka-partner-feed',
    version: 1,
    publisher: 'Command test',
    offers: ids.map((id) => ({
      id,
      title: `${id}: 15% off the total bill`,
      merchant: `Spice Garden ${id}`,
      bank: 'Sampath Bank',
      discount: { percent: 15, kind: 'off' },
      validFrom: slDay(0),
      validThrough: slDay(30),
      cards: 'all',
      category: 'Dining',
    })),
  });

let server: FixtureServer;
const database = commandDatabase('import');

/** The command's environment: the fixture server is on loopback, which the importers refuse unless it is allowed. */
const commandEnv = () => ({
  ...process.env,
  IMPORT_HOST_DELAY_MS: '0',
  PORT: '0',
  IMPORT_ALLOWED_HOSTS: new URL(server.url).host,
  ...database.env(),
});

/** `npm run import` with these arguments, in its own process. */
const importProcess = (...args: string[]) => runAsChildProcess('import', args, commandEnv());

/** The same command, run in this process. */
const importCommand = (...args: string[]) => runInProcess(importCommandInProcess, args, commandEnv());

beforeAll(async () => {
  server = await startFixtureServer();
  server.setRoute('/feed.json', { headers: { 'content-type': 'application/json' }, body: feed(['C1', 'C2', 'C3']) });
  const handle = await database.open();
  await seedDemoData(handle.db, { offers: 10 });
  await handle.db.insert(importSources).values([
    {
      sourceKey: 'command-feed',
      name: 'Command feed',
      adapter: 'partner-feed',
      url: `${server.url}/feed.json`,
      enabled: true,
    },
    {
      sourceKey: 'slow-feed',
      name: 'Slow feed',
      adapter: 'partner-feed',
      url: `${server.url}/slow.json`,
      enabled: false,
    },
  ]);
  await handle.close();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database.remove();
});

describe('npm run import', () => {
  it('imports every enabled source, a line for each, and ends with the total line; a second run changes nothing', async () => {
    const first = await importProcess();
    expect(first.stdout).toContain('command-feed: import: new 3, changed 0, unchanged 0, missing 0, failed 0');
    expect(first.stdout.trim().split('\n').at(-1)).toBe('import: new 3, changed 0, unchanged 0, missing 0, failed 0');
    const second = await importCommand('--source', 'command-feed');
    expect(second.stdout.trim().split('\n').at(-1)).toBe('import: new 0, changed 0, unchanged 3, missing 0, failed 0');
  }, 120_000);

  it.runIf(RUNS_ENGINE_NEUTRAL_CASES)(
    'says what is wrong with its arguments, and which source it does not know',
    async () => {
      const unknown = await importCommand('--source', 'nowhere');
      expect(unknown).toMatchObject({ code: 1 });
      expect((unknown as { stderr: string }).stderr).toContain("import: no source 'nowhere'.");
      const badUrl = await importCommand('--jsonld', 'ftp://example.com/offers');
      expect((badUrl as { stderr: string }).stderr).toContain(
        "import: not an http(s) URL: 'ftp://example.com/offers'.",
      );
    },
    120_000,
  );

  it.runIf(TEST_DB === 'pglite')(
    'refuses a PGlite folder another process holds, and says where to import from instead',
    async () => {
      const holder = await openDatabase({ kind: 'pglite', dataDir: database.dataDir! });
      try {
        const refused = await importProcess();
        expect(refused).toMatchObject({ code: 1 });
        expect((refused as { stderr: string }).stderr).toMatch(
          /in use by process \d+[\s\S]*Importers page \("Run now"\)/,
        );
      } finally {
        await holder.close();
      }
    },
    120_000,
  );

  it.runIf(TEST_DB === 'postgres')(
    'imports a source once when two processes start it at the same time',
    async () => {
      // Slow enough that the second process asks while the first one's run is still going.
      server.setRoute('/slow.json', {
        delayMs: 2_500,
        headers: { 'content-type': 'application/json' },
        body: feed(['S1', 'S2']),
      });
      server.resetHits();
      const [a, b] = await Promise.all([
        importProcess('--source', 'slow-feed'),
        importProcess('--source', 'slow-feed'),
      ]);
      for (const result of [a, b])
        expect(result.stdout.trim().split('\n').at(-1)).toBe(
          'import: new 2, changed 0, unchanged 0, missing 0, failed 0',
        );
      expect(server.hits('/slow.json')).toBe(1);
      const handle = await openDatabase({ kind: 'postgres', url: database.databaseUrl! });
      try {
        expect(await handle.db.select().from(importRuns).where(eq(importRuns.sourceKey, 'slow-feed'))).toHaveLength(1);
      } finally {
        await handle.close();
      }
    },
    120_000,
  );
});

describe.runIf(RUNS_ENGINE_NEUTRAL_CASES)('npm run import, captured and replayed', () => {
  const work = mkdtempSync(join(tmpdir(), 'offerlanka-har-'));
  const capture = join(work, 'command-feed.har');
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const feedUrl = () => `${server.url}/feed.json`;

  it('--record saves every request and answer of the run; --replay runs it again from the file with the site gone', async () => {
    server.setRoute('/feed.json', { headers: { 'content-type': 'application/json' }, body: feed(['C1', 'C2', 'C3']) });
    const recorded = await importCommand('--source', 'command-feed', '--record', capture);
    expect(recorded.stdout.trim().split('\n').at(-1)).toBe(
      'import: new 0, changed 0, unchanged 3, missing 0, failed 0',
    );
    expect(recorded.stderr).toContain(`Saved 2 request(s) and their answers in ${capture}.`);
    const har = JSON.parse(readFileSync(capture, 'utf8'));
    expect(har.log.entries.map((entry: { request: { url: string } }) => entry.request.url)).toEqual([
      `${server.url}/robots.txt`,
      feedUrl(),
    ]);
    expect(JSON.parse(har.log.entries[1].response.content.text).offers).toHaveLength(3);

    // The site now answers nothing: the replay does not ask it.
    server.setRoute('/feed.json', { status: 503 });
    server.resetHits();
    const replayed = await importCommand('--source', 'command-feed', '--replay', capture);
    expect(replayed.stdout.trim().split('\n').at(-1)).toBe(
      'import: new 0, changed 0, unchanged 3, missing 0, failed 0',
    );
    expect(server.requests()).toEqual([]);
  }, 240_000);

  it('--replay fails a run whose request the capture lacks, naming it, and refuses a file that is no HAR', async () => {
    const other = join(work, 'other.har');
    writeFileSync(other, JSON.stringify({ log: { version: '1.2', entries: [] } }));
    const missing = await importCommand('--source', 'command-feed', '--replay', other);
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stdout).toContain(
      `command-feed: failed: Command feed: GET ${feedUrl()} is not in the capture other.har`,
    );
    writeFileSync(other, '{"entries": []}');
    const notHar = await importCommand('--source', 'command-feed', '--replay', other);
    expect(notHar).toMatchObject({ code: 1 });
    expect(notHar.stderr).toContain(`import: ${other} is not a HAR file: log: `);
  }, 240_000);

  it('--probe prints what each source lists, or why it fails, and writes nothing', async () => {
    const runsBefore = await runCount();
    const fromCapture = await importCommand('--probe', '--source', 'command-feed', '--replay', capture);
    expect(fromCapture.stdout.trim()).toBe(`command-feed: ok: 3 offer(s) at ${feedUrl()}`);
    server.setRoute('/feed.json', { status: 403, body: 'Forbidden' });
    const live = await importCommand('--probe');
    expect(live).toMatchObject({ code: 1 });
    expect(live.stdout.trim()).toBe(`command-feed: failing: GET ${feedUrl()} answered 403`);
    expect(await runCount()).toBe(runsBefore);
  }, 240_000);

  it('holds a listing that shrank by more than half, ending nothing, until told it is right', async () => {
    server.setRoute('/feed.json', { headers: { 'content-type': 'application/json' }, body: feed(['C1']) });
    const held = await importCommand('--source', 'command-feed');
    expect(held).toMatchObject({ code: 1 });
    expect(held.stdout).toContain(
      'command-feed: failed: Command feed: The listing holds 1 offer, against 3 at the last good run',
    );
    expect(held.stdout).toContain('run it with --accept-shrink');
    const accepted = await importCommand('--source', 'command-feed', '--accept-shrink');
    expect(accepted.stdout.trim().split('\n').at(-1)).toBe(
      'import: new 0, changed 0, unchanged 1, missing 2, failed 0',
    );
  }, 240_000);
});

async function runCount(): Promise<number> {
  const handle = await database.reopen();
  try {
    return (await handle.db.select().from(importRuns)).length;
  } finally {
    await handle.close();
  }
}
