// Sends the expiry reminders that are due, once: npm run reminders -- --now (and the reminders of
// the offers users planned to use, "I'll use this": by SMS, or e-mail through MAIL_PROVIDER)
// The server runs the same job every hour (src/server/jobs/reminders.ts). A reminder already sent,
// here or by any process, is skipped (reminder_sends); in quiet hours (21:00 to 08:00 Sri Lanka's
// time) nothing is sent. With SMS_PROVIDER=console each message is printed.
// Prints last: reminders: sent N, skipped N
// The command itself: scripts/commands/reminders.ts.
import { remindersCommand } from './commands/reminders.ts';
import { runAsProcess } from './lib/command.ts';

await runAsProcess(remindersCommand);
