// The development SMS outbox. Mounted only while SMS_PROVIDER=console.
import { Hono } from 'hono';
import * as v from 'valibot';
import { MobileNo } from '../../../contract/index.ts';
import type { AppEnv } from '../../context.ts';
import type { SmsProvider } from '../../services/sms.ts';
import { parseParams } from '../../validate.ts';

export function devOutboxRoutes(sms: SmsProvider & { outbox: NonNullable<SmsProvider['outbox']> }) {
  const app = new Hono<AppEnv>();
  app.get('/dev/sms-outbox/:mobileNo', (c) => {
    const { mobileNo } = parseParams(c, v.object({ mobileNo: MobileNo }));
    return c.json({ status: true, data: sms.outbox(mobileNo) });
  });
  return app;
}
