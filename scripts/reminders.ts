// Sends the expiry reminders that are due, once: npm run reminders -- --now (and the reminders of
// the offers users planned to use, "I'll use this": by SMS, or e-mail through MAIL_PROVIDER)
// The server runs the same job every hour (src/server/jobs/reminders.ts). A reminder already sent,
// here or by any process, is skipped (reminder_sends); in quiet hours (21:00 to 08:00 Sri Lanka's
// time) nothing is sent. With SMS_PROVIDER=console each message is printed.
// Prints last: reminders: sent N, skipped N
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { readEnv } from '../src/server/env.ts';
import { runReminders } from '../src/server/jobs/reminders.ts';
import { mailFromEnv } from '../src/server/services/mail.ts';
import { createConsoleSmsProvider, createHttpSmsProvider } from '../src/server/services/sms.ts';

const USAGE = `Usage: npm run reminders -- --now

Sends the expiry reminders due now (each user at most one per end day; none from 21:00 to 08:00 Sri Lanka's time),
and the reminders of the offers users planned to use ("I'll use this"; each step once).
  --now        run the reminders job once, now
  --at TIME    with --now and SMS_PROVIDER=console only: run as if it were TIME (ISO 8601, e.g.
               2031-03-03T09:00:00+05:30), to try the job's days and quiet hours
  -h, --help   show this help

SMS: SMS_PROVIDER (console prints each message; http sends through SMS_HTTP_URL).
Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

function fail(message: string): never {
  console.error(`reminders: ${message}`);
  process.exit(1);
}

async function main() {
  let now = false;
  let at: string | undefined;
  try {
    const { values } = parseArgs({
      options: { now: { type: 'boolean' }, at: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    now = Boolean(values.now);
    at = values.at;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (!now) fail(`say --now to send the reminders now.\n${USAGE}`);
  const env = readEnv();
  const clock = at === undefined ? new Date() : new Date(at);
  if (Number.isNaN(clock.getTime())) fail(`--at: not a time: '${at}'.`);
  // A made-up time could text real people in their night: only for the console provider.
  if (at !== undefined && env.SMS_PROVIDER !== 'console') fail('--at only runs with SMS_PROVIDER=console.');
  let handle;
  try {
    handle = await openDatabaseFromEnv(env);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      fail(
        `${error.message}\nWhile npm start runs on PGlite, it sends the reminders every hour; stop it first to run them from here.`,
      );
    throw error;
  }
  const sms =
    env.SMS_PROVIDER === 'http'
      ? createHttpSmsProvider(env.SMS_HTTP_URL!, env.SMS_HTTP_TOKEN)
      : createConsoleSmsProvider((line) => console.log(line));
  const siteUrl = env.SITE_URL.replace(/\/$/, '');
  try {
    console.error(`Sending reminders from ${describeDatabase(env)} through the ${sms.name} SMS provider…`);
    const result = await runReminders(
      {
        db: handle.db,
        sms,
        mail: mailFromEnv(env, (line) => console.log(line)),
        siteUrl,
        apiUrl: siteUrl + env.API_BASE,
        log: (line) => console.error(line),
      },
      { now: clock },
    );
    if (result.quiet)
      console.error(
        'reminders: quiet hours (21:00 to 08:00 Sri Lanka time): nothing sent; the due reminders go from 08:00.',
      );
    console.log(`reminders: sent ${result.sent}, skipped ${result.skipped}`);
    if (result.failed) {
      console.error(`reminders: ${result.failed} failed (they are tried again on the next run)`);
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
}

await main();
