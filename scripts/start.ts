// npm start: the API on the embedded database (demo data on first start) and the built site, on
// one port. Builds the site first when no build exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/server.ts';

async function main() {
  let env;
  try {
    env = readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // --api-only: the three services without the site (benchmarks, API-only hosts).
  const apiOnly = process.argv.includes('--api-only');
  if (apiOnly) env = { ...env, SITE_DIR: '/nonexistent' };
  else if (!existsSync(env.SITE_DIR)) {
    console.log('[start] no site build yet: building it once');
    const build = spawnSync('npx', ['astro', 'build', '--outDir', env.SITE_DIR], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('[start] the site build failed; fix it or run `npm run build` to see why');
      process.exit(1);
    }
  }
  const server = await startServer({ env });
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}/`;
  console.log(`[start] OfferLanka on http://localhost:${server.port} (database: ${where}, SMS: ${env.SMS_PROVIDER})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[start] ${signal}: stopping`);
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
