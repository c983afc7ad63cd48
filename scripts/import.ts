// Imports offers from their sources: npm run import [-- --source KEY | --jsonld URL…] [--record|--replay FILE.har] [--probe]
// The command itself: scripts/commands/import.ts.
import { runAsProcess } from './lib/command.ts';
import { importCommand } from './commands/import.ts';

await runAsProcess(importCommand);
