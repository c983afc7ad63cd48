// npm run digests -- --now: sends this week's alert digests once (scripts/digests.ts runs it and
// says more).
import { parseArgs } from 'node:util';
import { describeDatabase } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { runDigests } from '../../src/server/jobs/digests.ts';
import { mailFromEnv } from '../../src/server/services/mail.ts';
import { commandFailure, openCommandDatabase, type Command } from '../lib/command.ts';

const USAGE = `Usage: npm run digests -- --now

Sends this week's alert digests now (each user at most one a week).
  --now        run the digests job once, now
  -h, --help   show this help

E-mail: MAIL_PROVIDER (console or smtp) and SMTP_* (docs/operations.md).
Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

export const digestsCommand: Command = async (io) => {
  const fail = (message: string) => commandFailure(io, 'digests', message);
  let now = false;
  try {
    const { values } = parseArgs({
      args: io.argv,
      options: { now: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      io.console.log(USAGE);
      return 0;
    }
    now = Boolean(values.now);
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (!now) fail(`say --now to send the digests now.\n${USAGE}`);
  const env = readEnv(io.env);
  const handle = await openCommandDatabase(
    io,
    'digests',
    env,
    `While npm start runs on PGlite, it sends the digests on its schedule; stop it first to run them from here.`,
  );
  const mail = mailFromEnv(env, (line) => io.console.error(line));
  try {
    io.console.error(`Sending digests from ${describeDatabase(env)} through ${mail.provider.name}…`);
    const result = await runDigests({ db: handle.db, mail, log: (line) => io.console.error(line) });
    io.console.log(
      `digests: sent ${result.sent}, skipped ${result.skipped}${result.failed ? `, failed ${result.failed}` : ''}`,
    );
    return result.failed ? 1 : 0;
  } finally {
    mail.provider.close?.();
    await handle.close();
  }
};
