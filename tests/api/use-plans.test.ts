// "I'll use this" (issue 47 §5): the plan routes (POST, DELETE, GET; an offer without a step, a bad
// day, e-mail without a confirmed address refused with their codes), and the reminders the hourly
// run sends for plans at fixed clock times: nothing in quiet hours and the reminder at 08:00; never
// twice across runs; nothing for a cancelled plan, an ended or a withdrawn offer; each step on its
// day; the user's language; e-mail to a confirmed address; the stop link ends the plans.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ELIGIBILITY, type EligibilityData } from '../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { ReminderRunResponse } from '../../src/contract/reminders.ts';
import { USE_PLAN_MESSAGES, UsePlanChangedResponse, UsePlansResponse } from '../../src/contract/use-plans.ts';
import { addDays, planReminders } from '../../src/lib/use-plan-schedule.ts';
import { sriLankaDay } from '../../src/lib/valid-today.ts';
import { usePlans, usePlanSends, users } from '../../src/server/db/schema.ts';
import { reminderStopToken } from '../../src/server/domain/reminders.ts';
import { runReminders, type ReminderDeps } from '../../src/server/jobs/reminders.ts';
import { createConsoleMailProvider } from '../../src/server/services/mail.ts';
import { createConsoleSmsProvider } from '../../src/server/services/sms.ts';
import { expectError, insertOffer } from './expectations.ts';
import { createTestApi, freshMobile, signUpVerified, TEST_SITE_URL, type TestApi } from './harness.ts';

let api: TestApi;
const db = () => api.handle.db;
/** An instant in Sri Lanka's time. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
const D0 = '2031-03-03';

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
});
afterAll(async () => {
  await api?.close();
});

const offerWith = (steps: Partial<EligibilityData>, values: Parameters<typeof insertOffer>[1] = {}) =>
  insertOffer(api, {
    header: 'Galle Face dinner',
    offerEnd: new Date('2032-01-01T00:00:00+05:30'),
    promoCode: 'GALLE20',
    eligibility: { ...NO_ELIGIBILITY, ...steps },
    ...values,
  });

/** A run's providers: what it sent, as one process would. */
function job() {
  const sms = createConsoleSmsProvider(() => {}) as ReturnType<typeof createConsoleSmsProvider> & {
    outbox: NonNullable<ReturnType<typeof createConsoleSmsProvider>['outbox']>;
  };
  const mail = createConsoleMailProvider(() => {});
  const deps: ReminderDeps = {
    db: db(),
    sms,
    mail: { provider: mail, siteUrl: TEST_SITE_URL, apiUrl: `${TEST_SITE_URL}/api` },
    siteUrl: TEST_SITE_URL,
    apiUrl: `${TEST_SITE_URL}/api`,
  };
  return { sms, mail, run: (now: Date) => runReminders(deps, { now }) };
}

/** A customer's plan, made on `plannedOn`, written as POST makes it (the routes' days are today's). */
async function plan(
  offerId: number,
  usedOn: string,
  plannedOn: string,
  values: Partial<typeof usePlans.$inferInsert> = {},
) {
  const person = await signUpVerified(api, { mobileNo: freshMobile() });
  await db()
    .insert(usePlans)
    .values({ userId: person.userId, offerId, usedOn, plannedOn, channel: 'sms', ...values });
  return person;
}

describe('the plan routes', () => {
  it('plans, re-plans, lists and cancels; refuses an offer without a step, a bad day, e-mail without a confirmed address', async () => {
    const today = sriLankaDay().date;
    const offerId = await offerWith({ registerFirst: true, convertWithinDays: 7, promoCodeRequired: true });
    const plain = await offerWith({});
    const person = await signUpVerified(api);
    const path = `/api/offers/${offerId}/use-plan`;

    expect((await api.call('POST', path, { body: {} })).status).toBe(401);
    expect((await api.call('GET', '/api/user/use-plans')).status).toBe(401);

    const made = await api.call('POST', path, { token: person.token, body: {} });
    expect(made.status).toBe(201);
    const answer = v.parse(UsePlanChangedResponse, made.body);
    expect(answer.message).toBe(USE_PLAN_MESSAGES.saved);
    expect(answer.emailVerified).toBe(false);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({ offerId, usedOn: today, channel: 'sms' });
    // Today: register now, the promo code today, the call the morning after, by a week from today.
    expect(answer.data[0]!.reminders).toEqual([
      { step: 'register', day: today, sent: false },
      { step: 'convert', day: addDays(today, 1), deadline: addDays(today, 7), sent: false },
      { step: 'promo', day: today, sent: false },
    ]);

    const later = addDays(today, 3);
    const again = await api.call('POST', path, { token: person.token, body: { usedOn: later } });
    expect(v.parse(UsePlanChangedResponse, again.body).data.map((p) => p.usedOn)).toEqual([later]);

    expectError(
      await api.call('POST', `/api/offers/${plain}/use-plan`, { token: person.token, body: {} }),
      409,
      ERROR_CODES.no_offer_steps,
    );
    expect((await api.call('POST', `/api/offers/${plain}/use-plan`, { token: person.token, body: {} })).body.code).toBe(
      'no_offer_steps',
    );
    for (const usedOn of ['tomorrow', '2031-02-30', addDays(today, -31), addDays(today, 366), 20310303])
      expectError(await api.call('POST', path, { token: person.token, body: { usedOn } }), 400);
    expectError(await api.call('POST', path, { token: person.token, body: { channel: 'pigeon' } }), 400);
    expectError(
      await api.call('POST', path, { token: person.token, body: { channel: 'email' } }),
      409,
      ERROR_CODES.use_plan_email_needed,
    );
    expectError(await api.call('POST', '/api/offers/99999999/use-plan', { token: person.token, body: {} }), 404);
    const ended = await offerWith({ promoCodeRequired: true }, { offerEnd: new Date('2020-01-01T00:00:00Z') });
    expectError(await api.call('POST', `/api/offers/${ended}/use-plan`, { token: person.token, body: {} }), 404);

    await db()
      .update(users)
      .set({ email: 'nimal@example.lk', emailVerifiedAt: new Date() })
      .where(eq(users.userId, person.userId));
    const byEmail = await api.call('POST', path, { token: person.token, body: { channel: 'email' } });
    expect(byEmail.status).toBe(201);
    expect(v.parse(UsePlanChangedResponse, byEmail.body)).toMatchObject({
      emailVerified: true,
      data: [{ channel: 'email' }],
    });

    const list = v.parse(
      UsePlansResponse,
      (await api.call('GET', '/api/user/use-plans', { token: person.token })).body,
    );
    expect(list.data.map((p) => p.offerId)).toEqual([offerId]);
    // Another account sees none of them and cannot cancel them.
    const other = await signUpVerified(api);
    expect((await api.call('GET', '/api/user/use-plans', { token: other.token })).body.data).toEqual([]);
    expectError(await api.call('DELETE', path, { token: other.token }), 404, ERROR_CODES.no_such_use_plan);

    const cancelled = await api.call('DELETE', path, { token: person.token });
    expect(cancelled.status).toBe(200);
    expect(v.parse(UsePlanChangedResponse, cancelled.body)).toMatchObject({
      message: USE_PLAN_MESSAGES.cancelled,
      data: [],
    });
    expectError(await api.call('DELETE', path, { token: person.token }), 404, ERROR_CODES.no_such_use_plan);
  });
});

describe('when each reminder goes', () => {
  it('register the day before the start (at once when sooner), the call the morning after, the code on the day', () => {
    const all = { registerFirst: true, convertWithinDays: 5, promoCodeRequired: true };
    const start = at('2031-03-10', '00:00');
    expect(planReminders(all, start, '2031-03-12', D0)).toEqual([
      { step: 'register', day: '2031-03-09', lastDay: '2031-03-12' },
      { step: 'convert', day: '2031-03-13', lastDay: '2031-03-17', deadline: '2031-03-17' },
      { step: 'promo', day: '2031-03-12', lastDay: '2031-03-12' },
    ]);
    // Starts tomorrow: register today. Started already: today.
    expect(planReminders(all, at('2031-03-04', '00:00'), '2031-03-05', D0)[0]!.day).toBe(D0);
    expect(planReminders(all, at('2031-01-01', '00:00'), '2031-03-05', D0)[0]!.day).toBe(D0);
    // Used two days ago: no register, no code; the call at once, while the window is open.
    expect(planReminders(all, null, '2031-03-01', D0)).toEqual([
      { step: 'convert', day: D0, lastDay: '2031-03-06', deadline: '2031-03-06' },
    ]);
    expect(planReminders(all, null, '2031-02-20', D0)).toEqual([]);
  });
});

describe('the reminder run', () => {
  it('sends nothing in quiet hours, the code at 08:00, never twice across runs', async () => {
    const offerId = await offerWith({ promoCodeRequired: true });
    const person = await plan(offerId, D0, D0);
    const { sms, run } = job();
    const quiet = await run(at(D0, '07:59'));
    expect(quiet.quiet).toBe(true);
    expect(sms.outbox(person.mobileNo)).toEqual([]);

    expect((await run(at(D0, '08:00'))).sent).toBeGreaterThanOrEqual(1);
    const sent = sms.outbox(person.mobileNo);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toContain('Your promo code for Galle Face dinner: GALLE20.');
    expect(sent[0]!.message).toMatch(new RegExp(`${TEST_SITE_URL}/[^ ]+/${offerId} `));
    expect(sent[0]!.message).toMatch(/Stop: http\S+\/api\/reminders\/stop\?token=\S+$/);

    await run(at(D0, '09:00'));
    await run(at(D0, '20:59'));
    expect(sms.outbox(person.mobileNo)).toHaveLength(1);
    const rows = await db()
      .select()
      .from(usePlanSends)
      .innerJoin(usePlans, eq(usePlans.planId, usePlanSends.planId))
      .where(eq(usePlans.userId, person.userId));
    expect(rows.map((row) => row.use_plan_sends.step)).toEqual(['promo']);
    // Two processes at once: one sends.
    const other = await plan(offerId, D0, D0);
    const [a, b] = [job(), job()];
    await Promise.all([a.run(at(D0, '10:00')), b.run(at(D0, '10:00'))]);
    expect(a.sms.outbox(other.mobileNo).length + b.sms.outbox(other.mobileNo).length).toBe(1);
  });

  it('register the day before the start, the call the next morning naming the last day; each once', async () => {
    const offerId = await offerWith(
      { registerFirst: true, convertWithinDays: 5 },
      { offerStart: at('2031-03-06', '00:00') },
    );
    const person = await plan(offerId, '2031-03-07', D0);
    const { sms, run } = job();
    await run(at(D0, '12:00'));
    expect(sms.outbox(person.mobileNo)).toEqual([]);
    await run(at('2031-03-05', '08:00'));
    expect(sms.outbox(person.mobileNo).map((s) => s.message)).toEqual([
      expect.stringContaining('Register for Galle Face dinner before it starts on Thursday 6 Mar.'),
    ]);
    await run(at('2031-03-07', '12:00'));
    expect(sms.outbox(person.mobileNo)).toHaveLength(1);
    await run(at('2031-03-08', '08:00'));
    await run(at('2031-03-09', '08:00'));
    const messages = sms.outbox(person.mobileNo).map((s) => s.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain(
      'Call your bank by Wednesday 12 Mar to convert your Galle Face dinner purchase to instalments.',
    );
  });

  it('sends nothing for a cancelled plan, an ended offer or a withdrawn one', async () => {
    const { sms, run } = job();
    const cancelledOffer = await offerWith({ promoCodeRequired: true });
    const cancelled = await plan(cancelledOffer, D0, D0);
    await db().delete(usePlans).where(eq(usePlans.userId, cancelled.userId));
    const endedOffer = await offerWith({ promoCodeRequired: true }, { offerEnd: at(D0, '07:00') });
    const ended = await plan(endedOffer, D0, D0);
    const withdrawnOffer = await offerWith({ promoCodeRequired: true }, { withdrawnAt: at(D0, '07:00') });
    const withdrawn = await plan(withdrawnOffer, D0, D0);
    await run(at(D0, '09:00'));
    for (const person of [cancelled, ended, withdrawn]) expect(sms.outbox(person.mobileNo)).toEqual([]);
  });

  it("writes in the user's language, e-mails a confirmed address, and the stop link ends the plans", async () => {
    const offerId = await offerWith({ promoCodeRequired: true });
    const person = await plan(offerId, D0, D0, { channel: 'email' });
    await db()
      .update(users)
      .set({ locale: 'si', email: 'kamala@example.lk', emailVerifiedAt: new Date() })
      .where(eq(users.userId, person.userId));
    const tamil = await plan(offerId, D0, D0);
    await db().update(users).set({ locale: 'ta' }).where(eq(users.userId, tamil.userId));
    const { sms, mail, run } = job();
    await run(at(D0, '09:00'));
    expect(sms.outbox(person.mobileNo)).toEqual([]);
    const [email] = mail.outbox!('kamala@example.lk');
    expect(email!.text).toContain('GALLE20');
    expect(email!.text).toContain('ප්‍රවර්ධන කේතය');
    expect(email!.text).toMatch(/\/api\/reminders\/stop\?token=\S+&lang=si/);
    expect(sms.outbox(tamil.mobileNo)[0]!.message).toContain('ஊக்குவிப்புக் குறியீடு');

    const token = await reminderStopToken(db(), person.userId);
    expect((await api.call('GET', `/api/reminders/stop?token=${token}`)).status).toBe(200);
    expect(await db().select().from(usePlans).where(eq(usePlans.userId, person.userId))).toEqual([]);
  });

  it('runs through the development route, as the browser tests do; only from this machine', async () => {
    const res = await api.call(
      'POST',
      `/api/dev/reminders/run?at=${encodeURIComponent(at(D0, '23:00').toISOString())}`,
      {
        ip: '127.0.0.1',
      },
    );
    expect(res.status).toBe(200);
    expect(v.parse(ReminderRunResponse, res.body).data.quiet).toBe(true);
    expectError(await api.call('POST', '/api/dev/reminders/run', { ip: '203.0.113.9' }), 404);
    expectError(await api.call('POST', '/api/dev/reminders/run?at=soon', { ip: '127.0.0.1' }), 400);
  });
});
