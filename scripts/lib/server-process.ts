// The server as a child process, for the benches and the restart test: started on a free port, its
// URL read from the start-up line, stopped as a supervisor would stop it.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** The API and site origin, on 127.0.0.1. */
  url: string;
  /** Everything the process has printed so far, stdout and stderr. */
  output: () => string;
}

/**
 * Runs command (by default this Node with args) and resolves once the server prints the address it
 * listens on; rejects if it exits first, or kills it and rejects if it takes longer than timeoutMs.
 */
export function startServerProcess(
  args: string[],
  env: Record<string, string>,
  { command = process.execPath, timeoutMs = 300_000 } = {},
): Promise<ServerProcess> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/on (http:\/\/(?:localhost|127\.0\.0\.1):\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/** Sends signal and waits for the exit; its exit code, or null when a signal ended it. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
