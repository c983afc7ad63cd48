// The operator commands (scripts/commands/) as the tests run them: in the test's own process with a
// console they read, which spares each case a cold start of Node and the server's modules, or in a
// process of their own, as an operator runs them, where a test proves a script's wiring or needs a
// second process.
import { execFile } from 'node:child_process';
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { CommandExit, type Command } from '../../scripts/lib/command.ts';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command in this process with this environment, and resolves with its status and output. */
export async function runInProcess(command: Command, argv: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const output = { stdout: '', stderr: '' };
  const collect = (stream: keyof typeof output) =>
    new Writable({
      write(chunk, _encoding, done) {
        output[stream] += String(chunk);
        done();
      },
    });
  const io = { argv, env, console: new Console({ stdout: collect('stdout'), stderr: collect('stderr') }) };
  const code = await command(io).catch((error: unknown) => {
    if (error instanceof CommandExit) return error.status;
    throw error;
  });
  return { code, ...output };
}

/** How long a command's own process may run before it is stopped and reported as failed. */
const CHILD_TIMEOUT_MS = 120_000;

/** execFile's error: the exit status, or the signal that ended the process (its timeout's included). */
interface ChildFailure {
  code?: number | string | null;
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/`name`.ts in its own process, as `npm run name -- args` does; resolves with its status and output. */
export function runAsChildProcess(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env,
    timeout: CHILD_TIMEOUT_MS,
  })
    .then((result) => ({ code: 0, ...result }))
    .catch(({ code, signal, stdout, stderr }: ChildFailure) =>
      // A process ended by a signal has no exit status: it failed, and its output says by which.
      typeof code === 'number'
        ? { code, stdout, stderr }
        : { code: 1, stdout, stderr: `${stderr}\n[ended by ${signal ?? code}, at most ${CHILD_TIMEOUT_MS / 1000} s]` },
    );
}
