// npm run import [-- --source KEY | --jsonld URL…] [--record|--replay FILE.har] [--probe]: imports
// offers from their sources. Each run goes through the job queue (src/server/jobs/import-queue.ts),
// so a source that another process is already importing is not imported twice: this command waits
// for that run instead. A recorded or replayed run goes in this process, with its own fetcher
// (fetch/har.ts). Prints a line per source, then the total:
// import: new N, changed N, unchanged N, missing N, failed N
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { describeDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { adapterFor } from '../../src/server/importers/adapters/index.ts';
import { captureTime, createHarRecorder, createReplayFetcher, readHar } from '../../src/server/importers/fetch/har.ts';
import { createPoliteFetcher } from '../../src/server/importers/fetch/polite-fetch.ts';
import { runSource, summaryLine, type RunSummary } from '../../src/server/importers/pipeline.ts';
import type { PoliteFetcher } from '../../src/server/importers/types.ts';
import { startImportQueue } from '../../src/server/jobs/import-queue.ts';
import { enabledSources, findSource, pageSources, totalOf } from '../../src/server/importers/sources.ts';
import { commandFailure, openCommandDatabase, type Command, type CommandIo } from '../lib/command.ts';

const USAGE = `Usage: npm run import [-- --source KEY | --jsonld URL…] [--record FILE.har | --replay FILE.har] [--probe] [--accept-shrink]

Imports offers from their sources into the Review queue, and keeps imported offers fresh.
  (no option)        every enabled source
  --source KEY       one source, enabled or not (keys: the console's Importers page)
  --jsonld URL…      the schema.org offers of these pages; each page becomes a source
  --record FILE.har  saves every request and answer of the run in FILE.har (HAR 1.2)
  --replay FILE.har  runs the import from FILE.har, with no network, as of when it was captured:
                     a capture made with --record, or one saved from a browser's developer tools
                     on the source's page
  --probe            writes nothing: asks each source's listing whether the structure its
                     adapter expects is there, and prints how many offers it sees
  --accept-shrink    runs a source whose listing shrank by more than half since its last good run
  -h, --help         show this help

--record and --replay run in this process, not through the job queue.
Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

function parseOptions(io: CommandIo) {
  const fail = (message: string) => commandFailure(io, 'import', message);
  let parsed;
  try {
    parsed = parseArgs({
      args: io.argv,
      options: {
        source: { type: 'string' },
        jsonld: { type: 'boolean' },
        record: { type: 'string' },
        replay: { type: 'string' },
        probe: { type: 'boolean' },
        'accept-shrink': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  if (values.jsonld && positionals.length === 0) fail('--jsonld needs at least one page URL.');
  if (!values.jsonld && positionals.length > 0)
    fail(`unexpected argument '${positionals[0]}' (page URLs follow --jsonld).`);
  if (values.jsonld && values.source) fail('give --source or --jsonld, not both.');
  if (values.record && values.replay) fail('give --record or --replay, not both.');
  if (values.probe && values.record) fail('a probe writes nothing: give --probe or --record, not both.');
  for (const url of positionals) if (!URL.canParse(url) || !/^https?:/.test(url)) fail(`not an http(s) URL: '${url}'.`);
  return {
    source: values.source,
    pages: values.jsonld ? positionals : [],
    record: values.record,
    replay: values.replay,
    probe: values.probe ?? false,
    acceptShrink: values['accept-shrink'] ?? false,
  };
}

type Options = NonNullable<ReturnType<typeof parseOptions>>;

export const importCommand: Command = async (io) => {
  const fail = (message: string) => commandFailure(io, 'import', message);
  const options = parseOptions(io);
  if (!options) {
    io.console.log(USAGE);
    return 0;
  }
  const env = readEnv(io.env);
  // Read first: a capture that is no HAR is refused before the database is opened.
  const captured = options.replay
    ? await readHar(options.replay).catch((error: Error) => fail(error.message))
    : undefined;
  // PGlite: one process at a time. The running server imports on its schedule and from the console.
  const handle = await openCommandDatabase(
    io,
    'import',
    env,
    `While npm start runs on PGlite, import from the team console's Importers page ("Run now"), or stop the server first.`,
  );
  const recorder = options.record ? createHarRecorder() : undefined;
  const fetcher = captured
    ? createReplayFetcher(captured, basename(options.replay!))
    : createPoliteFetcher({
        siteUrl: env.SITE_URL,
        perHostDelayMs: env.IMPORT_HOST_DELAY_MS,
        allowedHosts: env.IMPORT_ALLOWED_HOSTS,
        onExchange: recorder?.add,
      });
  try {
    const keys = await sourceKeys(io, handle.db, options);
    if (options.probe) return await probe(io, handle.db, keys, fetcher);
    if (recorder || captured)
      return await importHere(io, handle.db, keys, fetcher, options, captured && captureTime(captured));
    return await importThroughQueue(io, handle, keys, fetcher, options);
  } finally {
    if (recorder && options.record) {
      await recorder.save(options.record);
      io.console.error(`Saved ${recorder.entryCount} request(s) and their answers in ${options.record}.`);
    }
    await handle.close();
  }
};

/** The sources to run: the pages given, the one named, or every enabled one. */
async function sourceKeys(io: CommandIo, db: Database, options: Options): Promise<string[]> {
  if (options.pages.length) return pageSources(db, options.pages);
  if (options.source) {
    if (!(await findSource(db, options.source))) commandFailure(io, 'import', `no source '${options.source}'.`);
    return [options.source];
  }
  return (await enabledSources(db)).map((source) => source.sourceKey);
}

/** One line per source: its result, then its refused items. Returns whether it ran. */
function report(
  io: CommandIo,
  key: string,
  result: { summary?: RunSummary; failure?: string },
  summaries: RunSummary[],
): boolean {
  if (!result.summary) {
    io.console.log(`${key}: failed: ${result.failure}`);
    return false;
  }
  summaries.push(result.summary);
  io.console.log(`${key}: ${summaryLine(result.summary)}`);
  for (const error of result.summary.errors)
    io.console.log(`  ${error.itemKey ? `${error.itemKey}: ` : ''}${error.reason}`);
  return true;
}

/** Runs each source through the job queue, so that a source another process is importing is not imported twice. */
async function importThroughQueue(
  io: CommandIo,
  handle: DatabaseHandle,
  keys: string[],
  fetcher: PoliteFetcher,
  options: Options,
): Promise<number> {
  const queue = await startImportQueue({
    handle,
    pipeline: { db: handle.db, fetcher },
    intervalHours: 0,
    log: (line) => io.console.error(line),
  });
  try {
    io.console.error(`Importing ${keys.length} source(s) into ${describeDatabase(readEnv(io.env))}…`);
    // Queued together, so that they run one after another in this process (or in another that is already running them).
    const jobs: { key: string; jobId: string | undefined }[] = [];
    for (const key of keys) {
      const jobId =
        (await queue.runNow(key, 'command', { retry: false, acceptShrink: options.acceptShrink })) ??
        (await queue.pendingJob(key));
      if (jobId === undefined) io.console.error(`${key}: already imported by another process just now.`);
      jobs.push({ key, jobId });
    }
    const summaries: RunSummary[] = [];
    let exitCode = 0;
    for (const { key, jobId } of jobs) {
      if (jobId !== undefined && !report(io, key, await queue.waitFor(jobId), summaries)) exitCode = 1;
    }
    io.console.log(totalOf(summaries));
    return exitCode;
  } finally {
    await queue.stop();
  }
}

/** Runs each source here, with this fetcher (recording, or answering from a capture, as of when it was captured). */
async function importHere(
  io: CommandIo,
  db: Database,
  keys: string[],
  fetcher: PoliteFetcher,
  options: Options,
  capturedAt?: Date,
): Promise<number> {
  io.console.error(
    `Importing ${keys.length} source(s) ${options.replay ? `from ${options.replay}${capturedAt ? `, as of ${capturedAt.toISOString()} when it was captured` : ''}` : 'and recording them'}…`,
  );
  const summaries: RunSummary[] = [];
  let exitCode = 0;
  for (const key of keys) {
    const result = await runSource({ db, fetcher, now: capturedAt && (() => capturedAt) }, key, 'command', {
      acceptShrink: options.acceptShrink,
    }).then(
      (summary) => ({ summary }),
      (error: unknown) => ({ failure: error instanceof Error ? error.message : String(error) }),
    );
    if (!report(io, key, result, summaries)) exitCode = 1;
  }
  io.console.log(totalOf(summaries));
  return exitCode;
}

/** Reads each source's listing and prints what it sees; writes nothing. Returns 1 when one fails. */
async function probe(io: CommandIo, db: Database, keys: string[], fetcher: PoliteFetcher): Promise<number> {
  let exitCode = 0;
  for (const key of keys) {
    const source = (await findSource(db, key))!;
    try {
      const read = await adapterFor(source.adapter).read({ url: source.url, fetcher, now: new Date() });
      const refused =
        read.failures.length > 0 ? `, ${read.failures.length} it cannot read (first: ${read.failures[0]!.reason})` : '';
      io.console.log(`${key}: ok: ${read.items.length} offer(s) at ${source.url}${refused}`);
    } catch (error) {
      exitCode = 1;
      io.console.log(`${key}: failing: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return exitCode;
}
