// npm run reminders -- --now: sends the expiry reminders (and the "I'll use this" reminders) that
// are due, once (scripts/reminders.ts runs it and says more).
import { parseArgs } from 'node:util';
import { describeDatabase } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { runReminders } from '../../src/server/jobs/reminders.ts';
import { mailFromEnv } from '../../src/server/services/mail.ts';
import { createConsoleSmsProvider, createHttpSmsProvider } from '../../src/server/services/sms.ts';
import { commandFailure, openCommandDatabase, type Command } from '../lib/command.ts';

const USAGE = `Usage: npm run reminders -- --now

Sends the expiry reminders due now (each user at most one per end day; none from 21:00 to 08:00 Sri Lanka's time),
and the reminders of the offers users planned to use ("I'll use this"; each step once).
  --now        run the reminders job once, now
  --at TIME    with --now and SMS_PROVIDER=console only: run as if it were TIME (ISO 8601, e.g.
               2031-03-03T09:00:00+05:30), to try the job's days and quiet hours
  -h, --help   show this help

SMS: SMS_PROVIDER (console prints each message; http sends through SMS_HTTP_URL).
Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

export const remindersCommand: Command = async (io) => {
  const fail = (message: string) => commandFailure(io, 'reminders', message);
  let now = false;
  let at: string | undefined;
  try {
    const { values } = parseArgs({
      args: io.argv,
      options: { now: { type: 'boolean' }, at: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      io.console.log(USAGE);
      return 0;
    }
    now = Boolean(values.now);
    at = values.at;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (!now) fail(`say --now to send the reminders now.\n${USAGE}`);
  const env = readEnv(io.env);
  const clock = at === undefined ? new Date() : new Date(at);
  if (Number.isNaN(clock.getTime())) fail(`--at: not a time: '${at}'.`);
  // A made-up time could text real people in their night: only for the console provider.
  if (at !== undefined && env.SMS_PROVIDER !== 'console') fail('--at only runs with SMS_PROVIDER=console.');
  const handle = await openCommandDatabase(
    io,
    'reminders',
    env,
    `While npm start runs on PGlite, it sends the reminders every hour; stop it first to run them from here.`,
  );
  const sms =
    env.SMS_PROVIDER === 'http'
      ? createHttpSmsProvider(env.SMS_HTTP_URL!, env.SMS_HTTP_TOKEN)
      : createConsoleSmsProvider((line) => io.console.log(line));
  const mail = mailFromEnv(env, (line) => io.console.log(line));
  const siteUrl = env.SITE_URL.replace(/\/$/, '');
  try {
    io.console.error(`Sending reminders from ${describeDatabase(env)} through the ${sms.name} SMS provider…`);
    const result = await runReminders(
      { db: handle.db, sms, mail, siteUrl, apiUrl: siteUrl + env.API_BASE, log: (line) => io.console.error(line) },
      { now: clock },
    );
    if (result.quiet)
      io.console.error(
        'reminders: quiet hours (21:00 to 08:00 Sri Lanka time): nothing sent; the due reminders go from 08:00.',
      );
    io.console.log(`reminders: sent ${result.sent}, skipped ${result.skipped}`);
    if (result.failed) {
      io.console.error(`reminders: ${result.failed} failed (they are tried again on the next run)`);
      return 1;
    }
    return 0;
  } finally {
    // The process no longer exits to drop them: an SMTP transport's sockets, the database.
    mail.provider.close?.();
    await handle.close();
  }
};
