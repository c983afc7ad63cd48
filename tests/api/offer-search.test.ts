// The filter bar's search and My Cards (docs/api.md §4b). Every search's answer is checked against
// the rules computed here from the database rows with lib/card-match.ts and lib/valid-today.ts,
// the same functions the browser uses for the "Your card" mark, so SQL and browser cannot drift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NETWORKS, type CardSpecData } from '../../src/contract/eligibility.ts';
import { ERROR_CODES, OTHER_WORDINGS } from '../../src/contract/error-codes.ts';
import {
  MY_CARDS_MAX,
  MyCardsResponse,
  type MyCardData,
  type OfferSearchInput,
} from '../../src/contract/offer-search.ts';
import { OfferList } from '../../src/contract/index.ts';
import { someCardCanUse } from '../../src/lib/card-match.ts';
import { ENDING_SOON_DAYS } from '../../src/lib/constants.ts';
import { isValidToday } from '../../src/lib/valid-today.ts';
import { banks, offers } from '../../src/server/db/schema.ts';
import { createTestApi, signUpVerified, type TestApi } from './harness.ts';
import { expectError, expectOk, isListedRow } from './expectations.ts';

type OfferRow = typeof offers.$inferSelect;

let api: TestApi;
let rows: OfferRow[];
let issuedBy: Map<number, CardSpecData[]>;
const PAGE_SIZE = 100;

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false, offers: 300 });
  rows = await api.handle.db.select().from(offers);
  issuedBy = new Map((await api.handle.db.select().from(banks)).map((bank) => [bank.bankId, bank.issuedCards]));
});
afterAll(async () => {
  await api?.close();
});

/** Every offer of a search, walking its pages, with the total the first page gave. */
async function searchAll(search: OfferSearchInput) {
  const ids: number[] = [];
  let totalCount = -1;
  for (let pageNo = 1; ; pageNo++) {
    const res = await api.call('POST', `/api/offers/search/${pageNo}/${PAGE_SIZE}`, { body: search });
    expectOk(res, OfferList);
    if (totalCount < 0) totalCount = res.body.totalCount;
    ids.push(...res.body.data.map((offer: { offerId: number }) => offer.offerId));
    if (res.body.data.length < PAGE_SIZE) break;
  }
  return { ids, totalCount };
}

/** The rules, from the rows. */
const networksOf = (row: OfferRow) => {
  const { cardScope, cards } = row.eligibility;
  const usable =
    cardScope === 'listed'
      ? cards
      : (issuedBy.get(row.bankId) ?? []).filter((card) => cardScope === 'all' || card.kind === 'credit');
  return new Set(usable.map((card) => card.network));
};
function expected(search: OfferSearchInput, now = new Date()): OfferRow[] {
  return rows.filter(
    (row) =>
      isListedRow(row, now.getTime()) &&
      (!search.bankIds?.length || search.bankIds.includes(row.bankId)) &&
      (!search.categoryIds?.length || search.categoryIds.includes(row.categoryId)) &&
      (!search.networks?.length || search.networks.some((network) => networksOf(row).has(network))) &&
      (!search.channel || row.eligibility.channel === search.channel || row.eligibility.channel === 'both') &&
      (search.kind !== 'instalment' || row.offerType === 'instalment') &&
      (!search.validToday || isValidToday(row, now)) &&
      (!search.endingSoon ||
        (row.offerEnd !== null && row.offerEnd.getTime() <= now.getTime() + ENDING_SOON_DAYS * 86_400_000)) &&
      (!search.cards?.length || someCardCanUse(search.cards as MyCardData[], row)),
  );
}
const newestFirst = (a: OfferRow, b: OfferRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.offerId - a.offerId;

/** A card the demo data's first bank with listed-card offers issues, and one it lists. */
function someIssuedCard(): MyCardData {
  const row = rows.find(
    (offer) =>
      isListedRow(offer) &&
      offer.eligibility.cardScope === 'listed' &&
      offer.eligibility.cards.some((card) => card.tier !== null),
  )!;
  const listed = row.eligibility.cards.find((card) => card.tier !== null)!;
  return { bankId: row.bankId, network: listed.network, kind: listed.kind, tier: listed.tier };
}

describe('POST /api/offers/search/{pageNo}/{pageSize}', () => {
  it('with nothing set lists what the §7 list does, in the same order', async () => {
    const { ids, totalCount } = await searchAll({});
    const plain = await api.call('GET', `/api/get/offers/by/page/1/${PAGE_SIZE}`);
    expect(ids.slice(0, PAGE_SIZE)).toEqual(plain.body.data.map((offer: { offerId: number }) => offer.offerId));
    expect(totalCount).toBe(plain.body.totalCount);
    expect(ids).toEqual(
      expected({})
        .sort(newestFirst)
        .map((row) => row.offerId),
    );
  });

  const cases: [string, () => OfferSearchInput][] = [
    ['Valid today', () => ({ validToday: true })],
    ['two networks', () => ({ networks: ['visa', 'amex'] })],
    ['each network', () => ({ networks: [CARD_NETWORKS[1]] })],
    ['in store', () => ({ channel: 'inStore' })],
    ['online', () => ({ channel: 'online' })],
    ['ending soon', () => ({ endingSoon: true })],
    ['a specific card', () => ({ cards: [someIssuedCard()] })],
    [
      'any card of a bank, and a credit card of another',
      () => ({
        cards: [
          { bankId: 2, network: null, kind: null, tier: null },
          { ...someIssuedCard(), tier: null },
        ],
      }),
    ],
    [
      'the bench case: Valid today, two networks, a bank and a category',
      () => ({ validToday: true, networks: ['visa', 'mastercard'], bankIds: [1, 2, 3], categoryIds: [1, 2, 3, 4] }),
    ],
    [
      'everything at once',
      () => ({ validToday: true, networks: ['visa', 'mastercard'], channel: 'inStore', cards: [someIssuedCard()] }),
    ],
  ];
  it.each(cases)('%s: exactly the offers the rules allow, newest first, with their total', async (_name, make) => {
    const search = make();
    const want = expected(search)
      .sort(newestFirst)
      .map((row) => row.offerId);
    const { ids, totalCount } = await searchAll(search);
    expect(ids).toEqual(want);
    expect(totalCount).toBe(want.length);
  });

  it('the filters narrow the demo data for real (none of the cases above is trivially all or nothing)', () => {
    for (const [name, make] of cases.slice(0, 8)) {
      const count = expected(make()).length;
      expect(count, name).toBeGreaterThan(0);
      expect(count, name).toBeLessThan(expected({}).length);
    }
  });

  it('sorts: ending soonest (no end last), most viewed, biggest discount (worded offers last)', async () => {
    const byId = new Map(rows.map((row) => [row.offerId, row]));
    const endingSoon = (await searchAll({ sort: 'endingSoon' })).ids.map((id) => byId.get(id)!);
    const ends = endingSoon.map((row) => row.offerEnd?.getTime() ?? Infinity);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(endingSoon.some((row) => row.offerEnd === null)).toBe(true);

    const views = (await searchAll({ sort: 'mostViewed' })).ids.map((id) => byId.get(id)!.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));

    const rate = (row: OfferRow) =>
      ['off', 'upto', 'discount'].includes(row.offerType) && row.offerRate && /^\d/.test(row.offerRate)
        ? Number(row.offerRate)
        : -1;
    const rates = (await searchAll({ sort: 'biggestDiscount' })).ids.map((id) => rate(byId.get(id)!));
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(new Set(rates).size).toBeGreaterThan(3);
  });

  it('narrows to instalment plans (kind instalment) and sorts them by months, longest first', async () => {
    const plans = rows.filter((row) => row.offerType === 'instalment' && isListedRow(row, Date.now()));
    expect(plans.length).toBeGreaterThan(1);
    expect(new Set(plans.map((row) => row.instalmentMonths)).size).toBeGreaterThan(1);

    const only = await searchAll({ kind: 'instalment' });
    expect(only.totalCount).toBe(plans.length);
    expect(new Set(only.ids)).toEqual(new Set(plans.map((row) => row.offerId)));
    // Its offers answer with their months.
    const first = await api.call('POST', '/api/offers/search/1/10', { body: { kind: 'instalment' } });
    expectOk(first, OfferList);
    for (const offer of first.body.data) {
      expect(offer.offerType).toBe('instalment');
      expect(offer.instalmentMonths).toBe(rows.find((row) => row.offerId === offer.offerId)!.instalmentMonths);
    }

    const byId = new Map(rows.map((row) => [row.offerId, row]));
    const months = (await searchAll({ kind: 'instalment', sort: 'longestPlan' })).ids.map(
      (id) => byId.get(id)!.instalmentMonths!,
    );
    expect(months).toEqual([...months].sort((a, b) => b - a));
    // Across every offer, plans come first, longest first, and the rest after them.
    const all = (await searchAll({ sort: 'longestPlan' })).ids.map((id) => byId.get(id)!.instalmentMonths ?? -1);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(all.length).toBe(expected({}).length);
  });

  it('refuses what is not a search with 400 and the field', async () => {
    const bad: [unknown, string][] = [
      [{ networks: ['discover'] }, 'networks.0'],
      [{ channel: 'phone' }, 'channel'],
      [{ sort: 'random' }, 'sort'],
      [{ kind: 'discount' }, 'kind'],
      [{ validToday: 'yes' }, 'validToday'],
      [{ cards: [{ bankId: 1, network: 'visa', kind: null, tier: null }] }, 'cards.0'],
      [{ cards: 'visa' }, 'cards'],
      [{ bankIds: [0] }, 'bankIds.0'],
    ];
    for (const [body, path] of bad) {
      const res = await api.call('POST', '/api/offers/search/1/10', { body });
      expectError(res, 400);
      expect(
        res.body.issues.map((issue: { path: string }) => issue.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expectError(await api.call('POST', '/api/offers/search/0/10', { body: {} }), 400);
    expectError(
      await api.call('POST', '/api/offers/search/1/10', {
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
  });
});

describe('My Cards: GET and PUT /api/user/cards', () => {
  it('a new account has none; its cards are saved, read back, and replaced as a whole', async () => {
    const user = await signUpVerified(api);
    const first = await api.call('GET', '/api/user/cards', { token: user.token });
    expectOk(first, MyCardsResponse);
    expect(first.body.data).toEqual([]);
    const cards: MyCardData[] = [someIssuedCard(), { bankId: 2, network: null, kind: null, tier: null }];
    expectOk(await api.call('PUT', '/api/user/cards', { token: user.token, body: { cards } }), MyCardsResponse);
    expect((await api.call('GET', '/api/user/cards', { token: user.token })).body.data).toEqual(cards);
    await api.call('PUT', '/api/user/cards', { token: user.token, body: { cards: [cards[1]] } });
    expect((await api.call('GET', '/api/user/cards', { token: user.token })).body.data).toEqual([cards[1]]);
  });

  it('needs a session, and each account sees only its own cards', async () => {
    expectError(await api.call('GET', '/api/user/cards'), 401);
    expectError(await api.call('PUT', '/api/user/cards', { body: { cards: [] } }), 401);
    const alice = await signUpVerified(api);
    const bob = await signUpVerified(api);
    await api.call('PUT', '/api/user/cards', { token: alice.token, body: { cards: [someIssuedCard()] } });
    expect((await api.call('GET', '/api/user/cards', { token: bob.token })).body.data).toEqual([]);
  });

  it('refuses a card the bank does not issue, an unknown bank, repeats and too many, keeping the saved cards', async () => {
    const user = await signUpVerified(api);
    const saved = [someIssuedCard()];
    await api.call('PUT', '/api/user/cards', { token: user.token, body: { cards: saved } });
    const notIssued = { ...someIssuedCard(), tier: 'No Such Tier' };
    const refused: [unknown, string, string][] = [
      [[notIssued], 'cards.0', ERROR_CODES.card_not_issued],
      [[{ bankId: 99_999, network: null, kind: null, tier: null }], 'cards.0.bankId', OTHER_WORDINGS.myCardUnknownBank],
      [[saved[0], { ...saved[0], tier: saved[0]!.tier!.toUpperCase() }], 'cards', OTHER_WORDINGS.myCardTwice],
      [
        Array.from({ length: MY_CARDS_MAX + 1 }, (_, i) => ({ bankId: i + 1, network: null, kind: null, tier: null })),
        'cards',
        `At most ${MY_CARDS_MAX} cards.`,
      ],
    ];
    for (const [cards, path, message] of refused) {
      const res = await api.call('PUT', '/api/user/cards', { token: user.token, body: { cards } });
      expectError(res, 400);
      expect(res.body.issues).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect((await api.call('GET', '/api/user/cards', { token: user.token })).body.data).toEqual(saved);
  });
});
