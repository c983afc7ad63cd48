// npm start: the API on the embedded database (demo data on first start) and the built site, on
// one port. The site is built from this same API when there is none, changed offers are published
// within a minute, and the whole site is rebuilt on SITE_REBUILD_CRON. --api-only serves the API alone. package.json
// starts it with `exec`, so that npm's SIGTERM or SIGINT reaches this process and not only a shell.
import { describeDatabase } from '../src/server/db/client.ts';
import { readEnv, type ServerEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/server.ts';

async function main() {
  // Read before anything slow: a parent that dies while the server starts (or just after it says
  // it listens, before the rest of this function has run) must still count as gone.
  const parent = process.ppid;
  let env: ServerEnv;
  try {
    env = readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const apiOnly = process.argv.includes('--api-only');
  const server = await startServer({ env, serveSite: !apiOnly, rebuildSite: !apiOnly });
  console.log(
    `[start] OfferLanka on http://localhost:${server.port} (database: ${describeDatabase(env)}, SMS: ${env.SMS_PROVIDER}, mail: ${env.MAIL_PROVIDER})`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A supervisor should never wait longer than this, whatever hangs.
    setTimeout(() => {
      console.error(`[start] not stopped after ${STOP_DEADLINE_MS} ms: exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    // close() stops accepting at once; the line says so only once it is true.
    const closed = server.close();
    console.log(`[start] ${signal}: stopping`);
    try {
      await closed;
    } catch (error) {
      console.error('[start] stopping failed:', error);
      process.exit(1);
    }
    console.log('[start] stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by a supervisor that died without passing a signal on (npm killed with SIGKILL, say):
  // this process was handed to init, and nobody would ever stop it. It stops itself instead.
  setInterval(() => {
    if (process.ppid !== parent) void stop('parent process gone');
  }, PARENT_CHECK_MS).unref();
}

/** How often the server checks that the process that started it still runs. */
const PARENT_CHECK_MS = 1000;
/** A stop exits by then even if closing hangs: requests in flight get up to 8 s (STOP_GRACE_MS). */
const STOP_DEADLINE_MS = 9_500;

main().catch((error) => {
  console.error('[start] failed:', error);
  process.exit(1);
});
