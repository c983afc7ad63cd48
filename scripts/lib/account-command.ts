// What `npm run merchant` and `npm run team` share: options parsed into the account service's
// fields, the database opened as the server opens it, and a refusal said in the options' words.
// Exit status: 0 done, 1 bad arguments or input, 2 the database could not be opened or written.
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv, type Database } from '../../src/server/db/client.ts';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock.ts';
import { readDatabaseEnv } from '../../src/server/env.ts';
import { HttpFailure } from '../../src/server/errors.ts';

/** The options every account command has, for its usage text. */
export const ACCOUNT_OPTIONS_USAGE = `  --mobile N            the account's mobile number, 9 digits without +94 (required)
  --first-name TEXT     the person's first name (required for a new account)
  --password TEXT       a new account's password: 8 to 64 characters with a lower-case letter,
                        an upper-case letter and a digit, and not easy to guess. Not accepted for an
                        existing account (its owner resets it with the reset flow).`;
/** The end of every account command's usage text. */
export const COMMON_USAGE = `  -h, --help            show this help

Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).
With PGlite, stop the server first: the database can be open in one process only.

Exit status: 0 done, 1 bad arguments or input, 2 the database could not be opened or written.`;

export interface AccountCommand {
  /** The command's name in its messages ('merchant: ...'). */
  name: string;
  usage: string;
  /** Text options → the service's field names. */
  textFields: Record<string, string>;
  /** Options without a value → the service's field names, set to true when given. */
  flagFields?: Record<string, string>;
  /** Makes or changes the account and says what was done. */
  run(db: Database, input: Record<string, string | boolean>): Promise<void>;
}

export function runAccountCommand(command: AccountCommand): void {
  const fail = (message: string, status = 1): never => {
    console.error(`${command.name}: ${message}`);
    if (status === 1) console.error('Run with --help for usage.');
    process.exit(status);
  };
  const flagFields = command.flagFields ?? {};
  const optionOfField = Object.fromEntries(
    Object.entries({ ...command.textFields, ...flagFields }).map(([option, field]) => [field, `--${option}`]),
  );

  function parseOptions(): Record<string, string | boolean> {
    let values: Record<string, string | boolean | undefined>;
    try {
      ({ values } = parseArgs({
        options: {
          ...Object.fromEntries(Object.keys(command.textFields).map((name) => [name, { type: 'string' as const }])),
          ...Object.fromEntries(Object.keys(flagFields).map((name) => [name, { type: 'boolean' as const }])),
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    if (values.help) {
      console.log(command.usage);
      process.exit(0);
    }
    if (values.mobile === undefined) fail('--mobile is required.');
    const input: Record<string, string | boolean> = {};
    for (const [option, field] of Object.entries({ ...command.textFields, ...flagFields })) {
      if (values[option] !== undefined) input[field] = values[option]!;
    }
    return input;
  }

  async function main(): Promise<void> {
    const input = parseOptions();
    let env: ReturnType<typeof readDatabaseEnv>;
    try {
      env = readDatabaseEnv();
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error), 2);
    }
    let handle;
    try {
      handle = await openDatabaseFromEnv(env);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message, 2);
      return fail(
        `could not open the database (${describeDatabase(env)}): ${error instanceof Error ? error.message : error}`,
        2,
      );
    }
    let refusal: string | undefined;
    try {
      await command.run(handle.db, input);
    } catch (error) {
      // Bad input (400) or a number taken meanwhile (409): the operator's to fix.
      if (!(error instanceof HttpFailure) || error.httpStatus >= 500) throw error;
      const issues = (error.extra.issues as Array<{ path: string; message: string }> | undefined) ?? [];
      // One line per option and message (a password can break one rule several ways).
      refusal = issues.length
        ? [...new Set(issues.map((issue) => `${optionOfField[issue.path] ?? issue.path}: ${issue.message}`))].join(
            '\n  ',
          )
        : error.message;
    } finally {
      await handle.close();
    }
    if (refusal) fail(refusal);
  }

  main().catch((error: unknown) => {
    console.error(`${command.name}: failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  });
}
