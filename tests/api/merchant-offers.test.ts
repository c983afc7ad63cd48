// API tests for POST /api/create/new/offer: who may call it, what it stores from the offer-creation
// wizard's form (src/contract/offer-form.ts), every validation message reaching the answer, and a
// pending offer staying out of everything the public can read.
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardName, NO_ELIGIBILITY, type CardSpecData } from '../../src/contract/eligibility.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import {
  Offer,
  OFFER_HEADER_MAX,
  OFFER_TERMS_MAX,
  SRI_LANKA_UTC_OFFSET_MS,
  USER_TYPES,
} from '../../src/contract/index.ts';
import { OFFER_MESSAGES } from '../../src/contract/offer-form.ts';
import { queryRows } from '../../src/server/db/execute.ts';
import { merchants, offers, users } from '../../src/server/db/schema.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError, type Res } from './expectations.ts';
import { createTestApi, freshMobile, signUpVerified, STRONG_PASSWORD, type TestApi } from './harness.ts';
import { englishText, ERROR_CODES } from '../../src/contract/error-codes.ts';
import { INSTALMENT_MONTHS_MAX } from '../../src/contract/limits.ts';

const DAY = 86_400_000;
const COLOMBO_OFFSET = SRI_LANKA_UTC_OFFSET_MS;
const HUGE = 'x'.repeat(100_000);
const CreatedOffer = v.strictObject({
  status: v.literal(true),
  message: v.literal(OFFER_MESSAGES.offerSentForReview),
  data: v.strictObject(Offer.entries),
});

/** A day as the form writes it, DD/MM/YYYY, `days` from today on Sri Lanka's calendar (as the form's checks count days). */
const formDate = (days: number) => {
  const d = new Date(Date.now() + COLOMBO_OFFSET + days * DAY);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
/** The first and last second of a form date's day in Sri Lanka, as ISO text. */
const colomboDay = (text: string) => {
  const [day, month, year] = text.split('/').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, day);
  return {
    start: new Date(midnight - COLOMBO_OFFSET).toISOString(),
    end: new Date(midnight - COLOMBO_OFFSET + DAY - 1000).toISOString(),
  };
};

let api: TestApi;
let merchant: { userId: number; token: string; mobileNo: string };
let customer: { userId: number; token: string };
let locationNames: string[];
let bank: { bankId: number; bankName: string; cardTypes: string[]; issuedCards: CardSpecData[] };

const MERCHANT_PROFILE = {
  activated: true,
  firstName: 'Kamal',
  businessName: 'Lanka Spice House',
  BRno: 'PV 00123',
  companyEmail: 'offers@lankaspice.example',
  contactNo: '112345678',
  addressNo: '42',
  streetName: 'Galle Road',
  city: 'Colombo 03',
};

async function makeMerchant(profile: Record<string, unknown> = MERCHANT_PROFILE) {
  const mobileNo = freshMobile();
  await createOrPromoteMerchant(api.handle.db, { ...profile, mobileNo, password: STRONG_PASSWORD });
  const signedIn = await api.call('POST', '/api/user/authentication', {
    body: { mobileNo, password: STRONG_PASSWORD },
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(signedIn.body.data.userType).toBe(USER_TYPES.merchant);
  return { userId: signedIn.body.data.userId as number, token: signedIn.body.token as string, mobileNo };
}

beforeAll(async () => {
  // Rate limits off here; the limit has its own test below.
  api = await createTestApi({ rateLimits: false });
  merchant = await makeMerchant();
  customer = await signUpVerified(api);
  locationNames = (await api.call('GET', '/api/location/all')).body.data.map(
    (l: { locationName: string }) => l.locationName,
  );
  bank = (await api.call('GET', '/api/get/all/banks')).body.data[0];
});
afterAll(async () => {
  await api?.close();
});

const validBody = (overrides: Record<string, unknown> = {}) => ({
  offerCategory: 1,
  bankInfo: bank.bankId,
  offerTitle: 'Weekday lunch',
  offerHeader: '20% off the rice and curry lunch',
  offerDescription: '<p>Every <strong>weekday</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
  offerValidity: 'fromTo',
  offerType: 'off',
  offerRate: '20',
  fromDate: formDate(0),
  toDate: formDate(30),
  validTimeDateDescription: '',
  promoCode: 'SPICE20',
  locations: [locationNames[2], locationNames[0]],
  termsAccepted: true,
  ...overrides,
});

const create = (body: unknown, token: string | undefined = merchant.token) =>
  api.call('POST', '/api/create/new/offer', { body, token });

function expectCreated(res: Res) {
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
  expect(v.safeParse(CreatedOffer, res.body).issues).toBeUndefined();
  return res.body.data as v.InferOutput<typeof Offer>;
}

/** A 400 carrying this message at this path among its issues. */
function expectIssue(res: Res, path: string, message: string) {
  expectError(res, 400);
  expect(res.body.issues, JSON.stringify(res.body.issues)).toContainEqual(expect.objectContaining({ path, message }));
}

const ownOffersCount = async (userId: number) =>
  (await api.handle.db.select({ id: offers.offerId }).from(offers).where(eq(offers.ownerUserId, userId))).length;

describe('who may create an offer', () => {
  it('answers 401 to a guest and to a token that is not a live session', async () => {
    expectError(await create(validBody(), ''), 401, 'Sign in to continue.');
    expectError(await create(validBody(), 'no-such-token'), 401, 'Your session has expired. Please sign in again.');
  });

  it('answers 403 with the merchants-only message to a customer, whatever the body', async () => {
    expectError(await create(validBody(), customer.token), 403, ERROR_CODES.merchants_only);
    expectError(await create({}, customer.token), 403, ERROR_CODES.merchants_only);
    expect(await ownOffersCount(customer.userId)).toBe(0);
  });
});

describe('a merchant creates an offer', () => {
  let created: v.InferOutput<typeof Offer>;
  let publicBefore: { page: Res; count: Res; site: Res };

  beforeAll(async () => {
    publicBefore = {
      page: await api.call('GET', '/api/get/offers/by/page/1/100'),
      count: await api.call('GET', '/api/get/offer/count/accepted'),
      site: await api.call('GET', '/api/site/offers/1'),
    };
    created = expectCreated(await create(validBody()));
  });

  it('answers 201 with the pending offer built from the form and the merchant profile', async () => {
    const body = validBody();
    const from = colomboDay(body.fromDate);
    const to = colomboDay(body.toDate);
    expect(created).toMatchObject({
      status: 'pending',
      label: body.offerTitle,
      header: body.offerHeader,
      offerType: 'off',
      offerRate: '20',
      offerDateType: 'fromTo',
      offerStart: from.start,
      offerEnd: to.end,
      validTimeDateDescription: null,
      promoCode: 'SPICE20',
      hotLine: { mobileNo: ['0112345678'], email: ['offers@lankaspice.example'] },
      cardTypes: bank.cardTypes,
      location: [
        { value: locationNames[2], isActive: true },
        { value: locationNames[0], isActive: true },
      ],
      views: 0,
      interest: 0,
      bankId: bank.bankId,
      categoryId: 1,
      bannerImageURL: null,
    });
    expect(created.merchant.merchantName).toBe('Lanka Spice House');
    expect(created.merchant.contactNo).toBe('0112345678');
    // The description is sanitised on write: markup kept, script and handlers gone.
    expect(created.description).toContain('<strong>weekday</strong>');
    expect(created.description).not.toMatch(/script|onerror/i);

    const [row] = await api.handle.db.select().from(offers).where(eq(offers.offerId, created.offerId));
    expect(row).toMatchObject({
      reviewStatus: 'pending',
      ownerUserId: merchant.userId,
      merchantId: created.merchantId,
    });
    const [owner] = await api.handle.db.select().from(users).where(eq(users.userId, merchant.userId));
    expect(owner!.merchantId).toBe(created.merchantId);
  });

  it('lists it, pending, for its owner only', async () => {
    const own = await api.call('GET', `/api/get/offers/by/user/${merchant.userId}`, { token: merchant.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ offerId: created.offerId, status: 'pending' })]),
    );
    for (const token of [undefined, customer.token, 'no-such-token']) {
      const other = await api.call('GET', `/api/get/offers/by/user/${merchant.userId}`, { token });
      expect(other.status).toBe(200);
      expect(other.body.data.map((o: { offerId: number }) => o.offerId)).not.toContain(created.offerId);
    }
  });

  it('keeps it out of every public read: by id, lists, counts, related, top picks, favourites, impressions, the site export', async () => {
    const id = created.offerId;
    expectError(await api.call('GET', `/api/get/offer/by/${id}`), 404, 'Offer not found.');
    expectError(await api.call('GET', `/api/get/offer/by/${id}`, { token: merchant.token }), 404, 'Offer not found.');

    const idsOf = (list: Array<{ offerId: number }>) => list.map((o) => o.offerId);
    const lists: Array<[string, Res, Array<{ offerId: number }>]> = [];
    const get = async (path: string, pick: (body: any) => Array<{ offerId: number }> = (body) => body.data) => {
      const res = await api.call('GET', path);
      expect(res.status, path).toBe(200);
      lists.push([path, res, pick(res.body)]);
      return res;
    };
    const post = async (
      path: string,
      body: unknown,
      pick: (body: any) => Array<{ offerId: number }> = (b) => b.data,
    ) => {
      const res = await api.call('POST', path, { body });
      expect(res.status, path).toBe(200);
      lists.push([path, res, pick(res.body)]);
      return res;
    };
    const page = await get('/api/get/offers/by/page/1/100');
    await get(`/api/get/offers/filter/by/bank/${bank.bankId}/1/100`);
    await get('/api/get/offers/filter/by/category/1/1/100');
    await get(`/api/get/offers/filter/by/${bank.bankId}/1/1/100`);
    await get(`/api/get/offers/by/bank/${bank.bankId}`);
    await post('/api/get/offers/filter/multiple/1/100', { bankIds: [bank.bankId], categoryIds: [1] });
    await post('/api/get/offer/multiple', { offerIds: [id] });
    await post(
      '/api/get/offer/bank/category/multiple',
      { categoryIds: [1], bankId: bank.bankId, pageSize: 100 },
      (body) => body.data[0].offers,
    );
    await get(`/api/get/offer/insights/${created.merchantId}/${bank.bankId}/1/50`);
    const site = await get('/api/site/offers/1');
    for (const [path, , list] of lists) expect(idsOf(list), path).not.toContain(id);

    // Totals are those from before the offer was created.
    expect(page.body.totalCount).toBe(publicBefore.page.body.totalCount);
    expect(site.body.totalCount).toBe(publicBefore.site.body.totalCount);
    expect((await api.call('GET', '/api/get/offer/count/accepted')).body).toEqual(publicBefore.count.body);
    const filteredCount = await api.call('POST', '/api/get/offer/count/multiple/accepted', {
      body: { bankIds: [bank.bankId], categoryIds: [1] },
    });
    const filteredList = await api.call('POST', '/api/get/offers/filter/multiple/1/1', {
      body: { bankIds: [bank.bankId], categoryIds: [1] },
    });
    expect(filteredCount.body.data[0].totalCount).toBe(filteredList.body.totalCount);

    // Top picks: ranked ids over every listed offer.
    const picks = await api.call('GET', '/insight/top-offers-by-insight?limit=100');
    const bankPicks = await api.call('GET', `/insight/top-offers-by-bank-insight?bank_id=${bank.bankId}&limit=100`);
    for (const res of [picks, bankPicks]) {
      expect(res.status).toBe(200);
      expect(res.body.top_offers).not.toContain(id);
    }
    // Nobody can favourite it or record a view of it.
    expectError(
      await api.call('PUT', '/api/add/user/favorite/offer', { body: { offerId: id }, token: customer.token }),
      404,
    );
    expectError(await api.call('POST', '/api/new/impression', { body: { offerId: id } }), 404);
  });
});

describe('validity dates', () => {
  it("'on' is that one day, start and end", async () => {
    const day = formDate(5);
    const offer = expectCreated(await create(validBody({ offerValidity: 'on', fromDate: day, toDate: '' })));
    expect(offer).toMatchObject({
      offerDateType: 'on',
      offerStart: colomboDay(day).start,
      offerEnd: colomboDay(day).end,
    });
  });

  it.each(['until', 'till'])("'%s' has an end only", async (validity) => {
    const day = formDate(10);
    const offer = expectCreated(
      await create(validBody({ offerValidity: validity, fromDate: formDate(1), toDate: day })),
    );
    expect(offer).toMatchObject({ offerDateType: validity, offerStart: null, offerEnd: colomboDay(day).end });
  });

  it.each(['other', 'customize'])("'%s' keeps the description and no dates", async (validity) => {
    const offer = expectCreated(
      await create(
        validBody({
          offerValidity: validity,
          fromDate: '',
          toDate: '',
          validTimeDateDescription: 'Weekends in December',
        }),
      ),
    );
    expect(offer).toMatchObject({
      offerDateType: validity,
      offerStart: null,
      offerEnd: null,
      validTimeDateDescription: 'Weekends in December',
    });
  });

  it('takes a free-text rate for a customize offer, ids as digit strings, no locations and no promo code', async () => {
    const offer = expectCreated(
      await create(
        validBody({
          offerType: 'customize',
          offerRate: 'Buy 1 get 1 free',
          offerCategory: '2',
          bankInfo: String(bank.bankId),
          locations: [],
          promoCode: '',
        }),
      ),
    );
    expect(offer).toMatchObject({
      offerType: 'customize',
      offerRate: 'Buy 1 get 1 free',
      categoryId: 2,
      location: [],
      promoCode: null,
    });
  });

  it('takes an instalment plan with its months, stored and answered; months on another type are refused', async () => {
    const offer = expectCreated(
      await create(validBody({ offerType: 'instalment', offerRate: '0', instalmentMonths: 24 })),
    );
    expect(offer).toMatchObject({ offerType: 'instalment', offerRate: '0', instalmentMonths: 24 });
    const [row] = await api.handle.db.select().from(offers).where(eq(offers.offerId, offer.offerId));
    expect(row).toMatchObject({ offerType: 'instalment', instalmentMonths: 24 });

    const months = englishText('invalid_instalment_months', { max: INSTALMENT_MONTHS_MAX });
    expectIssue(await create(validBody({ offerType: 'instalment', offerRate: '0' })), 'instalmentMonths', months);
    expectIssue(
      await create(validBody({ offerType: 'instalment', offerRate: '0', instalmentMonths: 61 })),
      'instalmentMonths',
      months,
    );
    expectIssue(await create(validBody({ instalmentMonths: 12 })), 'instalmentMonths', months);
    // Another offer answers null months.
    expect(expectCreated(await create(validBody({}))).instalmentMonths).toBeNull();
  });

  it('lists each location once, every one active', async () => {
    const [a, b] = locationNames as [string, string];
    const offer = expectCreated(await create(validBody({ locations: [a, b, a] })));
    expect(offer.location).toEqual([
      { value: a, isActive: true },
      { value: b, isActive: true },
    ]);
  });
});

describe('every chosen town is published', () => {
  const towns = ['Colombo 03', 'Colombo 07', 'Kandy'];
  const listed = (names: string[]) => names.map((value) => ({ value, isActive: true }));
  let team: { token: string };

  beforeAll(async () => {
    for (const town of towns) expect(locationNames).toContain(town);
    const mobileNo = freshMobile();
    await createOrPromoteTeamMember(api.handle.db, { mobileNo, firstName: 'Tharushi', password: STRONG_PASSWORD });
    team = {
      token: (await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } }))
        .body.token,
    };
  });

  const decide = async (offerId: number, decision: 'accept' | 'reject') => {
    const res = await api.call('POST', `/api/team/offers/${offerId}/decision`, {
      token: team.token,
      body: { decision, reason: 'The dates are wrong.' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const publicLocations = async (offerId: number) => {
    const res = await api.call('GET', `/api/get/offer/by/${offerId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data[0].location;
  };

  it('lists both towns of a merchant offer once the team accepts it', async () => {
    const offer = expectCreated(await create(validBody({ locations: ['Colombo 03', 'Colombo 07'] })));
    await decide(offer.offerId, 'accept');
    expect(await publicLocations(offer.offerId)).toEqual(listed(['Colombo 03', 'Colombo 07']));
  });

  it("keeps every town through the owner's edit and the team's edit", async () => {
    const offer = expectCreated(await create(validBody({ locations: ['Colombo 03', 'Colombo 07'] })));
    await decide(offer.offerId, 'reject');
    const resent = await api.call('PUT', `/api/offers/${offer.offerId}`, {
      token: merchant.token,
      body: validBody({ locations: towns }),
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data.location).toEqual(listed(towns));
    const edited = await api.call('PUT', `/api/team/offers/${offer.offerId}`, {
      token: team.token,
      body: validBody({ locations: ['Colombo 07', 'Kandy'], offerHeader: 'Edited: 20% off lunch' }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await decide(offer.offerId, 'accept');
    expect(await publicLocations(offer.offerId)).toEqual(listed(['Colombo 07', 'Kandy']));
  });

  it("stores the banner image and the merchant's own terms, shown to the team and on the public offer; an edit without a banner keeps it", async () => {
    const PNG_BYTES = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('banner'),
    ]);
    const ownTerms = 'Dine-in only.\nNot with other promotions.';
    expectIssue(
      await create(validBody({ bannerImage: Buffer.from('GIF89a-no').toString('base64') })),
      'bannerImage',
      API_MESSAGES.onlyImages,
    );
    expectIssue(
      await create(validBody({ offerTerms: 'x'.repeat(OFFER_TERMS_MAX + 1) })),
      'offerTerms',
      `At most ${OFFER_TERMS_MAX} characters.`,
    );
    const offer = expectCreated(
      await create(
        validBody({
          bannerImage: `data:image/png;base64,${PNG_BYTES.toString('base64')}`,
          offerTerms: ` ${ownTerms} `,
        }),
      ),
    );
    expect(offer.bannerImageURL).toMatch(/^\/api\/images\/upload-[\w-]+\.png$/);
    expect(offer.offerTerms).toBe(ownTerms);
    const banner = await api.call('GET', offer.bannerImageURL!);
    expect(banner.status).toBe(200);
    expect(banner.headers.get('content-type')).toBe('image/png');
    const inReview = await api.call('GET', `/api/team/offers/${offer.offerId}`, { token: team.token });
    expect(inReview.body.data).toMatchObject({ bannerImageURL: offer.bannerImageURL, offerTerms: ownTerms });
    await decide(offer.offerId, 'reject');
    const resent = await api.call('PUT', `/api/offers/${offer.offerId}`, {
      token: merchant.token,
      body: validBody({ offerTerms: 'Dine-in only.' }),
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toMatchObject({ bannerImageURL: offer.bannerImageURL, offerTerms: 'Dine-in only.' });
    await decide(offer.offerId, 'accept');
    const page = await api.call('GET', `/api/get/offer/by/${offer.offerId}`);
    expect(page.body.data[0]).toMatchObject({ bannerImageURL: offer.bannerImageURL, offerTerms: 'Dine-in only.' });
  });
});

describe('validation messages reach the answer', () => {
  it('names every required field of an empty form', async () => {
    const res = await create({});
    for (const path of [
      'offerCategory',
      'bankInfo',
      'offerTitle',
      'offerHeader',
      'offerRate',
      'termsAccepted',
      'fromDate',
      'toDate',
    ]) {
      expectIssue(res, path, ERROR_CODES.required);
    }
    expect(res.body.message).toBe(`offerCategory: ${ERROR_CODES.required}`);
  });

  it('refuses blank and unchosen fields', async () => {
    const res = await create(validBody({ offerTitle: '   ', offerHeader: '', offerCategory: '', bankInfo: 0 }));
    for (const path of ['offerTitle', 'offerHeader', 'offerCategory', 'bankInfo'])
      expectIssue(res, path, ERROR_CODES.required);
  });

  it(`refuses a header over ${OFFER_HEADER_MAX} characters`, async () => {
    expectIssue(
      await create(validBody({ offerHeader: 'h'.repeat(OFFER_HEADER_MAX + 1) })),
      'offerHeader',
      ERROR_CODES.offer_header_too_long,
    );
    expectCreated(await create(validBody({ offerHeader: 'h'.repeat(OFFER_HEADER_MAX) })));
  });

  it.each(['2027-01-31', '31/02/2027', '1/1/2027', '00/01/2027', 'tomorrow'])('refuses the date %s', async (date) => {
    expectIssue(await create(validBody({ fromDate: date })), 'fromDate', ERROR_CODES.invalid_form_date);
    expectIssue(await create(validBody({ toDate: date })), 'toDate', ERROR_CODES.invalid_form_date);
  });

  it('refuses an end before the start, and an end that has passed', async () => {
    expectIssue(
      await create(validBody({ fromDate: formDate(10), toDate: formDate(5) })),
      'toDate',
      ERROR_CODES.end_before_start,
    );
    expectIssue(
      await create(validBody({ fromDate: formDate(-30), toDate: formDate(-2) })),
      'toDate',
      ERROR_CODES.end_date_passed,
    );
    expectIssue(
      await create(validBody({ offerValidity: 'until', toDate: formDate(-2) })),
      'toDate',
      ERROR_CODES.end_date_passed,
    );
  });

  it('asks for the dates or the description each validity needs', async () => {
    const fromTo = await create(validBody({ fromDate: '', toDate: '' }));
    expectIssue(fromTo, 'fromDate', ERROR_CODES.required);
    expectIssue(fromTo, 'toDate', ERROR_CODES.required);
    expectIssue(await create(validBody({ offerValidity: 'on', fromDate: '' })), 'fromDate', ERROR_CODES.required);
    expectIssue(await create(validBody({ offerValidity: 'till', toDate: '' })), 'toDate', ERROR_CODES.required);
    expectIssue(
      await create(validBody({ offerValidity: 'other', validTimeDateDescription: ' ' })),
      'validTimeDateDescription',
      ERROR_CODES.required,
    );
  });

  it.each(['0', '101', '12.345', 'abc', '-5', '20%'])('refuses the rate %s for a percentage offer', async (rate) => {
    for (const offerType of ['off', 'upto', 'discount'])
      expectIssue(await create(validBody({ offerType, offerRate: rate })), 'offerRate', ERROR_CODES.invalid_offer_rate);
  });

  it('refuses the form unless the terms are accepted', async () => {
    for (const termsAccepted of [false, 'true', 1, null])
      expectIssue(await create(validBody({ termsAccepted })), 'termsAccepted', ERROR_CODES.accept_offer_terms);
  });

  it('refuses unknown choices of type and validity', async () => {
    expectIssue(await create(validBody({ offerType: 'free' })), 'offerType', ERROR_CODES.required);
    expectIssue(await create(validBody({ offerValidity: 'always' })), 'offerValidity', ERROR_CODES.required);
  });
});

describe('eligibility', () => {
  it("saves who can use it and when, with §7 card names from the bank's cards it covers", async () => {
    const [platinum, debit] = [
      bank.issuedCards.find((card) => card.kind === 'credit' && card.tier)!,
      bank.issuedCards.find((card) => card.kind === 'debit')!,
    ];
    const offer = expectCreated(
      await create(
        validBody({
          eligibility: {
            cardScope: 'listed',
            cards: [{ ...platinum, tier: platinum.tier!.toUpperCase() }, debit],
            days: ['sat', 'fri', 'sat'],
            timeFrom: '18:00',
            timeTo: '22:00',
            minBill: 5000,
            maxDiscount: 2500,
            channel: 'both',
            website: 'https://lankaspice.example/order',
          },
        }),
      ),
    );
    // The tier as the bank's cards spell it; the days unique, in week order.
    expect(offer.eligibility).toEqual({
      cardScope: 'listed',
      cards: [platinum, debit],
      days: ['fri', 'sat'],
      timeFrom: '18:00',
      timeTo: '22:00',
      minBill: 5000,
      maxDiscount: 2500,
      channel: 'both',
      website: 'https://lankaspice.example/order',
      registerFirst: false,
      convertWithinDays: null,
      promoCodeRequired: false,
    });
    // The card holder's steps, as the merchant states them.
    const steps = { registerFirst: true, convertWithinDays: 14, promoCodeRequired: true };
    expect(expectCreated(await create(validBody({ eligibility: steps }))).eligibility).toMatchObject(steps);
    expect(offer.cardTypes).toEqual([cardName(platinum), cardName(debit)]);
    expect(offer.source).toBeNull();
    // All credit cards: the bank's credit cards by name; nothing said: all its cards, every day, anywhere.
    expect(
      expectCreated(await create(validBody({ eligibility: { cardScope: 'credit', cards: [debit] } }))).cardTypes,
    ).toEqual(bank.issuedCards.filter((card) => card.kind === 'credit').map(cardName));
    const plain = expectCreated(await create(validBody()));
    expect(plain.eligibility).toEqual(NO_ELIGIBILITY);
    expect(plain.cardTypes).toEqual(bank.cardTypes);
  });

  it('refuses cards the bank does not issue, and eligibility that does not read, naming the field; saves nothing', async () => {
    const before = await ownOffersCount(merchant.userId);
    const notIssued = await create(
      validBody({
        eligibility: {
          cardScope: 'listed',
          cards: [bank.issuedCards[0], { network: 'jcb', kind: 'prepaid', tier: null }],
        },
      }),
    );
    expectError(notIssued, 400, `${bank.bankName} does not issue: JCB prepaid`);
    expect(notIssued.body.issues).toEqual([
      { path: 'eligibility.cards.1', message: ERROR_CODES.card_not_issued, code: 'card_not_issued' },
    ]);
    expect(notIssued.body).toMatchObject({
      code: 'cards_not_issued',
      params: { bank: bank.bankName, cards: 'JCB prepaid' },
    });
    const cases: [eligibility: unknown, path: string, message?: string][] = [
      [{ cardScope: 'listed', cards: [] }, 'eligibility.cards', ERROR_CODES.listed_needs_cards],
      [{ timeFrom: '18:00' }, 'eligibility.timeTo', ERROR_CODES.time_needs_both],
      [{ timeFrom: '25:00', timeTo: '26:00' }, 'eligibility.timeFrom', ERROR_CODES.invalid_time],
      [{ minBill: -5 }, 'eligibility.minBill', ERROR_CODES.invalid_rupees],
      [{ maxDiscount: 12.5 }, 'eligibility.maxDiscount', ERROR_CODES.invalid_rupees],
      [{ minBill: '5000' }, 'eligibility.minBill', ERROR_CODES.invalid_rupees],
      [{ website: 'javascript:alert(1)', channel: 'online' }, 'eligibility.website', ERROR_CODES.not_http],
      [{ channel: 'drive-through' }, 'eligibility.channel'],
      [{ days: ['someday'] }, 'eligibility.days.0'],
      [
        { cardScope: 'listed', cards: [bank.issuedCards[0], bank.issuedCards[0]] },
        'eligibility.cards',
        ERROR_CODES.duplicate_card,
      ],
      ['all cards', 'eligibility'],
    ];
    for (const [eligibility, path, message] of cases) {
      const res = await create(validBody({ eligibility }));
      expectError(res, 400);
      expect(res.body.issues[0].path, JSON.stringify(eligibility)).toBe(path);
      if (message) expect(res.body.issues[0].message).toBe(message);
    }
    expect(await ownOffersCount(merchant.userId)).toBe(before);
  });
});

describe('catalogue checks', () => {
  it('answers 400 for an unknown category or bank id, and saves nothing', async () => {
    const before = await ownOffersCount(merchant.userId);
    const category = await create(validBody({ offerCategory: 999_999 }));
    expectError(category, 400, ERROR_CODES.unknown_category_id);
    expect(category.body.issues).toEqual([
      { path: 'offerCategory', message: ERROR_CODES.unknown_category_id, code: 'unknown_category_id' },
    ]);
    const bankRes = await create(validBody({ bankInfo: 999_999 }));
    expectError(bankRes, 400, ERROR_CODES.unknown_bank_id);
    expect(bankRes.body.issues).toEqual([
      { path: 'bankInfo', message: ERROR_CODES.unknown_bank_id, code: 'unknown_bank_id' },
    ]);
    expect(await ownOffersCount(merchant.userId)).toBe(before);
  });

  it('answers 400 naming the unknown locations, and saves nothing', async () => {
    const before = await ownOffersCount(merchant.userId);
    const res = await create(
      validBody({
        locations: ['Atlantis', locationNames[0], 'El Dorado', 'Atlantis', locationNames[1]!.toUpperCase()],
      }),
    );
    const unknownNames = `Atlantis, El Dorado, ${locationNames[1]!.toUpperCase()}`;
    expectError(res, 400, `Unknown locations: ${unknownNames}`);
    expect(res.body).toMatchObject({ code: 'unknown_locations', params: { names: unknownNames } });
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([
      'locations.0',
      'locations.2',
      'locations.3',
      'locations.4',
    ]);
    expect(await ownOffersCount(merchant.userId)).toBe(before);
  });
});

describe('hostile bodies', () => {
  const NUL = 'a\u0000b';
  /** Built when the test runs: the valid form needs the catalogue read in beforeAll. */
  function hostileRequests(): Array<[string, { body?: unknown; rawBody?: string }]> {
    const keys = Object.keys(validBody());
    const everyField = (value: unknown) => Object.fromEntries(keys.map((k) => [k, value]));
    const requests: Array<[string, { body?: unknown; rawBody?: string }]> = [
      ['malformed JSON', { rawBody: '{"offerTitle": ' }],
      ['no body', {}],
      ['null', { body: null }],
      ['an array', { body: [validBody()] }],
      ['a string', { body: 'offer' }],
      ['every field an object', { body: everyField({ $gt: '' }) }],
      ['every field an array', { body: everyField([1]) }],
      ['every field a huge number', { body: everyField(1e308) }],
      ['every field a huge string', { body: everyField(HUGE) }],
      [
        'prototype pollution',
        {
          rawBody: `{"__proto__": {"termsAccepted": true}, ${JSON.stringify(validBody({ termsAccepted: false })).slice(1)}`,
        },
      ],
    ];
    // One field at a time hostile in an otherwise valid form: NUL, huge text, wrong types.
    const values: Array<[string, unknown]> = [
      ['NUL', NUL],
      ['huge', HUGE],
      ['object', { a: 1 }],
      ['-1', -1],
      ['[NUL]', [NUL]],
      ['5000 items', Array(5000).fill('Galle')],
    ];
    for (const key of keys)
      for (const [label, value] of values) requests.push([`${key} ${label}`, { body: validBody({ [key]: value }) }]);
    return requests;
  }

  it('answers every one with 400 and the issues, never a 5xx, and saves nothing', async () => {
    const before = await ownOffersCount(merchant.userId);
    const failures: string[] = [];
    for (const [label, request] of hostileRequests()) {
      const res = await api.call('POST', '/api/create/new/offer', { ...request, token: merchant.token });
      if (res.status !== 400 || res.body.status !== false || !Array.isArray(res.body.issues))
        failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await ownOffersCount(merchant.userId)).toBe(before);
  });
});

describe("the merchant's merchants row", () => {
  it('is made from the business name when a merchant account has none, once for offers sent together', async () => {
    const account = await makeMerchant({ firstName: 'Ruwan', businessName: 'Ruwan Tea Rooms', activated: true });
    // As after a re-seed emptied the merchants: the account is no longer linked.
    await api.handle.db.update(users).set({ merchantId: null }).where(eq(users.userId, account.userId));
    const results = await Promise.all([1, 2, 3].map(() => create(validBody(), account.token)));
    const created = results.map(expectCreated);
    const merchantIds = new Set(created.map((offer) => offer.merchantId));
    expect(merchantIds.size).toBe(1);
    const [merchantId] = [...merchantIds];
    const [row] = await api.handle.db.select().from(merchants).where(eq(merchants.merchantId, merchantId!));
    expect(row).toMatchObject({ merchantName: 'Ruwan Tea Rooms' });
    const [user] = await api.handle.db.select().from(users).where(eq(users.userId, account.userId));
    expect(user!.merchantId).toBe(merchantId);
  });

  it('is named after the first name when there is no business name, and the hotline falls back to the mobile number', async () => {
    const account = await makeMerchant({ firstName: 'Dilani', activated: true });
    const offer = expectCreated(await create(validBody(), account.token));
    expect(offer.merchant.merchantName).toBe('Dilani');
    expect(offer.hotLine).toEqual({ mobileNo: [`0${account.mobileNo}`], email: [] });
  });
});

describe('rate limit', () => {
  it('answers 429 after offerCreatePerUser offers; bad input does not count', async () => {
    const limited = await createTestApi({ rateRules: { offerCreatePerUser: { limit: 2, windowMs: 3_600_000 } } });
    try {
      const mobileNo = freshMobile();
      await createOrPromoteMerchant(limited.handle.db, { ...MERCHANT_PROFILE, mobileNo, password: STRONG_PASSWORD });
      const { body } = await limited.call('POST', '/api/user/authentication', {
        body: { mobileNo, password: STRONG_PASSWORD },
      });
      const send = (form: unknown) => limited.call('POST', '/api/create/new/offer', { body: form, token: body.token });
      expectError(await send({}), 400);
      expect((await send(validBody())).status).toBe(201);
      expect((await send(validBody())).status).toBe(201);
      const refused = await send(validBody());
      expectError(refused, 429, 'Too many requests. Please wait up to 60 minutes and try again.');
      expect(refused.headers.get('retry-after')).toBe('3600');
      const [row] = await queryRows<{ n: number }>(
        limited.handle.db,
        sql`select count(*)::int as n from offers where owner_user_id = ${body.data.userId}`,
      );
      expect(Number(row!.n)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
