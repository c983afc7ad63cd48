// Sends this week's alert digests once: npm run digests -- --now
// The server sends them on its own every DIGEST_CRON (default Mondays 09:00, Sri Lanka's time);
// this runs the same job at once, e.g. after a missed week. A user already sent this week's digest
// is skipped (digest_sends), here or in any other process. Prints: digests: sent N, skipped N
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { readEnv } from '../src/server/env.ts';
import { runDigests } from '../src/server/jobs/digests.ts';
import { mailFromEnv } from '../src/server/services/mail.ts';

const USAGE = `Usage: npm run digests -- --now

Sends this week's alert digests now (each user at most one a week).
  --now        run the digests job once, now
  -h, --help   show this help

E-mail: MAIL_PROVIDER (console or smtp) and SMTP_* (docs/operations.md).
Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

function fail(message: string): never {
  console.error(`digests: ${message}`);
  process.exit(1);
}

async function main() {
  let now = false;
  try {
    const { values } = parseArgs({
      options: { now: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    now = Boolean(values.now);
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (!now) fail(`say --now to send the digests now.\n${USAGE}`);
  const env = readEnv();
  let handle;
  try {
    handle = await openDatabaseFromEnv(env);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      fail(
        `${error.message}\nWhile npm start runs on PGlite, it sends the digests on its schedule; stop it first to run them from here.`,
      );
    throw error;
  }
  const mail = mailFromEnv(env, (line) => console.error(line));
  try {
    console.error(`Sending digests from ${describeDatabase(env)} through ${mail.provider.name}…`);
    const result = await runDigests({ db: handle.db, mail, log: (line) => console.error(line) });
    console.log(
      `digests: sent ${result.sent}, skipped ${result.skipped}${result.failed ? `, failed ${result.failed}` : ''}`,
    );
    if (result.failed) process.exitCode = 1;
  } finally {
    mail.provider.close?.();
    await handle.close();
  }
}

await main();
