// Development only: one reminder run now (expiry reminders and the plans' reminders), or as if at
// `?at=`, as `npm run reminders -- --now --at` does. Mounted only with the console SMS provider (no
// real person is texted) and answering only this machine, as the outboxes: the browser tests run
// the job on the server they test this way, then read the outbox.
import { Hono } from 'hono';
import { ReminderRunQuery, ReminderRunResponse } from '../../../contract/reminders.ts';
import type { AppEnv, ServerDeps } from '../../context.ts';
import { failure } from '../../errors.ts';
import { answer } from '../../http/answer.ts';
import { runReminders } from '../../jobs/reminders.ts';
import { isFromThisMachine } from '../../services/client-ip.ts';
import { parseQuery } from '../../validate.ts';

export function devReminderRunRoutes(deps: ServerDeps, urls: { siteUrl: string; apiUrl: string }) {
  const app = new Hono<AppEnv>();
  app.post('/dev/reminders/run', async (c) => {
    if (!isFromThisMachine(c)) throw failure(404, 'no_such_route');
    const { at } = parseQuery(c, ReminderRunQuery);
    const { sent, skipped, failed, quiet } = await runReminders(
      { db: deps.db, sms: deps.sms, mail: deps.mail, ...urls },
      { now: at === undefined ? new Date() : new Date(at) },
    );
    return answer(c, ReminderRunResponse, { status: true, data: { sent, skipped, failed, quiet } });
  });
  return app;
}
