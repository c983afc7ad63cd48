// The development e-mail outbox: as the SMS outbox (index.ts), mounted only while
// MAIL_PROVIDER=console and answering only this machine (DECISIONS.md, "Development outbox"):
// it holds every address-confirmation and unsubscribe link.
import { Hono } from 'hono';
import * as v from 'valibot';
import { EmailAddress, MailOutboxResponse } from '../../../contract/alerts.ts';
import type { AppEnv } from '../../context.ts';
import { answer } from '../../http/answer.ts';
import { failure } from '../../errors.ts';
import { isFromThisMachine } from '../../services/client-ip.ts';
import type { MailProvider } from '../../services/mail.ts';
import { parseParams } from '../../validate.ts';

export function devMailOutboxRoutes(mail: MailProvider & { outbox: NonNullable<MailProvider['outbox']> }) {
  const app = new Hono<AppEnv>();
  app.get('/dev/mail-outbox/:address', (c) => {
    if (!isFromThisMachine(c)) throw failure(404, 'no_such_route');
    const { address } = parseParams(c, v.object({ address: EmailAddress }));
    return answer(c, MailOutboxResponse, { status: true, data: mail.outbox(address) });
  });
  return app;
}
