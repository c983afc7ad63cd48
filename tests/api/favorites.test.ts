// A signed-in user's favourites (spec §7, §8; DECISIONS "Security rules": favourites act only on
// the token's own user). State is checked in the favorites table through api.handle.db.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { FavoritesResponse, MESSAGES, User } from '../../src/contract/index.ts';
import { favorites, offers, sessions, users } from '../../src/server/db/schema.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import { createTestApi, signUpVerified, type TestApi } from './harness.ts';
import { expectError, insertOffer, isListedRow, type Res } from './expectations.ts';

type OfferRow = typeof offers.$inferSelect;
type Customer = Awaited<ReturnType<typeof signUpVerified>>;

const ADD = '/api/add/user/favorite/offer';
const REMOVE = '/api/remove/offer/from/user/favorite';
const FavoriteChange = v.object({ status: v.literal(true), message: v.string(), data: v.object({ user: User }) });

let api: TestApi;
const db = () => api.handle.db;
const add = (token: string | undefined, body: unknown) => api.call('PUT', ADD, { token, body });
const remove = (token: string | undefined, body: unknown) => api.call('PUT', REMOVE, { token, body });
const list = (token: string | undefined, userId: number | string) =>
  api.call('GET', `/api/get/offer/favorite/by/${userId}`, { token });

const savedIds = async (userId: number) =>
  (await db().select().from(favorites).where(eq(favorites.userId, userId)))
    .map((row) => row.offerId)
    .sort((a, b) => a - b);
const listedIds = (res: Res): number[] => res.body.data[0].favorites.map((f: { offerId: number }) => f.offerId);

let listed: OfferRow[];

/** Values that are not an offer id. */
const HOSTILE_OFFER_IDS: unknown[] = [
  { $gt: 0 },
  {},
  [1],
  '1 OR 1=1',
  "1' OR '1'='1",
  '<script>alert(1)</script>',
  'x'.repeat(100_000),
  '9'.repeat(100_000),
  -1,
  0,
  1.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  true,
  null,
  '',
  ' 1',
  '0x10',
  '1e3',
];

let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  alice = await signUpVerified(api, { firstName: 'Alice' });
  bob = await signUpVerified(api, { firstName: 'Bob' });
  listed = (await db().select().from(offers)).filter(isListedRow).sort((a, b) => a.offerId - b.offerId);
});
afterAll(async () => {
  await api?.close();
});

describe('happy paths', () => {
  it('a new user has no favourites', async () => {
    const res = await list(alice.token, alice.userId);
    expect(res.status).toBe(200);
    expect(v.safeParse(FavoritesResponse, res.body).issues).toBeUndefined();
    expect(res.body).toMatchObject({
      status: true,
      isMobileVerification: true,
      data: [{ userId: alice.userId, favorites: [] }],
    });
  });

  it('adds an offer with the spec message, and the listing shows it with its bank, category and merchant', async () => {
    const offer = listed[3]!;
    const res = await add(alice.token, {
      offerId: offer.offerId,
      bankId: offer.bankId,
      categoryId: offer.categoryId,
      merchantId: offer.merchantId,
    });
    expect(res.status).toBe(200);
    expect(v.safeParse(FavoriteChange, res.body).issues).toBeUndefined();
    expect(res.body.message).toBe(MESSAGES.favoriteAdded);
    expect(res.body.message).toBe('Successfully added the offer to your favorites.');
    expect(res.body.data.user).toMatchObject({ userId: alice.userId, favorites: [offer.offerId] });
    expect(res.body.data.user).not.toHaveProperty('passwordHash');
    expect(await savedIds(alice.userId)).toEqual([offer.offerId]);

    const shown = await list(alice.token, alice.userId);
    expect(v.safeParse(FavoritesResponse, shown.body).issues).toBeUndefined();
    const [entry] = shown.body.data[0].favorites;
    expect(entry).toMatchObject({
      offerId: offer.offerId,
      header: offer.header,
      label: offer.label,
      bank: { bankId: offer.bankId },
      category: { categoryId: offer.categoryId },
      merchant: { merchantId: offer.merchantId },
      offer: { offerId: offer.offerId, bankId: offer.bankId },
    });
    const [row] = await db()
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, alice.userId), eq(favorites.offerId, offer.offerId)));
    expect(Date.parse(entry.createAt)).toBe(row!.createdAt.getTime());
  });

  it('adding the same offer twice is harmless', async () => {
    const offer = listed[3]!;
    const again = await add(alice.token, { offerId: offer.offerId });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(MESSAGES.favoriteAdded);
    expect(again.body.data.user.favorites).toEqual([offer.offerId]);
    expect(await savedIds(alice.userId)).toEqual([offer.offerId]);
    expect(listedIds(await list(alice.token, alice.userId))).toEqual([offer.offerId]);
  });

  it('lists the most recently saved first; a string id works like a number', async () => {
    const [first, second] = [listed[10]!, listed[20]!];
    expect((await add(alice.token, { offerId: first.offerId })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await add(alice.token, { offerId: String(second.offerId) })).status).toBe(200);
    expect(listedIds(await list(alice.token, alice.userId))).toEqual([
      second.offerId,
      first.offerId,
      listed[3]!.offerId,
    ]);
    // The offer card's favourite count sees every user's favourite.
    expect((await add(bob.token, { offerId: second.offerId })).status).toBe(200);
    const card = await api.call('POST', '/api/get/offer/multiple', { body: { offerIds: [second.offerId] } });
    expect(card.body.data[0].interest).toBe(2);
  });

  it('removes with the spec message; removing it again answers 404', async () => {
    const offerId = listed[10]!.offerId;
    const res = await remove(alice.token, { offerId });
    expect(res.status).toBe(200);
    expect(v.safeParse(FavoriteChange, res.body).issues).toBeUndefined();
    expect(res.body.message).toBe(MESSAGES.favoriteRemoved);
    expect(res.body.message).toBe('Successfully removed the offer from your favorites.');
    expect(res.body.data.user.favorites).not.toContain(offerId);
    expect(await savedIds(alice.userId)).not.toContain(offerId);
    expect(listedIds(await list(alice.token, alice.userId))).not.toContain(offerId);

    expectError(await remove(alice.token, { offerId }), 404);
  });

  it("removing touches only the caller's favourite", async () => {
    const offerId = listed[20]!.offerId;
    expect((await remove(bob.token, { offerId })).status).toBe(200);
    expect(await savedIds(bob.userId)).toEqual([]);
    expect(await savedIds(alice.userId)).toContain(offerId);
  });
});

describe('unknown and non-public offers', () => {
  it('adding an unknown offer answers 404 and saves nothing', async () => {
    const before = await savedIds(alice.userId);
    expectError(await add(alice.token, { offerId: 999999 }), 404);
    expectError(await add(alice.token, { offerId: 999999999 }), 404);
    expect(await savedIds(alice.userId)).toEqual(before);
  });

  it('removing a non-favourite or an unknown offer answers 404', async () => {
    const notSaved = listed[0]!.offerId;
    expect(await savedIds(bob.userId)).not.toContain(notSaved);
    expectError(await remove(bob.token, { offerId: notSaved }), 404);
    expectError(await remove(bob.token, { offerId: 999999 }), 404);
  });

  it('pending and rejected offers cannot be added', async () => {
    const pending = await insertOffer(api, { reviewStatus: 'pending' });
    const rejected = await insertOffer(api, { reviewStatus: 'rejected' });
    expectError(await add(bob.token, { offerId: pending }), 404);
    expectError(await add(bob.token, { offerId: rejected }), 404);
    expect(await savedIds(bob.userId)).toEqual([]);
  });

  // Decided from the code: the listing reads public (accepted) offers whether ended or not, so a
  // saved offer that expires stays in the user's favourites, marked 'expired', like its page.
  it('a saved offer that expires stays in the favourites, marked expired', async () => {
    const offerId = await insertOffer(api, {
      header: 'Soon gone',
      offerDateType: 'until',
      offerEnd: new Date(Date.now() + 86_400_000),
    });
    expect((await add(bob.token, { offerId })).status).toBe(200);
    expect((await list(bob.token, bob.userId)).body.data[0].favorites[0].offer.status).toBe('expireSoon');

    await db()
      .update(offers)
      .set({ offerEnd: new Date(Date.now() - 60_000) })
      .where(eq(offers.offerId, offerId));
    const res = await list(bob.token, bob.userId);
    expect(v.safeParse(FavoritesResponse, res.body).issues).toBeUndefined();
    expect(listedIds(res)).toEqual([offerId]);
    expect(res.body.data[0].favorites[0].offer.status).toBe('expired');
    // It can be removed, and an expired offer's page can still be favourited.
    expect((await remove(bob.token, { offerId })).status).toBe(200);
    expect((await add(bob.token, { offerId })).status).toBe(200);
    expect((await remove(bob.token, { offerId })).status).toBe(200);
  });

  it('a saved offer taken back to review leaves the listing, and can still be removed', async () => {
    const offerId = await insertOffer(api, { header: 'Under review later' });
    expect((await add(bob.token, { offerId })).status).toBe(200);
    await db().update(offers).set({ reviewStatus: 'pending' }).where(eq(offers.offerId, offerId));
    expect(listedIds(await list(bob.token, bob.userId))).toEqual([]);
    expect((await remove(bob.token, { offerId })).status).toBe(200);
    expect(await savedIds(bob.userId)).toEqual([]);
  });
});

describe("the offer's own bank, category and merchant count, not the client's", () => {
  it('ignores the ids sent with the offer id', async () => {
    const offer = listed.find((row) => row.bankId !== 2 && row.categoryId !== 2)!;
    const bankCount = async (bankId: number) =>
      (await api.call('GET', `/api/get/bank/by/${bankId}`)).body.data.favoriteCount;
    const [ownBefore, claimedBefore] = [await bankCount(offer.bankId), await bankCount(2)];

    const res = await add(bob.token, { offerId: offer.offerId, bankId: 2, categoryId: 2, merchantId: 999999 });
    expect(res.status).toBe(200);
    const entry = (await list(bob.token, bob.userId)).body.data[0].favorites[0];
    expect(entry).toMatchObject({
      offerId: offer.offerId,
      bank: { bankId: offer.bankId },
      category: { categoryId: offer.categoryId },
      merchant: { merchantId: offer.merchantId },
    });
    expect(await bankCount(offer.bankId)).toBe(ownBefore + 1);
    expect(await bankCount(2)).toBe(claimedBefore);
    expect((await remove(bob.token, { offerId: offer.offerId })).status).toBe(200);
  });

  it("a userId in the body is ignored: the favourite is the token's user's", async () => {
    const offerId = listed[30]!.offerId;
    const res = await add(bob.token, { offerId, userId: alice.userId });
    expect(res.status).toBe(200);
    expect(res.body.data.user.userId).toBe(bob.userId);
    expect(await savedIds(bob.userId)).toEqual([offerId]);
    expect(await savedIds(alice.userId)).not.toContain(offerId);
    // Nor can a body userId remove someone else's favourite.
    const aliceOffer = (await savedIds(alice.userId))[0]!;
    expectError(await remove(bob.token, { offerId: aliceOffer, userId: alice.userId }), 404);
    expect(await savedIds(alice.userId)).toContain(aliceOffer);
    expect((await remove(bob.token, { offerId })).status).toBe(200);
  });
});

describe('authentication and ownership', () => {
  let expiredToken: string;
  let verifyOnlyToken: string;
  beforeAll(async () => {
    const signedIn = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: bob.mobileNo, password: bob.password },
    });
    expect(signedIn.status).toBe(200);
    expiredToken = signedIn.body.token;
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expiredToken)));
    // A token that only allows finishing mobile verification is not a sign-in.
    verifyOnlyToken = 'verify-only-token-for-tests-0123456789abcdef';
    await db()
      .insert(sessions)
      .values({
        tokenHash: hashToken(verifyOnlyToken),
        userId: bob.userId,
        scope: 'verify',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
  });
  const offerId = () => listed[0]!.offerId;
  const calls = (token: string | undefined) => [
    list(token, bob.userId),
    add(token, { offerId: offerId() }),
    remove(token, { offerId: offerId() }),
  ];

  it('no token answers 401 on all three routes', async () => {
    for (const res of await Promise.all(calls(undefined))) expectError(res, 401);
  });

  it('an expired, unknown, verify-only or malformed token answers 401', async () => {
    for (const token of [expiredToken, 'not-a-real-token', verifyOnlyToken, 'x'.repeat(300)]) {
      for (const res of await Promise.all(calls(token))) expectError(res, 401);
    }
    for (const header of ['Basic abc', 'Bearer', `Token ${bob.token}`, `Bearer ${bob.token} extra`]) {
      expectError(
        await api.call('GET', `/api/get/offer/favorite/by/${bob.userId}`, { headers: { authorization: header } }),
        401,
      );
    }
    expect(await savedIds(bob.userId)).toEqual([]);
  });

  it('a signed-out token answers 401', async () => {
    const signedIn = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: bob.mobileNo, password: bob.password },
    });
    const token = signedIn.body.token;
    expect((await list(token, bob.userId)).status).toBe(200);
    expect((await api.call('POST', '/api/user/logout', { token })).status).toBe(200);
    expectError(await list(token, bob.userId), 401);
  });

  it("another user's id answers 403", async () => {
    expectError(await list(bob.token, alice.userId), 403);
    expectError(await list(bob.token, 999999), 403);
  });

  it('a blocked account answers 403 and its token stops working', async () => {
    const carol = await signUpVerified(api, { firstName: 'Carol' });
    await db().update(users).set({ isAccountBlock: true }).where(eq(users.userId, carol.userId));
    const res = await add(carol.token, { offerId: offerId() });
    expectError(res, 403);
    expect(res.body.message).toBe(ERROR_CODES.account_blocked);
    expect(await savedIds(carol.userId)).toEqual([]);
    await db().update(users).set({ isAccountBlock: false }).where(eq(users.userId, carol.userId));
    expectError(await list(carol.token, carol.userId), 401);
  });

  it('a malformed user id answers 400 for a signed-in user', async () => {
    for (const segment of [
      'abc',
      '0',
      '-1',
      '1.5',
      '9999999999',
      encodeURIComponent("1' OR '1'='1"),
      encodeURIComponent('<script>'),
      'x'.repeat(100_000),
    ]) {
      expectError(await list(bob.token, segment), 400);
    }
  });
});

describe('hostile bodies', () => {
  it('rejects non-id offer ids with 400 and saves nothing', async () => {
    for (const offerId of HOSTILE_OFFER_IDS) {
      expectError(await add(alice.token, { offerId }), 400);
      expectError(await remove(alice.token, { offerId }), 400);
    }
    for (const extra of [
      { bankId: 'x' },
      { categoryId: { $ne: 1 } },
      { merchantId: -1 },
      { bankId: 'x'.repeat(100_000) },
    ]) {
      expectError(await add(alice.token, { offerId: listed[50]!.offerId, ...extra }), 400);
    }
    expect(await savedIds(alice.userId)).not.toContain(listed[50]!.offerId);
  });

  it('rejects missing, empty, malformed and non-object bodies with 400', async () => {
    for (const path of [ADD, REMOVE]) {
      expectError(await api.call('PUT', path, { token: alice.token }), 400);
      for (const rawBody of ['', '{', '{"offerId": 1,}', 'offerId=1', "{'offerId': 1}", 'null', '42', '"1"']) {
        expectError(await api.call('PUT', path, { token: alice.token, rawBody }), 400);
      }
      expectError(await api.call('PUT', path, { token: alice.token, body: {} }), 400);
      expectError(
        await api.call('PUT', path, { token: alice.token, rawBody: `{"offerId":"${'1'.repeat(100_000)}"}` }),
        400,
      );
    }
  });

  it('a wrong method is not a route', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await api.call(method, ADD, {
        token: alice.token,
        body: method === 'GET' ? undefined : { offerId: listed[0]!.offerId },
      });
      expect(res.status).toBe(404);
    }
  });
});
