// "Listed" at its boundary (domain/offers.ts isListed): an offer whose end is this very minute is
// still listed, on every path that asks; one that ended a minute earlier is not. The server's
// clock is held at that minute, so the lists' SQL and the checks in code see the same moment.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError, insertOffer } from './expectations.ts';
import { createTestApi, freshMobile, STRONG_PASSWORD, type TestApi } from './harness.ts';

let api: TestApi;
let teamToken: string;
/** The test's now: a whole minute. */
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
let endsNow: number;
let endedMinuteAgo: number;

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  const mobileNo = freshMobile();
  await createOrPromoteTeamMember(api.handle.db, { mobileNo, firstName: 'Tharushi', password: STRONG_PASSWORD });
  teamToken = (await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } }))
    .body.token;
  const start = new Date(now.getTime() - 7 * 86_400_000);
  endedMinuteAgo = await insertOffer(api, {
    header: 'Ended a minute ago',
    offerDateType: 'until',
    offerStart: start,
    offerEnd: new Date(now.getTime() - 60_000),
  });
  endsNow = await insertOffer(api, {
    header: 'Ends this minute',
    offerDateType: 'until',
    offerStart: start,
    offerEnd: now,
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterAll(async () => {
  vi.useRealTimers();
  await api?.close();
});

describe('an offer ending this very minute', () => {
  it('is in the public lists, and one that ended a minute earlier is not', async () => {
    // Newest first: the two offers just added head the list when listed.
    const ids = (await api.call('GET', '/api/get/offers/by/page/1/10')).body.data.map(
      (offer: { offerId: number }) => offer.offerId,
    );
    expect(ids).toContain(endsNow);
    expect(ids).not.toContain(endedMinuteAgo);
  });

  it('shows as not expired, and one that ended a minute earlier as expired', async () => {
    const status = async (offerId: number) =>
      (await api.call('GET', `/api/get/offer/by/${offerId}`)).body.data[0].status;
    expect(await status(endsNow)).not.toBe('expired');
    expect(await status(endedMinuteAgo)).toBe('expired');
  });

  it("is in the team's offers ending this week, and one that ended a minute earlier is not", async () => {
    const ending = async (offerId: number) =>
      (await api.call('GET', `/api/team/offers?ending=week&q=${offerId}`, { token: teamToken })).body.data.map(
        (offer: { offerId: number }) => offer.offerId,
      );
    expect(await ending(endsNow)).toEqual([endsNow]);
    expect(await ending(endedMinuteAgo)).toEqual([]);
  });

  it('can be ended by the team, and one that ended a minute earlier cannot (409)', async () => {
    const end = (offerId: number) =>
      api.call('POST', `/api/team/offers/${offerId}/end`, { token: teamToken, body: { reason: 'The bank ended it.' } });
    expectError(await end(endedMinuteAgo), 409);
    expect((await end(endsNow)).status).toBe(200);
  });
});
