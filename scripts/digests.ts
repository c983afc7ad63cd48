// Sends this week's alert digests once: npm run digests -- --now
// The server sends them on its own every DIGEST_CRON (default Mondays 09:00, Sri Lanka's time);
// this runs the same job at once, e.g. after a missed week. A user already sent this week's digest
// is skipped (digest_sends), here or in any other process. Prints: digests: sent N, skipped N
// The command itself: scripts/commands/digests.ts.
import { digestsCommand } from './commands/digests.ts';
import { runAsProcess } from './lib/command.ts';

await runAsProcess(digestsCommand);
