// Makes a team account: npm run team -- --mobile 771234567 [--first-name ... --password ...]
// Team accounts run the console at /console/team; neither sign-up nor the API makes them.
// Opens the database as the server does: DATABASE_URL (PostgreSQL) when set, otherwise PGlite in
// DATA_DIR (default ./data), which only one process may have open: stop `npm start` first.
// The command itself: scripts/commands/team.ts.
import { teamCommand } from './commands/team.ts';
import { runAsProcess } from './lib/command.ts';

await runAsProcess(teamCommand);
