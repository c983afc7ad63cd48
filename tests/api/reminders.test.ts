// Expiry reminders (issue 17): the setting's routes, the job's day and quiet-hour boundaries, the
// grouping into one SMS, "never twice" (again, and with two processes at once, directly and through
// pg-boss), the stop link, and the team Overview's last run. The job runs at a given clock.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REMINDER_MESSAGES,
  ReminderSettingChangedResponse,
  ReminderSettingResponse,
  ReminderStopResponse,
} from '../../src/contract/reminders.ts';
import { TeamOverview } from '../../src/contract/team.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { favorites, jobRuns, reminderSends, users } from '../../src/server/db/schema.ts';
import { unsubscribeToken } from '../../src/server/domain/alerts.ts';
import { reminderStopToken } from '../../src/server/domain/reminders.ts';
import { signedLinks } from '../../src/server/services/signed-links.ts';
import {
  FAVOURITES_LINK_PATH,
  inQuietHours,
  reminderMessage,
  REMINDER_JOB,
  runReminders,
  startReminderQueue,
  type ReminderDeps,
} from '../../src/server/jobs/reminders.ts';
import { createConsoleSmsProvider } from '../../src/server/services/sms.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError, insertOffer } from './expectations.ts';
import {
  createTestApi,
  freshMobile,
  signUpVerified,
  STRONG_PASSWORD,
  TEST_DB,
  TEST_SITE_URL,
  type TestApi,
} from './harness.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

const SETTING = '/api/user/reminders';
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const BAD_DAYS = escaped(`daysBefore: ${ERROR_CODES.bad_days}`);
const BAD_LINK = escaped(`token: ${ERROR_CODES.bad_stop_link}`);
/** An instant in Sri Lanka's time, e.g. at('2031-03-03', '08:00'). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
/** The last instant of a Sri Lanka day, as offers end. */
const endOf = (day: string) => new Date(`${day}T23:59:59.999+05:30`);
/** A Monday far from the seed's dates, and the days after it. */
const D0 = '2031-03-03';
const D1 = '2031-03-04';
const D2 = '2031-03-05';
const D3 = '2031-03-06';

let api: TestApi;
const db = () => api.handle.db;

/** A run's SMS provider: what it sent, as one process would. */
function job(handleDb = db()) {
  const sms = createConsoleSmsProvider(() => {}) as ReturnType<typeof createConsoleSmsProvider> & {
    outbox: (mobileNo: string) => { message: string }[];
  };
  const deps: ReminderDeps = { db: handleDb, sms, siteUrl: TEST_SITE_URL, apiUrl: `${TEST_SITE_URL}/api` };
  return { deps, sms, run: (now: Date) => runReminders(deps, { now }) };
}

/** A customer with reminders `daysBefore` days ahead and these favourites. */
async function customer(daysBefore: number | null, offerIds: number[]) {
  const person = await signUpVerified(api, { mobileNo: freshMobile() });
  await db().update(users).set({ reminderDaysBefore: daysBefore }).where(eq(users.userId, person.userId));
  if (offerIds.length)
    await db()
      .insert(favorites)
      .values(offerIds.map((offerId) => ({ userId: person.userId, offerId })));
  return person;
}

const ending = (header: string, offerEnd: Date, values: Parameters<typeof insertOffer>[1] = {}) =>
  insertOffer(api, { header, offerEnd, ...values });

// Many sign-ups from one test address: the limits are tested elsewhere.
beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
});
afterAll(async () => {
  await api?.close();
});

describe('the reminder setting', () => {
  it('is off until set; 1, 2, 3 or null are taken, anything else is a clear 400', async () => {
    const person = await customer(null, []);
    const get = await api.call('GET', SETTING, { token: person.token });
    expect(get.status).toBe(200);
    expect(v.parse(ReminderSettingResponse, get.body).data).toEqual({ daysBefore: null, offerShown: false });

    const put = await api.call('PUT', SETTING, { token: person.token, body: { daysBefore: 3 } });
    expect(put.status).toBe(200);
    expect(v.parse(ReminderSettingChangedResponse, put.body)).toMatchObject({
      message: REMINDER_MESSAGES.turnedOn(3),
      data: { daysBefore: 3, offerShown: true },
    });
    for (const body of [
      { daysBefore: 0 },
      { daysBefore: 4 },
      { daysBefore: '2' },
      { daysBefore: 2.5 },
      {},
      { daysBefore: [] },
    ]) {
      expectError(await api.call('PUT', SETTING, { token: person.token, body }), 400, BAD_DAYS);
    }
    const [row] = await db()
      .select({ days: users.reminderDaysBefore })
      .from(users)
      .where(eq(users.userId, person.userId));
    expect(row!.days).toBe(3);

    const off = await api.call('PUT', SETTING, { token: person.token, body: { daysBefore: null } });
    expect(off.body).toMatchObject({ message: REMINDER_MESSAGES.turnedOff, data: { daysBefore: null } });
    expect((await api.call('GET', SETTING)).status).toBe(401);
    expect((await api.call('PUT', SETTING, { body: { daysBefore: 2 } })).status).toBe(401);
  });

  it("marks the first favourite's line shown, once per account", async () => {
    const person = await customer(null, []);
    const marked = await api.call('POST', `${SETTING}/offer-shown`, { token: person.token });
    expect(marked.status).toBe(200);
    expect(v.parse(ReminderSettingChangedResponse, marked.body).data).toEqual({ daysBefore: null, offerShown: true });
    const [first] = await db()
      .select({ at: users.reminderOfferShownAt })
      .from(users)
      .where(eq(users.userId, person.userId));
    await api.call('POST', `${SETTING}/offer-shown`, { token: person.token });
    const [second] = await db()
      .select({ at: users.reminderOfferShownAt })
      .from(users)
      .where(eq(users.userId, person.userId));
    expect(second!.at).toEqual(first!.at);
    expect((await api.call('POST', `${SETTING}/offer-shown`)).status).toBe(401);
  });
});

describe('the reminder job', () => {
  it("knows the quiet hours: 21:00 up to 08:00 in Sri Lanka, whatever the server's zone", () => {
    expect(inQuietHours(at(D0, '07:59'))).toBe(true);
    expect(inQuietHours(at(D0, '08:00'))).toBe(false);
    expect(inQuietHours(at(D0, '20:59'))).toBe(false);
    expect(inQuietHours(at(D0, '21:00'))).toBe(true);
    expect(inQuietHours(at(D0, '00:00'))).toBe(true);
  });

  it('sends one SMS for the favourites ending exactly N Sri Lanka days ahead, listed ones only, never in quiet hours, never twice', async () => {
    const inLate = await ending('Pizza Hut 25% off', endOf(D2));
    const inEarly = await ending('Keells 10% off', at(D2, '00:00'));
    const dayBefore = await ending('Too early', endOf(D1));
    const dayAfter = await ending('Too late', at(D3, '00:00'));
    const withdrawn = await ending('Withdrawn', endOf(D2), { withdrawnAt: at(D0, '06:00') });
    const pending = await ending('Pending', endOf(D2), { reviewStatus: 'pending' });
    const person = await customer(2, [inLate, inEarly, dayBefore, dayAfter, withdrawn, pending]);
    const other = await customer(null, [inLate]); // reminders off: nothing

    const quiet = job();
    expect(await quiet.run(at(D0, '07:59'))).toMatchObject({ sent: 0, skipped: 1, quiet: true });
    expect(await quiet.run(at(D0, '21:00'))).toMatchObject({ sent: 0, skipped: 1, quiet: true });
    expect(quiet.sms.outbox(person.mobileNo)).toEqual([]);
    const [quietRun] = await db()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, REMINDER_JOB))
      .orderBy(jobRuns.runId)
      .limit(1);
    expect(quietRun).toMatchObject({
      sent: 0,
      skipped: 1,
      detail: { quietHours: true, skippedBecause: { quietHours: 1 } },
    });
    expect(quietRun!.finishedAt).not.toBeNull();

    const morning = job();
    expect(await morning.run(at(D0, '08:00'))).toMatchObject({ sent: 1, skipped: 0, quiet: false });
    const [sms] = morning.sms.outbox(person.mobileNo);
    expect(sms!.message).toMatch(
      /^OfferLanka: 2 of your saved offers end on Wednesday 5 Mar: (Pizza Hut 25% off and Keells 10% off|Keells 10% off and Pizza Hut 25% off)\. /,
    );
    expect(sms!.message).not.toMatch(/Too early|Too late|Withdrawn|Pending/);
    expect(sms!.message).toContain(`${TEST_SITE_URL}${FAVOURITES_LINK_PATH}`);
    expect(morning.sms.outbox(other.mobileNo)).toEqual([]);
    const [claim] = await db().select().from(reminderSends).where(eq(reminderSends.userId, person.userId));
    expect(claim).toMatchObject({ endDay: D2, message: sms!.message });
    expect([...claim!.offerIds].sort()).toEqual([inLate, inEarly].sort());

    // The same day later, and after a "restart" (a new provider, the same database): not again.
    const evening = job();
    expect(await evening.run(at(D0, '20:59'))).toMatchObject({ sent: 0, skipped: 1 });
    expect(evening.sms.outbox(person.mobileNo)).toEqual([]);

    // The next day, the favourite ending the day after: its own reminder.
    const next = job();
    expect(await next.run(at(D1, '08:30'))).toMatchObject({ sent: 1 });
    expect(next.sms.outbox(person.mobileNo)[0]!.message).toMatch(
      /^OfferLanka: Your saved offer ends on Thursday 6 Mar: Too late\. /,
    );
  });

  it('groups every favourite ending that day into one short SMS: two names, then "and N more"', async () => {
    const day = '2031-04-10';
    const ids = [];
    for (const name of [
      'Alpha dining 20% off',
      'Bravo fuel 5% back',
      'Charlie 15% off',
      'Delta 10% off',
      'Echo 30% off',
    ])
      ids.push(await ending(name, endOf(day)));
    const person = await customer(1, ids);
    const run = job();
    expect(await run.run(at('2031-04-09', '09:00'))).toMatchObject({ sent: 1 });
    const messages = run.sms.outbox(person.mobileNo);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toMatch(
      /^OfferLanka: 5 of your saved offers end on Thursday 10 Apr: [^,]+, [^,]+ and 3 more\. http/,
    );
    expect(messages[0]!.message).toMatch(
      new RegExp(`Stop: ${TEST_SITE_URL}/api/reminders/stop\\?token=[A-Za-z0-9_.-]+$`),
    );
  });

  it('keeps the message within two SMS segments, cutting long names', () => {
    const long = 'A very long offer header that goes on and on about its terms and conditions';
    const message = reminderMessage(
      [long, long, long],
      '2031-04-10',
      'https://offerlanka.lk/#favourites',
      `https://offerlanka.lk/api/reminders/stop?token=${'x'.repeat(60)}`,
    );
    expect(message.length).toBeLessThanOrEqual(306);
    expect(message).toContain('...');
  });

  it('sends each reminder once when two processes run at the same moment', async () => {
    const day = '2031-05-08';
    const offerIds = [await ending('Twice? 1', endOf(day)), await ending('Twice? 2', endOf(day))];
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await customer(2, offerIds));
    // Another process: on PostgreSQL its own connection pool; PGlite is one process's database.
    let second: DatabaseHandle | undefined;
    const connection = api.handle.jobQueueConnection;
    if (TEST_DB === 'postgres' && 'url' in connection)
      second = await openDatabase({ kind: 'postgres', url: connection.url, maxConnections: 4 });
    try {
      const [a, b] = [job(), job(second?.db ?? db())];
      const now = at('2031-05-06', '10:00');
      const [ra, rb] = await Promise.all([a.run(now), b.run(now)]);
      expect(ra.sent + rb.sent).toBe(4);
      expect(ra.skipped + rb.skipped).toBe(4);
      for (const person of people)
        expect(a.sms.outbox(person.mobileNo).length + b.sms.outbox(person.mobileNo).length).toBe(1);
    } finally {
      await second?.close();
    }
  });

  it("runs on pg-boss: two processes' queues asked at once send each reminder once", async () => {
    const day = '2031-06-12';
    const person = await customer(3, [await ending('Queued offer', endOf(day))]);
    const clock = () => at('2031-06-09', '12:00');
    const [a, b] = [job(), job()];
    const queues = [
      await startReminderQueue(api.handle, a.deps, clock),
      await startReminderQueue(api.handle, b.deps, clock),
    ];
    try {
      await Promise.all(queues.map((queue) => queue.runNow()));
      await expect
        .poll(() => a.sms.outbox(person.mobileNo).length + b.sms.outbox(person.mobileNo).length, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(1);
      await expect
        .poll(
          async () => (await db().select().from(reminderSends).where(eq(reminderSends.userId, person.userId))).length,
          { timeout: 5_000 },
        )
        .toBe(1);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
    expect(a.sms.outbox(person.mobileNo).length + b.sms.outbox(person.mobileNo).length).toBe(1);
  }, 60_000);

  it('a failed SMS is not claimed: the next run tries again', async () => {
    const person = await customer(1, [await ending('Retry me', endOf('2031-07-02'))]);
    const failing = job();
    failing.deps.sms = {
      name: 'http',
      send: async () => {
        throw new Error('gateway down');
      },
    };
    expect(await failing.run(at('2031-07-01', '09:00'))).toMatchObject({ sent: 0, failed: 1 });
    const retry = job();
    expect(await retry.run(at('2031-07-01', '10:00'))).toMatchObject({ sent: 1 });
    expect(retry.sms.outbox(person.mobileNo)).toHaveLength(1);
  });
});

describe('the stop link', () => {
  it('turns reminders off without signing in; an altered or other link is refused with a 400', async () => {
    const person = await customer(2, [await ending('Stop me', endOf('2031-08-07'))]);
    const run = job();
    await run.run(at('2031-08-05', '09:00'));
    const link = /Stop: (\S+)$/.exec(run.sms.outbox(person.mobileNo)[0]!.message)![1]!;
    const path = link.slice(TEST_SITE_URL.length);
    const token = new URL(link).searchParams.get('token')!;

    // Every other last character, including those base64url decodes to the same bytes.
    const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const last of base64url.replace(token.at(-1)!, '')) {
      expectError(await api.call('GET', `/api/reminders/stop?token=${token.slice(0, -1)}${last}`), 400, BAD_LINK);
    }
    const middle = token.length - 5;
    expectError(
      await api.call(
        'GET',
        `/api/reminders/stop?token=${token.slice(0, middle)}${token[middle] === 'A' ? 'B' : 'A'}${token.slice(middle + 1)}`,
      ),
      400,
      BAD_LINK,
    );
    expectError(
      await api.call('GET', `/api/reminders/stop?token=${await unsubscribeToken(db(), person.userId)}`),
      400,
      BAD_LINK,
    );
    expectError(await api.call('GET', '/api/reminders/stop'), 400, BAD_LINK);
    const badPage = await api.call('GET', '/api/reminders/stop?token=nonsense', { headers: { accept: 'text/html' } });
    expect(badPage.status).toBe(400);
    expect(badPage.body).toContain('This link does not work');
    const [still] = await db()
      .select({ days: users.reminderDaysBefore })
      .from(users)
      .where(eq(users.userId, person.userId));
    expect(still!.days).toBe(2);

    const page = await api.call('GET', path, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('Reminders are off');
    const [off] = await db()
      .select({ days: users.reminderDaysBefore })
      .from(users)
      .where(eq(users.userId, person.userId));
    expect(off!.days).toBeNull();
    const again = await api.call('GET', path);
    expect(again.status).toBe(200);
    expect(v.parse(ReminderStopResponse, again.body).message).toBe(REMINDER_MESSAGES.stopped);
    // The user as the API shows it carries no link token.
    const user = await api.call('GET', `/api/get/user/by/${person.userId}`, { token: person.token });
    expect(JSON.stringify(user.body)).not.toContain(token.split('.')[1]);
  });
});

describe("the stop link's life", () => {
  const stop = (token: string, headers?: Record<string, string>) =>
    api.call('GET', `/api/reminders/stop?token=${token}`, { headers });
  const daysOf = async (userId: number) =>
    (await db().select({ days: users.reminderDaysBefore }).from(users).where(eq(users.userId, userId)))[0]!.days;
  const EXPIRED = escaped(`token: ${ERROR_CODES.expired_stop_link}`);
  const DAY = 86_400_000;

  it('is issued afresh for each message, works for 90 days and not after', async () => {
    const person = await customer(2, []);
    const now = Date.now();
    const first = await reminderStopToken(db(), person.userId, new Date(now - 1000));
    const second = await reminderStopToken(db(), person.userId, new Date(now));
    expect(first).not.toBe(second);

    const old = await reminderStopToken(db(), person.userId, new Date(now - 91 * DAY));
    expectError(await stop(old), 400, EXPIRED);
    const page = await stop(old, { accept: 'text/html' });
    expect(page.status).toBe(400);
    expect(page.body).toContain('This link has expired.');
    // A link from before links carried their issue time: expired too.
    expectError(await stop(await signedLinks(db()).sign('reminder-stop', { u: person.userId })), 400, EXPIRED);
    expect(await daysOf(person.userId)).toBe(2);

    expect((await stop(await reminderStopToken(db(), person.userId, new Date(now - 89 * DAY)))).status).toBe(200);
    expect(await daysOf(person.userId)).toBeNull();
  });

  it('is refused once the user revokes their links; a link issued after works', async () => {
    const person = await customer(3, []);
    const before = await reminderStopToken(db(), person.userId);
    expectError(await api.call('POST', '/api/user/links/revoke'), 401);
    const revoked = await api.call('POST', '/api/user/links/revoke', { token: person.token });
    expect(revoked.status).toBe(200);
    expect(v.parse(ReminderStopResponse, revoked.body).message).toBe(REMINDER_MESSAGES.linksRevoked);
    expectError(await stop(before), 400, EXPIRED);
    expect((await stop(before, { accept: 'text/html' })).body).toContain('This link has expired.');
    expect(await daysOf(person.userId)).toBe(3);

    expect((await stop(await reminderStopToken(db(), person.userId))).status).toBe(200);
    expect(await daysOf(person.userId)).toBeNull();
  });
});

describe('the team Overview', () => {
  it("shows the reminders' last run: time, sent, skipped", async () => {
    const mobileNo = freshMobile();
    await createOrPromoteTeamMember(db(), { mobileNo, firstName: 'Nadeesha', password: STRONG_PASSWORD });
    const token = (
      await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } })
    ).body.token;
    await job().run(at('2031-09-01', '22:00'));
    const res = await api.call('GET', '/api/team/overview', { token });
    expect(res.status).toBe(200);
    const { lastReminderRun } = v.parse(TeamOverview, res.body).data;
    // The latest run (this one, in quiet hours), not an earlier one.
    expect(lastReminderRun).toMatchObject({
      startedAt: at('2031-09-01', '22:00').toISOString(),
      quietHours: true,
      sent: 0,
    });
    expect(lastReminderRun!.finishedAt).not.toBeNull();
  });
});
