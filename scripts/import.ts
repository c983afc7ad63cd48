// Imports offers from their sources: npm run import [-- --source KEY | --jsonld URL…]
// Each run goes through the job queue (src/server/importers/queue.ts), so a source that another
// process is already importing is not imported twice: this command waits for that run instead.
// Prints a line per source, then the total: import: new N, changed N, unchanged N, missing N, failed N
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { readEnv } from '../src/server/env.ts';
import { createPoliteFetcher } from '../src/server/importers/fetch/polite-fetch.ts';
import { summaryLine, type RunSummary } from '../src/server/importers/pipeline.ts';
import { startImportQueue } from '../src/server/importers/queue.ts';
import { enabledSources, findSource, pageSources, totalOf } from '../src/server/importers/sources.ts';

const USAGE = `Usage: npm run import [-- --source KEY | --jsonld URL…]

Imports offers from their sources into the Review queue, and keeps imported offers fresh.
  (no option)      every enabled source
  --source KEY     one source, enabled or not (keys: the console's Importers page)
  --jsonld URL…    the schema.org offers of these pages; each page becomes a source
  -h, --help       show this help

Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

function fail(message: string): never {
  console.error(`import: ${message}`);
  process.exit(1);
}

function parseOptions() {
  try {
    const { values, positionals } = parseArgs({
      options: { source: { type: 'string' }, jsonld: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (values.jsonld && positionals.length === 0) fail('--jsonld needs at least one page URL.');
    if (!values.jsonld && positionals.length > 0) fail(`unexpected argument '${positionals[0]}' (page URLs follow --jsonld).`);
    if (values.jsonld && values.source) fail('give --source or --jsonld, not both.');
    for (const url of positionals) if (!URL.canParse(url) || !/^https?:/.test(url)) fail(`not an http(s) URL: '${url}'.`);
    return { source: values.source, pages: values.jsonld ? positionals : [] };
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

async function main() {
  const options = parseOptions();
  const env = readEnv();
  let handle;
  try {
    handle = await openDatabaseFromEnv(env);
  } catch (error) {
    // PGlite: one process at a time. The running server imports on its schedule and from the console.
    if (error instanceof DataDirLockedError) {
      fail(`${error.message}\nWhile npm start runs on PGlite, import from the team console's Importers page ("Run now"), or stop the server first.`);
    }
    throw error;
  }
  const fetcher = createPoliteFetcher({ siteUrl: env.SITE_URL, perHostDelayMs: env.IMPORT_HOST_DELAY_MS, allowedHosts: env.IMPORT_ALLOWED_HOSTS });
  const queue = await startImportQueue({
    handle, pipeline: { db: handle.db, fetcher }, intervalHours: 0, log: (line) => console.error(line),
  });
  let exitCode = 0;
  try {
    let keys: string[];
    if (options.pages.length) keys = await pageSources(handle.db, options.pages);
    else if (options.source) {
      if (!(await findSource(handle.db, options.source))) fail(`no source '${options.source}'.`);
      keys = [options.source];
    } else keys = (await enabledSources(handle.db)).map((source) => source.sourceKey);
    console.error(`Importing ${keys.length} source(s) into ${describeDatabase(env)}…`);

    // Queued together, so that they run one after another in this process (or in another that is already running them).
    const jobs: { key: string; jobId: string | undefined }[] = [];
    for (const key of keys) {
      const jobId = (await queue.runNow(key, 'command', { retry: false })) ?? (await queue.pendingJob(key));
      if (jobId === undefined) console.error(`${key}: already imported by another process just now.`);
      jobs.push({ key, jobId });
    }
    const summaries: RunSummary[] = [];
    for (const { key, jobId } of jobs) {
      if (jobId === undefined) continue;
      const result = await queue.waitFor(jobId);
      if (result.summary) {
        summaries.push(result.summary);
        console.log(`${key}: ${summaryLine(result.summary)}`);
        for (const error of result.summary.errors) console.log(`  ${error.itemKey ? `${error.itemKey}: ` : ''}${error.reason}`);
      } else {
        exitCode = 1;
        console.log(`${key}: failed: ${result.failure}`);
      }
    }
    console.log(totalOf(summaries));
  } finally {
    await queue.stop();
    await handle.close();
  }
  process.exitCode = exitCode;
}

await main();
