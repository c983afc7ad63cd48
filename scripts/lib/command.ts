// The shape of the operator commands (npm run import, merchant, team, reminders, digests): a
// function of its arguments, environment and console that resolves with its exit status. The
// script runs it as the process; the tests run it in their own process with a console they read,
// which spares each case a cold start of Node and the server's modules.
import type { Console } from 'node:console';
import { openDatabaseFromEnv, type DatabaseEnv, type DatabaseHandle } from '../../src/server/db/client.ts';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock.ts';

export interface CommandIo {
  /** The arguments after the script's name. */
  argv: string[];
  env: NodeJS.ProcessEnv;
  /** Where the command prints: stdout for its results, stderr for progress and refusals. */
  console: Console;
}

export type Command = (io: CommandIo) => Promise<number>;

/** Thrown to end a command with this status after it has said why; see `commandFailure`. */
export class CommandExit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}

/** Says `${name}: ${message}` on stderr and ends the command with `status`. */
export function commandFailure(io: CommandIo, name: string, message: string, status = 1): never {
  io.console.error(`${name}: ${message}`);
  throw new CommandExit(status);
}

/**
 * Opens the database as the server does. A PGlite folder that a running server holds ends the
 * command with status 1, saying `whileServerRuns`: what to do instead.
 */
export async function openCommandDatabase(
  io: CommandIo,
  name: string,
  env: DatabaseEnv,
  whileServerRuns: string,
): Promise<DatabaseHandle> {
  try {
    return await openDatabaseFromEnv(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) commandFailure(io, name, `${error.message}\n${whileServerRuns}`);
    throw error;
  }
}

/** Runs a command as this process: its status becomes the exit code. */
export async function runAsProcess(command: Command): Promise<void> {
  const io = { argv: process.argv.slice(2), env: process.env, console };
  process.exitCode = await command(io).catch((error: unknown) => {
    if (error instanceof CommandExit) return error.status;
    throw error;
  });
}
