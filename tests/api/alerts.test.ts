// "Alert me" and the weekly digest (issue 17): alerts per account, the e-mail address confirmed
// by a link before anything is sent, the digest job (matching, the cap, one e-mail per week across
// runs and processes, job_runs), the unsubscribe link and header, the dev mail outbox, and SMTP
// through a real smtp-server.
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, ALERTS_PER_USER_MAX, DIGEST_OFFERS_PER_ALERT } from '../../src/contract/alerts.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { digestSends, jobRuns, offerAlerts, offers, users } from '../../src/server/db/schema.ts';
import { setEmail, unsubscribeToken, verifyEmail } from '../../src/server/domain/alerts.ts';
import { colomboWeekStart, runDigests } from '../../src/server/jobs/digests.ts';
import {
  createConsoleMailProvider,
  createSmtpMailProvider,
  type MailDeps,
  type MailOutboxEntry,
} from '../../src/server/services/mail.ts';
import { expectError } from './expectations.ts';
import { createTestApi, LOOPBACK_IP, signUpVerified, TEST_SITE_URL, type TestApi } from './harness.ts';

let api: TestApi;
let bankId: number;
let otherBankId: number;
const HOUR = 3_600_000;

/** Banks with the most listed offers: the alerts' lists. */
async function banksByListedOffers() {
  const rows = await api.handle.db
    .select({ bankId: offers.bankId, n: sql<number>`count(*)::int` })
    .from(offers)
    .where(
      and(
        eq(offers.reviewStatus, 'accepted'),
        isNull(offers.withdrawnAt),
        or(isNull(offers.offerEnd), gte(offers.offerEnd, sql`now() + interval '2 days'`)),
      ),
    )
    .groupBy(offers.bankId)
    .orderBy(sql`count(*) desc`);
  return rows;
}
/** Listed offers of a bank, as if accepted at `at`. */
async function acceptAt(bank: number, howMany: number, at: Date): Promise<number[]> {
  const rows = await api.handle.db
    .select({ offerId: offers.offerId })
    .from(offers)
    .where(
      and(
        eq(offers.bankId, bank),
        eq(offers.reviewStatus, 'accepted'),
        isNull(offers.withdrawnAt),
        or(isNull(offers.offerEnd), gte(offers.offerEnd, sql`now() + interval '2 days'`)),
      ),
    )
    .orderBy(offers.offerId)
    .limit(howMany);
  for (const row of rows)
    await api.handle.db.update(offers).set({ reviewedAt: at }).where(eq(offers.offerId, row.offerId));
  return rows.map((row) => row.offerId);
}

beforeAll(async () => {
  // Many sign-ups from one address; the per-account and per-address limits of the links stay as they are.
  const plenty = { limit: 10_000, windowMs: HOUR };
  api = await createTestApi({
    offers: 200,
    rateRules: { signUpPerIp: plenty, codeSendPerIp: plenty, codeCheckPerIp: plenty, emailLinkPerIp: plenty },
  });
  const ranked = await banksByListedOffers();
  bankId = ranked[0]!.bankId;
  otherBankId = ranked[1]!.bankId;
  expect(ranked[0]!.n).toBeGreaterThan(DIGEST_OFFERS_PER_ALERT + 1);
});
afterAll(async () => {
  await api?.close();
});

const latestMail = (to: string): MailOutboxEntry | undefined => api.mail.outbox(to)[0];
const linkIn = (text: string, path: string) => {
  const match = new RegExp(`${TEST_SITE_URL.replace(/[.:/]/g, '\\$&')}/api${path}\\?token=([A-Za-z0-9_.-]+)`).exec(
    text,
  );
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
};

/** A customer with a confirmed address, through the routes. */
async function confirmedUser(email: string) {
  const user = await signUpVerified(api);
  const sent = await api.call('POST', '/api/user/email', { token: user.token, body: { email } });
  expect(sent.status).toBe(200);
  const token = linkIn(latestMail(email)!.text, '/email/verify');
  expect((await api.call('GET', `/api/email/verify?token=${token}`)).status).toBe(200);
  return user;
}

describe('alerts: GET, POST /api/user/alerts, DELETE /api/user/alerts/{alertId}', () => {
  it('needs a sign-in', async () => {
    expectError(await api.call('GET', '/api/user/alerts'), 401);
    expectError(await api.call('POST', '/api/user/alerts', { body: { label: 'x', filter: {} } }), 401);
    expectError(await api.call('DELETE', '/api/user/alerts/1'), 401);
  });

  it('saves a list, lists it with its link, refuses the same list twice, and deletes it', async () => {
    const { token } = await signUpVerified(api);
    expect((await api.call('GET', '/api/user/alerts', { token })).body).toEqual({
      status: true,
      data: [],
      email: null,
      emailVerified: false,
    });
    const created = await api.call('POST', '/api/user/alerts', {
      token,
      body: { label: ' HNB · Dining ', filter: { bankIds: [bankId], categoryIds: [2], validToday: true } },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(ALERT_MESSAGES.created);
    expect(created.body.data).toHaveLength(1);
    const [alert] = created.body.data;
    expect(alert.label).toBe('HNB · Dining');
    expect(alert.listPath).toBe(`/?bank=${bankId}&category=2&today=1`);
    expect(alert.filter).toMatchObject({ bankIds: [bankId], categoryIds: [2], validToday: true, sort: 'newest' });

    const again = await api.call('POST', '/api/user/alerts', {
      token,
      body: { label: 'Same', filter: { categoryIds: [2], bankIds: [bankId], validToday: true, sort: 'newest' } },
    });
    expectError(again, 409, ERROR_CODES.duplicate_alert);

    const deleted = await api.call('DELETE', `/api/user/alerts/${alert.alertId}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual([]);
    expectError(
      await api.call('DELETE', `/api/user/alerts/${alert.alertId}`, { token }),
      404,
      ERROR_CODES.no_such_alert,
    );
  });

  it("cannot delete another user's alert", async () => {
    const owner = await signUpVerified(api);
    const stranger = await signUpVerified(api);
    const { body } = await api.call('POST', '/api/user/alerts', {
      token: owner.token,
      body: { label: 'Mine', filter: { bankIds: [bankId] } },
    });
    expectError(await api.call('DELETE', `/api/user/alerts/${body.data[0].alertId}`, { token: stranger.token }), 404);
    expect((await api.call('GET', '/api/user/alerts', { token: owner.token })).body.data).toHaveLength(1);
  });

  it(`keeps at most ${ALERTS_PER_USER_MAX} alerts per account`, async () => {
    const { token } = await signUpVerified(api);
    for (let i = 1; i <= ALERTS_PER_USER_MAX; i++) {
      expect(
        (
          await api.call('POST', '/api/user/alerts', {
            token,
            body: { label: `Category ${i}`, filter: { categoryIds: [i] } },
          })
        ).status,
      ).toBe(201);
    }
    expectError(
      await api.call('POST', '/api/user/alerts', {
        token,
        body: { label: 'One more', filter: { categoryIds: [999] } },
      }),
      409,
      ERROR_CODES.too_many_alerts,
    );
  });

  it('answers bad input 400, never 500', async () => {
    const { token } = await signUpVerified(api);
    const bad: unknown[] = [
      {},
      { label: '', filter: {} },
      { label: '   ', filter: {} },
      { label: 'x'.repeat(500), filter: {} },
      { label: 'x' },
      { label: 'x', filter: { bankIds: ['abc'] } },
      { label: 'x', filter: { sort: 'random' } },
      { label: 'x', filter: { networks: ['nope'] } },
      { label: 'x', filter: { cards: [{ bankId: 1, network: 'visa' }] } },
      { label: 12, filter: {} },
      { label: 'x', filter: [] },
      [],
    ];
    for (const body of bad) expectError(await api.call('POST', '/api/user/alerts', { token, body }), 400);
    expectError(await api.call('POST', '/api/user/alerts', { token, rawBody: '{"label":' }), 400);
    for (const id of ['abc', '0', '-1', '99999999999', '1.5'])
      expectError(await api.call('DELETE', `/api/user/alerts/${id}`, { token }), 400);
  });
});

describe('the e-mail address: POST /api/user/email, GET /api/email/verify', () => {
  it('the console provider (npm start) prints the confirmation link, as it prints an SMS code', async () => {
    const { userId } = await signUpVerified(api);
    const [user] = await api.handle.db.select().from(users).where(eq(users.userId, userId));
    const lines: string[] = [];
    const mail: MailDeps = {
      provider: createConsoleMailProvider((line) => lines.push(line)),
      siteUrl: TEST_SITE_URL,
      apiUrl: `${TEST_SITE_URL}/api`,
    };
    await setEmail(api.handle.db, mail, user!, 'printed@example.com');
    const token = linkIn(mail.provider.outbox!('printed@example.com')[0]!.text, '/email/verify');
    expect(lines).toEqual([expect.stringContaining(`${TEST_SITE_URL}/api/email/verify?token=${token}`)]);
  });

  it('mails a link that confirms the address; a new address needs confirming again', async () => {
    const { token } = await signUpVerified(api);
    const sent = await api.call('POST', '/api/user/email', { token, body: { email: 'Nimal.Perera@Example.com' } });
    expect(sent.body).toEqual({
      status: true,
      message: ALERT_MESSAGES.emailSent,
      email: 'Nimal.Perera@Example.com',
      emailVerified: false,
    });
    const mail = latestMail('nimal.perera@example.com')!;
    expect(mail.subject).toMatch(/confirm/i);
    const link = linkIn(mail.text, '/email/verify');

    // Unconfirmed until the link is opened.
    expect((await api.call('GET', '/api/user/alerts', { token })).body).toMatchObject({
      email: 'Nimal.Perera@Example.com',
      emailVerified: false,
    });
    const verified = await api.call('GET', `/api/email/verify?token=${link}`);
    expect(verified.body).toEqual({ status: true, message: ALERT_MESSAGES.emailVerified });
    expect((await api.call('GET', '/api/user/alerts', { token })).body.emailVerified).toBe(true);

    // The same confirmed address: nothing to send.
    const before = api.mail.outbox('nimal.perera@example.com').length;
    expect(
      (await api.call('POST', '/api/user/email', { token, body: { email: 'nimal.perera@example.com' } })).body.message,
    ).toBe(ALERT_MESSAGES.emailAlreadyVerified);
    expect(api.mail.outbox('nimal.perera@example.com')).toHaveLength(before);

    // A new address clears the confirmation, and the old link no longer confirms anything.
    await api.call('POST', '/api/user/email', { token, body: { email: 'nimal@example.org' } });
    expect((await api.call('GET', '/api/user/alerts', { token })).body).toMatchObject({
      email: 'nimal@example.org',
      emailVerified: false,
    });
    expectError(await api.call('GET', `/api/email/verify?token=${link}`), 400, ERROR_CODES.email_changed);
    expect((await api.call('GET', '/api/user/alerts', { token })).body.emailVerified).toBe(false);
  });

  it('refuses altered, expired and wrong-purpose links with 400, and shows a person a page', async () => {
    const { token, userId } = await signUpVerified(api);
    await api.call('POST', '/api/user/email', { token, body: { email: 'links@example.com' } });
    const link = linkIn(latestMail('links@example.com')!.text, '/email/verify');
    const [body, mac] = link.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: userId, e: 'links@example.com', x: Date.now() + 9e9 })).toString('base64url')}.${mac}`;
    for (const bad of [forged, `${body}.AAAA`, 'nonsense', '', '%%%', 'a.b.c', 'x'.repeat(5000)]) {
      expectError(await api.call('GET', `/api/email/verify?token=${encodeURIComponent(bad)}`), 400);
    }
    expectError(await api.call('GET', '/api/email/verify'), 400);
    // Expired: the link works for EMAIL_VERIFY_LINK_DAYS.
    await expect(verifyEmail(api.handle.db, link, new Date(Date.now() + 4 * 24 * HOUR))).rejects.toMatchObject({
      httpStatus: 400,
      message: ERROR_CODES.bad_link,
    });
    const page = await api.call('GET', '/api/email/verify?token=nonsense', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain(ERROR_CODES.bad_link);
    const good = await api.call('GET', `/api/email/verify?token=${link}`, { headers: { accept: 'text/html' } });
    expect(good.status).toBe(200);
    expect(good.body).toContain('Address confirmed');
  });

  it('answers a bad address 400 and limits the links an account may ask for', async () => {
    const { token } = await signUpVerified(api);
    for (const body of [
      {},
      { email: '' },
      { email: 'not-an-address' },
      { email: 'a@' },
      { email: 5 },
      { email: `${'a'.repeat(260)}@x.lk` },
    ]) {
      expectError(await api.call('POST', '/api/user/email', { token, body }), 400);
    }
    expectError(await api.call('POST', '/api/user/email', { body: { email: 'a@b.lk' } }), 401);
    for (let i = 0; i < 5; i++)
      expect(
        (await api.call('POST', '/api/user/email', { token, body: { email: `try${i}@example.com` } })).status,
      ).toBe(200);
    expectError(await api.call('POST', '/api/user/email', { token, body: { email: 'try9@example.com' } }), 429);
  });
});

describe('the weekly digest (jobs/digests.ts)', () => {
  it('sends each confirmed user the new matching offers once a week, capped, with the unsubscribe link and headers', async () => {
    const db = api.handle.db;
    const reader = await confirmedUser('digest@example.com');
    const unconfirmed = await signUpVerified(api);
    for (const { token } of [reader, unconfirmed]) {
      await api.call('POST', '/api/user/alerts', { token, body: { label: 'My bank', filter: { bankIds: [bankId] } } });
    }
    await api.call('POST', '/api/user/alerts', {
      token: reader.token,
      body: { label: 'Other bank', filter: { bankIds: [otherBankId] } },
    });
    // The alerts started yesterday; offers of the first bank were accepted since.
    const start = new Date(Date.now() - 24 * HOUR);
    await db.update(offerAlerts).set({ notifiedThrough: start });
    const fresh = await acceptAt(bankId, DIGEST_OFFERS_PER_ALERT + 2, new Date(start.getTime() + HOUR));
    const now = new Date();

    const result = await runDigests({ db, mail: api.deps.mail! }, { now });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const mail = latestMail('digest@example.com')!;
    expect(mail.subject).toBe(`${fresh.length} new offers for your OfferLanka alerts`);
    // At most DIGEST_OFFERS_PER_ALERT offers, the rest behind the list's link; the other bank had nothing new.
    const listed = [...mail.text.matchAll(/\/(\d+)$/gm)].map((match) => Number(match[1]));
    expect(listed).toHaveLength(DIGEST_OFFERS_PER_ALERT);
    for (const offerId of listed) expect(fresh).toContain(offerId);
    expect(mail.text).toContain(`and 2 more: ${TEST_SITE_URL}/?bank=${bankId}`);
    expect(mail.text).not.toContain('Other bank');
    expect(mail.html).toContain('See 2 more');
    const unsubscribeUrl = /Unsubscribe.*: (\S+)$/m.exec(mail.text)![1]!;
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // Recorded: the week's send and the run.
    const [send] = await db.select().from(digestSends).where(eq(digestSends.userId, reader.userId));
    expect(send!.weekStart).toBe(colomboWeekStart(now));
    expect(send!.offerIds).toEqual(listed);
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, 'digests'))
      .orderBy(sql`${jobRuns.runId} desc`)
      .limit(1);
    expect(run).toMatchObject({ sent: result.sent, skipped: result.skipped });
    expect(run!.finishedAt).not.toBeNull();
    expect(
      (run!.detail as { skippedBecause: Record<string, number> }).skippedBecause.emailNotConfirmed,
    ).toBeGreaterThanOrEqual(1);

    // Nothing for the user whose address is not confirmed.
    const [stranger] = await db.select().from(users).where(eq(users.userId, unconfirmed.userId));
    expect(stranger!.email).toBeNull();

    // The same week again: nothing more, even with new offers. Two hours on, or just before the
    // week ends in Colombo when that comes sooner (a run late on Sunday there).
    const count = api.mail.outbox('digest@example.com').length;
    const weekEnd = Date.parse(`${colomboWeekStart(now)}T00:00:00+05:30`) + 7 * 24 * HOUR;
    const laterThisWeek = new Date(Math.min(now.getTime() + 2 * HOUR, weekEnd - 1));
    await acceptAt(otherBankId, 1, new Date((now.getTime() + laterThisWeek.getTime()) / 2));
    await runDigests({ db, mail: api.deps.mail! }, { now: laterThisWeek });
    expect(api.mail.outbox('digest@example.com')).toHaveLength(count);

    // Next week: only what was accepted since the last digest.
    const nextWeek = new Date(now.getTime() + 7 * 24 * HOUR);
    await runDigests({ db, mail: api.deps.mail! }, { now: nextWeek });
    const second = latestMail('digest@example.com')!;
    expect(api.mail.outbox('digest@example.com')).toHaveLength(count + 1);
    expect(second.subject).toBe('1 new offer for your OfferLanka alerts');
    expect(second.text).toContain('Other bank');
    expect(second.text).not.toContain('My bank');

    // And the week after, with nothing new, nothing is sent.
    const quiet = await runDigests({ db, mail: api.deps.mail! }, { now: new Date(nextWeek.getTime() + 7 * 24 * HOUR) });
    expect(api.mail.outbox('digest@example.com')).toHaveLength(count + 1);
    expect(quiet.sent).toBe(0);
  });

  it('sends one e-mail when two processes run the same week at once', async () => {
    const db = api.handle.db;
    const reader = await confirmedUser('twice@example.com');
    await api.call('POST', '/api/user/alerts', {
      token: reader.token,
      body: { label: 'Twice', filter: { bankIds: [bankId] } },
    });
    const start = new Date(Date.now() + 30 * 24 * HOUR);
    await db.update(offerAlerts).set({ notifiedThrough: start }).where(eq(offerAlerts.userId, reader.userId));
    await acceptAt(bankId, 1, new Date(start.getTime() + HOUR));
    const now = new Date(start.getTime() + 2 * HOUR);
    const results = await Promise.all([
      runDigests({ db, mail: api.deps.mail! }, { now }),
      runDigests({ db, mail: api.deps.mail! }, { now }),
    ]);
    expect(api.mail.outbox('twice@example.com').filter((mail) => mail.subject.includes('alerts'))).toHaveLength(1);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBeGreaterThanOrEqual(1);
  });

  it('keeps the claim off when the e-mail fails, so the next run sends it', async () => {
    const db = api.handle.db;
    const reader = await confirmedUser('flaky@example.com');
    await api.call('POST', '/api/user/alerts', {
      token: reader.token,
      body: { label: 'Flaky', filter: { bankIds: [bankId] } },
    });
    const start = new Date(Date.now() + 60 * 24 * HOUR);
    await db.update(offerAlerts).set({ notifiedThrough: start }).where(eq(offerAlerts.userId, reader.userId));
    await acceptAt(bankId, 1, new Date(start.getTime() + HOUR));
    const now = new Date(start.getTime() + 2 * HOUR);
    const failing: MailDeps = {
      ...api.deps.mail!,
      provider: {
        name: 'smtp',
        send: async () => {
          throw new Error('connection refused');
        },
      },
    };
    const failed = await runDigests({ db, mail: failing }, { now });
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(
      await db
        .select()
        .from(digestSends)
        .where(and(eq(digestSends.userId, reader.userId), eq(digestSends.weekStart, colomboWeekStart(now)))),
    ).toEqual([]);
    await runDigests({ db, mail: api.deps.mail! }, { now });
    expect(latestMail('flaky@example.com')!.subject).toBe('1 new offer for your OfferLanka alerts');
  });

  it('counts the week from Monday in Sri Lanka', () => {
    expect(colomboWeekStart(new Date('2026-11-23T00:00:00+05:30'))).toBe('2026-11-23'); // Monday 00:00 Colombo
    expect(colomboWeekStart(new Date('2026-11-22T23:59:00+05:30'))).toBe('2026-11-16'); // Sunday night
    expect(colomboWeekStart(new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-23'); // Monday 00:30 Colombo, still Sunday in UTC
  });
});

describe('unsubscribing: GET and POST /api/email/unsubscribe', () => {
  it('works without signing in: GET shows a button, POST (one-click) deletes the alerts', async () => {
    const db = api.handle.db;
    const reader = await confirmedUser('leave@example.com');
    await api.call('POST', '/api/user/alerts', {
      token: reader.token,
      body: { label: 'Leave', filter: { bankIds: [bankId] } },
    });
    const start = new Date(Date.now() + 90 * 24 * HOUR);
    await db.update(offerAlerts).set({ notifiedThrough: start }).where(eq(offerAlerts.userId, reader.userId));
    await acceptAt(bankId, 1, new Date(start.getTime() + HOUR));
    await runDigests({ db, mail: api.deps.mail! }, { now: new Date(start.getTime() + 2 * HOUR) });
    const header = latestMail('leave@example.com')!.headers!['List-Unsubscribe']!;
    const path = header.slice(1, -1).replace(TEST_SITE_URL, '');

    // Opening the link (a person, or a mail scanner) unsubscribes nobody.
    const page = await api.call('GET', path, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post">');
    expect((await api.call('GET', path)).status).toBe(200);
    expect((await api.call('GET', '/api/user/alerts', { token: reader.token })).body.data).toHaveLength(1);

    // RFC 8058 one-click: a form POST with no sign-in.
    const done = await api.call('POST', path, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.body).toEqual({ status: true, message: ALERT_MESSAGES.unsubscribed });
    expect((await api.call('GET', '/api/user/alerts', { token: reader.token })).body.data).toEqual([]);
    const again = await api.call('POST', path, { headers: { accept: 'text/html' } });
    expect(again.body).toContain(ALERT_MESSAGES.unsubscribed);
  });

  it('refuses a bad token, and a confirmation link used as an unsubscribe link, with 400', async () => {
    const { token } = await signUpVerified(api);
    await api.call('POST', '/api/user/email', { token, body: { email: 'purpose@example.com' } });
    const verifyToken = linkIn(latestMail('purpose@example.com')!.text, '/email/verify');
    for (const bad of [verifyToken, 'nonsense', '', 'a.b']) {
      expectError(await api.call('POST', `/api/email/unsubscribe?token=${encodeURIComponent(bad)}`), 400);
      expectError(await api.call('GET', `/api/email/unsubscribe?token=${encodeURIComponent(bad)}`), 400);
    }
    expectError(await api.call('POST', '/api/email/unsubscribe'), 400);
  });

  it('refuses a link older than 90 days, and every link issued before the user revoked them', async () => {
    const db = api.handle.db;
    const reader = await confirmedUser('expire@example.com');
    await api.call('POST', '/api/user/alerts', {
      token: reader.token,
      body: { label: 'Keep', filter: { bankIds: [bankId] } },
    });
    const unsubscribeAt = (token: string, headers?: Record<string, string>) =>
      api.call('POST', `/api/email/unsubscribe?token=${token}`, { headers });
    const alertCount = async () =>
      (await api.call('GET', '/api/user/alerts', { token: reader.token })).body.data.length;

    const old = await unsubscribeToken(db, reader.userId, new Date(Date.now() - 91 * 24 * HOUR));
    expectError(await unsubscribeAt(old), 400, ERROR_CODES.expired_unsubscribe_link);
    expectError(
      await api.call('GET', `/api/email/unsubscribe?token=${old}`),
      400,
      ERROR_CODES.expired_unsubscribe_link,
    );
    const page = await unsubscribeAt(old, { accept: 'text/html' });
    expect(page.status).toBe(400);
    expect(page.body).toContain('This link has expired.');

    const issued = await unsubscribeToken(db, reader.userId);
    expect(await unsubscribeToken(db, reader.userId, new Date(Date.now() + 1000))).not.toBe(issued);
    expect((await api.call('POST', '/api/user/links/revoke', { token: reader.token })).status).toBe(200);
    expectError(await unsubscribeAt(issued), 400, ERROR_CODES.expired_unsubscribe_link);
    expect(await alertCount()).toBe(1);

    expect((await unsubscribeAt(await unsubscribeToken(db, reader.userId))).status).toBe(200);
    expect(await alertCount()).toBe(0);
  });
});

describe('the dev mail outbox: GET /api/dev/mail-outbox/{address}', () => {
  it('answers this machine only', async () => {
    const { token } = await signUpVerified(api);
    await api.call('POST', '/api/user/email', { token, body: { email: 'outbox@example.com' } });
    const mine = await api.call('GET', '/api/dev/mail-outbox/outbox@example.com', { ip: LOOPBACK_IP });
    expect(mine.status).toBe(200);
    expect(mine.body.data[0].text).toContain('/email/verify?token=');
    const unknownRoute = await api.call('GET', '/api/dev/no-such-thing', { ip: LOOPBACK_IP });
    for (const call of [{}, { ip: LOOPBACK_IP, headers: { 'x-forwarded-for': '127.0.0.1' } }]) {
      const hidden = await api.call('GET', '/api/dev/mail-outbox/outbox@example.com', call);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual(unknownRoute.body);
    }
  });
});

describe('SMTP (MAIL_PROVIDER=smtp) against a real SMTP server', () => {
  it('delivers the digest with its List-Unsubscribe headers', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const provider = createSmtpMailProvider({
      host: '127.0.0.1',
      port,
      secure: false,
      from: 'OfferLanka <alerts@offerlanka.lk>',
    });
    try {
      const db = api.handle.db;
      const reader = await confirmedUser('smtp@example.com');
      await api.call('POST', '/api/user/alerts', {
        token: reader.token,
        body: { label: 'By SMTP', filter: { bankIds: [bankId] } },
      });
      const start = new Date(Date.now() + 120 * 24 * HOUR);
      await db.update(offerAlerts).set({ notifiedThrough: start }).where(eq(offerAlerts.userId, reader.userId));
      await acceptAt(bankId, 1, new Date(start.getTime() + HOUR));
      const result = await runDigests(
        { db, mail: { ...api.deps.mail!, provider } },
        { now: new Date(start.getTime() + 2 * HOUR) },
      );
      expect(result.failed).toBe(0);
      // Headers unfolded (a long one may go on over several lines).
      const message = received
        .map((text) => text.replace(/\r\n[ \t]+/g, ' '))
        .find((text) => /^To: smtp@example\.com/m.test(text))!;
      expect(message).toMatch(/^From: OfferLanka <alerts@offerlanka\.lk>/m);
      expect(message).toMatch(/^List-Unsubscribe: <http:\/\/localhost:4321\/api\/email\/unsubscribe\?token=/m);
      expect(message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(message).toMatch(/^Subject: 1 new offer for your OfferLanka alerts/m);
    } finally {
      provider.close?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
