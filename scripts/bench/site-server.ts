// bench:site's serving case: the server `npm start` runs (startServer: the API and the built site on
// one port), serving the build at SITE_DIR, without the rebuilder, so that no build runs while it is
// measured. --no-memory: without the answer memory (src/server/site/answer-memory.ts), to compare.
import { readEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/server.ts';

const keepSiteAnswers = !process.argv.includes('--no-memory');
const server = await startServer({
  env: readEnv(),
  seedWhenEmpty: false,
  runImports: false,
  keepSiteAnswers,
  log: () => {},
});
console.log(`listening on ${server.url}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
