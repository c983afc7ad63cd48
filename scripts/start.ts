// npm start: the API on the embedded database (demo data on first start) and the built site, on
// one port. The site is built from this same API when there is no build yet, and rebuilt every
// REBUILD_INTERVAL_MINUTES and when an offer ends. --api-only serves the API alone.
import { existsSync } from 'node:fs';
import { readEnv, type ServerEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/server.ts';
import { startSiteRebuilder, type SiteRebuilder } from '../src/server/site-rebuilder.ts';

async function main() {
  let env: ServerEnv;
  try {
    env = readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const apiOnly = process.argv.includes('--api-only');
  const server = await startServer({ env, serveSite: !apiOnly });
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}/`;
  console.log(`[start] OfferLanka on http://localhost:${server.port} (database: ${where}, SMS: ${env.SMS_PROVIDER})`);

  let rebuilder: SiteRebuilder | undefined;
  if (!apiOnly) {
    rebuilder = startSiteRebuilder({
      db: server.handle.db,
      apiUrl: `${server.url}${env.API_BASE}`,
      siteDir: env.SITE_DIR,
      siteUrl: env.SITE_URL,
      intervalMs: env.REBUILD_INTERVAL_MINUTES * 60_000,
      clearResponseCache: () => server.deps.cache.clear(),
    });
    if (!existsSync(env.SITE_DIR)) void rebuilder.request('no build yet');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[start] ${signal}: stopping`);
    rebuilder?.stop();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('[start] failed:', error);
  process.exit(1);
});
