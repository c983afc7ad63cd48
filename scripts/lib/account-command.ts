// What `npm run merchant` and `npm run team` share: options parsed into the account service's
// fields, the database opened as the server opens it, and a refusal said in the options' words.
// Exit status: 0 done, 1 bad arguments or input, 2 the database could not be opened or written.
import type { Console } from 'node:console';
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv, type Database } from '../../src/server/db/client.ts';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock.ts';
import { readDatabaseEnv } from '../../src/server/env.ts';
import { HttpFailure } from '../../src/server/errors.ts';
import { CommandExit, commandFailure, type Command, type CommandIo } from './command.ts';

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
  /** Makes or changes the account and says what was done on `console`. */
  run(db: Database, input: Record<string, string | boolean>, console: Console): Promise<void>;
}

export function accountCommand(command: AccountCommand): Command {
  const flagFields = command.flagFields ?? {};
  const optionOfField = Object.fromEntries(
    Object.entries({ ...command.textFields, ...flagFields }).map(([option, field]) => [field, `--${option}`]),
  );
  const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

  return async (io) => {
    // Bad arguments or input (status 1) come with a pointer to the usage text.
    const fail = (message: string, status = 1): never =>
      commandFailure(io, command.name, status === 1 ? `${message}\nRun with --help for usage.` : message, status);

    try {
      const input = parseOptions(io, fail);
      if (input === 'help') {
        io.console.log(command.usage);
        return 0;
      }
      let env: ReturnType<typeof readDatabaseEnv>;
      try {
        env = readDatabaseEnv(io.env);
      } catch (error) {
        return fail(errorText(error), 2);
      }
      let handle;
      try {
        handle = await openDatabaseFromEnv(env);
      } catch (error) {
        if (error instanceof DataDirLockedError) fail(error.message, 2);
        return fail(`could not open the database (${describeDatabase(env)}): ${errorText(error)}`, 2);
      }
      let refusal: string | undefined;
      try {
        await command.run(handle.db, input, io.console);
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
      return 0;
    } catch (error) {
      if (error instanceof CommandExit) throw error;
      io.console.error(`${command.name}: failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      return 2;
    }
  };

  /** The service's input from the options, or 'help' when asked for the usage text. */
  function parseOptions(io: CommandIo, fail: (message: string) => never): Record<string, string | boolean> | 'help' {
    let values: Record<string, string | boolean | undefined>;
    try {
      ({ values } = parseArgs({
        args: io.argv,
        options: {
          ...Object.fromEntries(Object.keys(command.textFields).map((name) => [name, { type: 'string' as const }])),
          ...Object.fromEntries(Object.keys(flagFields).map((name) => [name, { type: 'boolean' as const }])),
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      return fail(errorText(error));
    }
    if (values.help) return 'help';
    if (values.mobile === undefined) fail('--mobile is required.');
    const input: Record<string, string | boolean> = {};
    for (const [option, field] of Object.entries({ ...command.textFields, ...flagFields })) {
      if (values[option] !== undefined) input[field] = values[option]!;
    }
    return input;
  }
}
