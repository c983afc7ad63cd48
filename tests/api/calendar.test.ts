// Calendars (issue 17, docs/api.md "Calendars") on the real app: an offer's .ics file, and the
// private favourites feed at a secret URL: made, replaced and turned off from the profile (the old
// URL answers 404 at once), listing only its owner's favourites and following their changes.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { CALENDAR_MESSAGES, CalendarFeedChangedResponse, CalendarFeedResponse } from '../../src/contract/calendar.ts';
import { users } from '../../src/server/db/schema.ts';
import { createTestApi, latestCode, signUpVerified, type TestApi } from './harness.ts';
import { expectError, expectOk, insertOffer } from './expectations.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { NO_ELIGIBILITY } from '../../src/contract/eligibility.ts';

let api: TestApi;
type Customer = Awaited<ReturnType<typeof signUpVerified>>;
let alice: Customer;
let bob: Customer;
/** Offers ending 1 to 3 weeks from now, all public. */
let ending: number[];

const DAY = 86_400_000;
const FEED = '/api/user/calendar-feed';
const feedPath = (token: string) => `/api/calendar/${token}.ics`;
const uids = (ics: string) =>
  [...ics.matchAll(/^UID:offer-(\d+)@/gm)].map((match) => Number(match[1])).sort((a, b) => a - b);
const favourite = (who: Customer, offerId: number) =>
  api.call('PUT', '/api/add/user/favorite/offer', { token: who.token, body: { offerId } });
const unfavourite = (who: Customer, offerId: number) =>
  api.call('PUT', '/api/remove/offer/from/user/favorite', { token: who.token, body: { offerId } });
const makeFeed = async (who: Customer) => {
  const made = await api.call('POST', FEED, { token: who.token });
  expectOk(made, CalendarFeedChangedResponse);
  return made.body.data.token as string;
};

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  alice = await signUpVerified(api, { firstName: 'Alice' });
  bob = await signUpVerified(api, { firstName: 'Bob' });
  const now = Date.now();
  ending = [];
  for (const weeks of [1, 2, 3]) {
    ending.push(
      await insertOffer(api, {
        header: `Ends in ${weeks} weeks`,
        offerDateType: 'until',
        offerStart: new Date(now - DAY),
        offerEnd: new Date(now + weeks * 7 * DAY),
      }),
    );
  }
});
afterAll(async () => {
  await api?.close();
});

describe('GET /api/offers/{offerId}/calendar.ics', () => {
  it('answers the offer as a text/calendar download with its canonical URL', async () => {
    const res = await api.call('GET', `/api/offers/${ending[0]}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="offerlanka-offer-${ending[0]}.ics"`);
    const ics = (res.body as string).replace(/\r\n[ \t]/g, ''); // long lines unfolded
    expect(uids(ics)).toEqual([ending[0]]);
    // The test app has no SITE_URL: the request's origin stands for the site.
    expect(ics).toMatch(
      new RegExp(
        `^URL:http://localhost/[a-z0-9-]+-credit-card-offers/credit-card-offers-for-[a-z0-9-]+/${ending[0]}\\r$`,
        'm',
      ),
    );
    expect(ics).toMatch(/^BEGIN:VALARM\r$/m);
  });

  it('is in the language its link names, and English without one, whatever the browser asks', async () => {
    const path = `/api/offers/${ending[0]}/calendar.ics`;
    // Unfolded, and without DTSTAMP (the moment it was made): an answer made again a second later is the same.
    const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').replace(/^DTSTAMP:.*\r\n/gm, '');
    const tamil = unfold((await api.call('GET', `${path}?lang=ta`)).body as string);
    expect(tamil).toMatch(/^SUMMARY:.*கடன் அட்டைகளுடன்/m);
    expect(tamil).toMatch(/^DESCRIPTION:நாளை முடிகிறது: /m);
    expect(tamil).toMatch(
      new RegExp(
        `^URL:http://localhost/ta/[a-z0-9-]+-credit-card-offers/credit-card-offers-for-[a-z0-9-]+/${ending[0]}\\r$`,
        'm',
      ),
    );
    // Kept apart in the cache: English after Tamil is still English.
    const english = unfold((await api.call('GET', path, { headers: { 'accept-language': 'si' } })).body as string);
    expect(english).toMatch(/^SUMMARY:.* credit cards\r$/m);
    expect(english).toMatch(/^DESCRIPTION:Ends tomorrow: /m);
    expect(unfold((await api.call('GET', `${path}?lang=xx`)).body as string)).toBe(english);
  });

  it('follows a change of the offer', async () => {
    const offerId = await insertOffer(api, {
      header: 'Before',
      offerDateType: 'until',
      offerEnd: new Date(Date.now() + 10 * DAY),
    });
    const before = (await api.call('GET', `/api/offers/${offerId}/calendar.ics`)).body as string;
    const { offers } = await import('../../src/server/db/schema.ts');
    const newEnd = new Date(Date.UTC(2031, 4, 20, 18, 29, 59)); // 20 May 2031, 23:59:59 in Colombo
    await api.handle.db.update(offers).set({ offerEnd: newEnd }).where(eq(offers.offerId, offerId));
    api.deps.cache.clear(); // as the team's edit does
    const after = (await api.call('GET', `/api/offers/${offerId}/calendar.ics`)).body as string;
    expect(before).not.toContain('DTEND;VALUE=DATE:20310521');
    expect(after).toContain('DTEND;VALUE=DATE:20310521');
  });

  it('answers 404 for an offer without an end date, an unknown one and one not public; 400 for a bad id', async () => {
    const open = await insertOffer(api, { offerDateType: 'other', offerEnd: null });
    expectError(await api.call('GET', `/api/offers/${open}/calendar.ics`), 404, ERROR_CODES.offer_has_no_end);
    expectError(await api.call('GET', '/api/offers/999999/calendar.ics'), 404, ERROR_CODES.offer_not_found);
    const pending = await insertOffer(api, { reviewStatus: 'pending', offerEnd: new Date(Date.now() + DAY) });
    expectError(await api.call('GET', `/api/offers/${pending}/calendar.ics`), 404, ERROR_CODES.offer_not_found);
    expectError(await api.call('GET', '/api/offers/abc/calendar.ics'), 400);
  });
});

describe('GET /api/offers/{offerId}/calendar.ics?weekday= (the week planners)', () => {
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
  const line = (ics: string, name: string) =>
    unfold(ics)
      .split('\r\n')
      .find((one) => one.startsWith(`${name}:`) || one.startsWith(`${name};`));
  // Tuesday 1 December 2026 to Wednesday 31 March 2027 in Colombo (stored in UTC, the day before at 18:30).
  const winter = {
    offerDateType: 'fromTo' as const,
    offerStart: new Date('2026-11-30T18:30:00.000Z'),
    offerEnd: new Date('2027-03-31T18:29:59.000Z'),
  };

  it("answers that weekday's event repeating weekly until the last day, in Colombo's days", async () => {
    const offerId = await insertOffer(api, {
      ...winter,
      eligibility: { ...NO_ELIGIBILITY, days: ['fri', 'sat'] },
    });
    const res = await api.call('GET', `/api/offers/${offerId}/calendar.ics?weekday=sat`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="offerlanka-offer-${offerId}-sat.ics"`);
    const ics = res.body as string;
    // The first Saturday from Tuesday 1 December is the 5th.
    expect(line(ics, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20261205');
    expect(line(ics, 'DTEND')).toBe('DTEND;VALUE=DATE:20261206');
    expect(line(ics, 'RRULE')).toBe('RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270331');
    expect(line(ics, 'UID')).toBe(`UID:offer-${offerId}-sat@localhost`);
    expect(line(ics, 'SUMMARY')).toMatch(/^SUMMARY:Saturday: 10% off at /);
    // The offer's own event (no weekday) is still its validity's, with its own UID.
    const own = (await api.call('GET', `/api/offers/${offerId}/calendar.ics`)).body as string;
    expect(line(own, 'RRULE')).toBe('RRULE:FREQ=WEEKLY;BYDAY=FR,SA;UNTIL=20270331');
    expect(line(own, 'UID')).toBe(`UID:offer-${offerId}@localhost`);
  });

  it('repeats an every-day offer on the day asked, and for ever an offer without an end', async () => {
    const everyDay = await insertOffer(api, winter);
    const monday = (await api.call('GET', `/api/offers/${everyDay}/calendar.ics?weekday=mon&lang=si`)).body as string;
    expect(line(monday, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20261207');
    expect(line(monday, 'RRULE')).toBe('RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270331');
    expect(line(monday, 'SUMMARY')).toMatch(/^SUMMARY:සඳුදා: /);
    const open = await insertOffer(api, { offerDateType: 'other', offerStart: winter.offerStart, offerEnd: null });
    const res = await api.call('GET', `/api/offers/${open}/calendar.ics?weekday=wed`);
    expect(res.status).toBe(200);
    expect(line(res.body as string, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20261202');
    expect(line(res.body as string, 'RRULE')).toBe('RRULE:FREQ=WEEKLY;BYDAY=WE');
    expect(res.body as string).not.toContain('BEGIN:VALARM');
  });

  it('answers 404 for a day the offer does not run on, 400 for a day that is not one', async () => {
    const fridays = await insertOffer(api, { ...winter, eligibility: { ...NO_ELIGIBILITY, days: ['fri'] } });
    expectError(
      await api.call('GET', `/api/offers/${fridays}/calendar.ics?weekday=mon`),
      404,
      ERROR_CODES.offer_not_on_weekday,
    );
    const notADay = await api.call('GET', `/api/offers/${fridays}/calendar.ics?weekday=friday`);
    expectError(notADay, 400);
    expect(notADay.body.issues).toEqual([
      expect.objectContaining({ path: 'weekday', message: ERROR_CODES.invalid_day, code: 'invalid_day' }),
    ]);
    expectError(await api.call('GET', '/api/offers/999999/calendar.ics?weekday=fri'), 404, ERROR_CODES.offer_not_found);
  });
});

describe('the favourites feed', () => {
  it('is off until made; made, it lists only its owner’s favourites', async () => {
    const state = await api.call('GET', FEED, { token: alice.token });
    expectOk(state, CalendarFeedResponse);
    expect(state.body.data).toEqual({ active: false, token: null });

    await favourite(alice, ending[0]!);
    await favourite(alice, ending[1]!);
    await favourite(bob, ending[2]!);
    const token = await makeFeed(alice);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Shown once: afterwards the profile learns only that the feed is on.
    expect((await api.call('GET', FEED, { token: alice.token })).body.data).toEqual({ active: true, token: null });

    const feed = await api.call('GET', feedPath(token));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-store');
    expect(uids(feed.body)).toEqual([ending[0], ending[1]]);
    expect(feed.body).toContain('X-WR-CALNAME:OfferLanka favourites');
  });

  it('follows the favourites as they change', async () => {
    const token = await makeFeed(bob);
    expect(uids((await api.call('GET', feedPath(token))).body)).toEqual([ending[2]]);
    await favourite(bob, ending[0]!);
    expect(uids((await api.call('GET', feedPath(token))).body)).toEqual([ending[0], ending[2]]);
    await unfavourite(bob, ending[2]!);
    expect(uids((await api.call('GET', feedPath(token))).body)).toEqual([ending[0]]);
  });

  it("is in the account's language", async () => {
    const sinhala = await signUpVerified(api, { firstName: 'Sunil' });
    await api.handle.db.update(users).set({ locale: 'si' }).where(eq(users.userId, sinhala.userId));
    await favourite(sinhala, ending[0]!);
    const feed = ((await api.call('GET', feedPath(await makeFeed(sinhala)))).body as string).replace(/\r\n[ \t]/g, '');
    expect(feed).toContain('X-WR-CALNAME:OfferLanka ප්‍රියතම');
    expect(feed).toMatch(/^SUMMARY:.*ණය කාඩ්පත් සමඟ/m);
    expect(feed).toMatch(/^URL:http:\/\/localhost\/si\//m);
  });

  it('leaves out favourites without an end date', async () => {
    const carol = await signUpVerified(api, { firstName: 'Carol' });
    const open = await insertOffer(api, { offerDateType: 'other', offerEnd: null });
    await favourite(carol, open);
    await favourite(carol, ending[1]!);
    expect(uids((await api.call('GET', feedPath(await makeFeed(carol)))).body)).toEqual([ending[1]]);
  });

  it('a new link revokes the old one at once', async () => {
    const old = await makeFeed(alice);
    expect((await api.call('GET', feedPath(old))).status).toBe(200);
    const fresh = await makeFeed(alice);
    expect(fresh).not.toBe(old);
    expectError(await api.call('GET', feedPath(old)), 404, ERROR_CODES.feed_not_found);
    expect((await api.call('GET', feedPath(fresh))).status).toBe(200);
  });

  it('is kept as its SHA-256 only: the plain token is nowhere in the account', async () => {
    const token = await makeFeed(bob);
    const [row] = await api.handle.db.select().from(users).where(eq(users.userId, bob.userId));
    expect(row!.calendarFeedTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('ends with a password change, and with a password reset', async () => {
    const owner = await signUpVerified(api, { firstName: 'Change' });
    const changed = await makeFeed(owner);
    const update = (who: { userId: number }, token: string, password: string) =>
      api.call('PUT', '/api/update/user/password', { token, body: { userId: who.userId, password } });
    expect((await update(owner, owner.token, 'Sigiriya-Rock-Fortress-5')).status).toBe(200);
    expectError(await api.call('GET', feedPath(changed)), 404, ERROR_CODES.feed_not_found);
    expect((await api.call('GET', FEED, { token: owner.token })).body.data).toEqual({ active: false, token: null });

    // A reset: a code to the number, its session, the new password.
    const reset = await signUpVerified(api, { firstName: 'Reset' });
    const feed = await makeFeed(reset);
    const sent = await api.call('POST', '/api/create/new/otp/verification', { body: { mobileNo: reset.mobileNo } });
    expect(sent.status).toBe(200);
    const verified = await api.call('POST', '/api/verify/mobile', {
      body: { otpCode: await latestCode(api, reset.mobileNo), token: sent.body.token },
    });
    expect(verified.status).toBe(200);
    expect((await api.call('GET', feedPath(feed))).status).toBe(200);
    expect((await update(reset, verified.body.token, 'Another-Pass-99-Galle')).status).toBe(200);
    expectError(await api.call('GET', feedPath(feed)), 404, ERROR_CODES.feed_not_found);
  });

  it('turned off, its URL answers 404 and the profile says it is off', async () => {
    const token = await makeFeed(alice);
    const off = await api.call('DELETE', FEED, { token: alice.token });
    expectOk(off, CalendarFeedChangedResponse);
    expect(off.body).toMatchObject({ message: CALENDAR_MESSAGES.feedRemoved, data: { active: false, token: null } });
    expectError(await api.call('GET', feedPath(token)), 404, ERROR_CODES.feed_not_found);
    expect((await api.call('GET', FEED, { token: alice.token })).body.data).toEqual({ active: false, token: null });
    // Turning off twice is harmless.
    expect((await api.call('DELETE', FEED, { token: alice.token })).status).toBe(200);
  });

  it('stops for a blocked account', async () => {
    const dave = await signUpVerified(api, { firstName: 'Dave' });
    const token = await makeFeed(dave);
    await api.handle.db.update(users).set({ isAccountBlock: true }).where(eq(users.userId, dave.userId));
    expectError(await api.call('GET', feedPath(token)), 404, ERROR_CODES.feed_not_found);
  });

  it('needs a sign-in to read, make or turn off', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) expect((await api.call(method, FEED)).status).toBe(401);
  });

  it('answers 400 for an address that is not a feed’s, 404 for an unknown token', async () => {
    for (const file of ['short.ics', `${'a'.repeat(43)}.txt`, `${'a'.repeat(42)}!.ics`])
      expectError(await api.call('GET', `/api/calendar/${file}`), 400);
    expectError(await api.call('GET', feedPath('A'.repeat(43))), 404, ERROR_CODES.feed_not_found);
  });

  it('never shows the token in another answer', async () => {
    const token = await makeFeed(alice);
    const signIn = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: alice.mobileNo, password: alice.password },
    });
    const answers = [
      signIn,
      await api.call('GET', `/api/get/user/by/${alice.userId}`, { token: alice.token }),
      await api.call('GET', `/api/session/validate/${alice.token}`),
      await favourite(alice, ending[2]!),
      await api.call('GET', `/api/get/offer/favorite/by/${alice.userId}`, { token: alice.token }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      expect(JSON.stringify(answer.body)).not.toContain(token);
    }
    expect(v.is(CalendarFeedResponse, (await api.call('GET', FEED, { token: alice.token })).body)).toBe(true);
  });
});
