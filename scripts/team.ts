// Makes a team account: npm run team -- --mobile 771234567 [--first-name ... --password ...]
// Team accounts run the console at /console/team; neither sign-up nor the API makes them.
// Opens the database as the server does: DATABASE_URL (PostgreSQL) when set, otherwise PGlite in
// DATA_DIR (default ./data), which only one process may have open: stop `npm start` first.
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { readDatabaseEnv } from '../src/server/env.ts';
import { HttpFailure } from '../src/server/errors.ts';
import { createOrPromoteTeamMember } from '../src/server/services/team-members.ts';

const USAGE = `Usage: npm run team -- --mobile 771234567 [options]

Makes the account with this mobile number a team account (userType 3), which signs in on the usual
sign-in page and gets the team console (/console/team/review). When no account uses the number,
creates a verified team account: --first-name and --password are then required.

  --mobile N            the account's mobile number, 9 digits without +94 (required)
  --first-name TEXT     the person's first name (required for a new account)
  --password TEXT       a new account's password: 8 to 64 characters with a lower-case letter,
                        an upper-case letter and a digit, and not easy to guess. Not accepted for an
                        existing account (its owner resets it with the reset flow).
  -h, --help            show this help

Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).
With PGlite, stop the server first: the database can be open in one process only.

Exit status: 0 done, 1 bad arguments or input, 2 the database could not be opened or written.`;

const OPTION_OF_FIELD: Record<string, string> = { mobileNo: '--mobile', firstName: '--first-name', password: '--password' };

function fail(message: string, status = 1): never {
  console.error(`team: ${message}`);
  if (status === 1) console.error('Run with --help for usage.');
  process.exit(status);
}

function parseOptions() {
  let values: { mobile?: string; 'first-name'?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { mobile: { type: 'string' }, 'first-name': { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.mobile === undefined) fail('--mobile is required.');
  return Object.fromEntries(Object.entries({ mobileNo: values.mobile, firstName: values['first-name'], password: values.password }).filter(([, value]) => value !== undefined));
}

async function main(): Promise<void> {
  const input = parseOptions();
  let env: ReturnType<typeof readDatabaseEnv>;
  try {
    env = readDatabaseEnv();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 2);
  }
  let handle;
  try {
    handle = await openDatabaseFromEnv(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message, 2);
    fail(`could not open the database (${describeDatabase(env)}): ${error instanceof Error ? error.message : error}`, 2);
  }
  let refusal: string | undefined;
  try {
    const { user, created } = await createOrPromoteTeamMember(handle.db, input);
    console.log(`${created ? 'Created' : 'Promoted'} team account ${user.mobileNo} (user ${user.userId}, ${user.firstName}). It signs in at /sign-in and gets the console at /console/team/review.`);
    if (!user.isMobileVerification) console.log('Note: this number is not verified yet; its owner verifies it by code at sign-in.');
    if (user.isAccountBlock) console.log('Note: this account is blocked and cannot sign in.');
  } catch (error) {
    if (!(error instanceof HttpFailure) || error.httpStatus >= 500) throw error;
    const issues = (error.extra.issues as Array<{ path: string; message: string }> | undefined) ?? [];
    refusal = issues.length ? [...new Set(issues.map((issue) => `${OPTION_OF_FIELD[issue.path] ?? issue.path}: ${issue.message}`))].join('\n  ') : error.message;
  } finally {
    await handle.close();
  }
  if (refusal) fail(refusal);
}

main().catch((error: unknown) => {
  console.error('team: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(2);
});
