// Which card saves most at a merchant (docs/api.md "Savings at a merchant"): public, for the pages'
// islands and for partners. The day is Sri Lanka's today unless asked, and the time now on today.
import { Hono } from 'hono';
import * as v from 'valibot';
import { Id } from '../../contract/ids.ts';
import { SAVINGS_CHANNELS, SavingsQuery, SavingsResponse } from '../../contract/savings.ts';
import { sriLankaDate, sriLankaTime } from '../../lib/sri-lanka-date.ts';
import type { AppEnv, ServerDeps } from '../context.ts';
import { merchantSavings } from '../domain/savings.ts';
import { answer } from '../http/answer.ts';
import { parseParams, parseQuery } from '../validate.ts';

export function savingsRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get('/merchants/:merchantId/savings', async (c) => {
    const { merchantId } = parseParams(c, v.object({ merchantId: Id }));
    const query = parseQuery(c, SavingsQuery);
    const now = Date.now();
    const date = query.date ?? sriLankaDate(now);
    const question = {
      bill: query.bill ?? null,
      channel: SAVINGS_CHANNELS[query.channel],
      date,
      time: query.time ?? (date === sriLankaDate(now) ? sriLankaTime(now) : null),
    };
    return answer(c, SavingsResponse, {
      status: true,
      data: await merchantSavings(db, merchantId, question, query.cards),
    });
  });

  return app;
}
