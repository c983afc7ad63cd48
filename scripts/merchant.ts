// Makes a merchant account: npm run merchant -- --mobile 771234567 [--business-name ... --password ...]
// Sign-up is open to customers only (spec §1), so the team promotes an account, or creates one.
// Opens the database as the server does: DATABASE_URL (PostgreSQL) when set, otherwise PGlite in
// DATA_DIR (default ./data), which only one process may have open: stop `npm start` first.
// The command itself: scripts/commands/merchant.ts.
import { merchantCommand } from './commands/merchant.ts';
import { runAsProcess } from './lib/command.ts';

await runAsProcess(merchantCommand);
