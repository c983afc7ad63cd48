// The development SMS outbox. Mounted only while SMS_PROVIDER=console, and it answers only requests
// from this machine (DECISIONS.md, "Development outbox"): anyone who could read it could take over
// any account with a reset code. Everyone else gets the same 404 as a route that does not exist.
import { Hono } from 'hono';
import * as v from 'valibot';
import { MobileNo } from '../../../contract/index.ts';
import { SmsOutboxResponse } from '../../../contract/site-responses.ts';
import type { AppEnv } from '../../context.ts';
import { failure } from '../../errors.ts';
import { answer } from '../../http/answer.ts';
import { isFromThisMachine } from '../../services/client-ip.ts';
import type { SmsProvider } from '../../services/sms.ts';
import { parseParams } from '../../validate.ts';

export function devOutboxRoutes(sms: SmsProvider & { outbox: NonNullable<SmsProvider['outbox']> }) {
  const app = new Hono<AppEnv>();
  app.get('/dev/sms-outbox/:mobileNo', (c) => {
    if (!isFromThisMachine(c)) throw failure(404, 'no_such_route');
    const { mobileNo } = parseParams(c, v.object({ mobileNo: MobileNo }));
    return answer(c, SmsOutboxResponse, { status: true, data: sms.outbox(mobileNo) });
  });
  return app;
}
