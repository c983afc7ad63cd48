// npm run build (by hand, or from cron): builds the site from the API. Uses the API at
// API_URL, or the one `npm start` runs on PORT; when none answers, starts the embedded one itself.
import { join } from 'node:path';
import { readEnv } from '../src/server/env.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { buildSite } from '../src/server/site/build.ts';
import { PREVIEW_CACHE_DIR } from '../src/server/site/preview-images.ts';

async function answers(apiUrl: string) {
  try {
    return (await fetch(`${apiUrl}/site/meta`, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}

async function main() {
  const env = readEnv();
  let apiUrl = env.API_URL ?? `http://127.0.0.1:${env.PORT}${env.API_BASE}`;
  let embedded: RunningServer | undefined;
  if (!(await answers(apiUrl))) {
    if (env.API_URL) throw new Error(`API_URL ${apiUrl} does not answer`);
    console.log('[build] no API is running: starting the embedded one for the build');
    embedded = await startServer({ env: { ...env, PORT: 0, HOST: '127.0.0.1', RATE_LIMITS: '0' }, serveSite: false });
    apiUrl = `${embedded.url}${env.API_BASE}`;
  }
  try {
    // SITE_URL, or the address `npm start` serves the site on (env.ts siteUrlOf).
    await buildSite({
      apiUrl,
      siteDir: env.SITE_DIR,
      siteUrl: env.SITE_URL,
      previewCacheDir: join(env.DATA_DIR, PREVIEW_CACHE_DIR),
    });
  } finally {
    await embedded?.close();
  }
}

main().catch((error) => {
  console.error('[build] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
