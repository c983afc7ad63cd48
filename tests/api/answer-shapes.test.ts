// Every JSON answer against the contract schema its handler is typed with (src/server/http/answer.ts),
// exactly: the body must parse, and carry no field the schema does not name (v.object would let an
// extra one through). The type check makes a handler build its answer in the schema's shape; this
// proves the data the domain fills in fits it at run time too.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BanksResponse,
  CategoriesResponse,
  CategoryGroupsResponse,
  CreateOfferResponse,
  CreateUserResponse,
  ErrorResponse,
  ExistingUserResponse,
  FavoriteChangedResponse,
  ImageUploadResponse,
  InsightImpressionResponse,
  LocationsResponse,
  MobileChangedResponse,
  MobileChangeSentResponse,
  NewImpressionResponse,
  NewInsightResponse,
  NoUserResponse,
  OffersResponse,
  PasswordUpdatedResponse,
  TermsResponse,
  TopOffersResponse,
  UserResponse,
  UserSavedResponse,
} from '../../src/contract/index.ts';
import {
  AdsResponse,
  BankDetailResponse,
  BankImpressionResponse,
  CategoriesWithCountResponse,
  FailureResponse,
  InternalErrorResponse,
  MostViewedOffersResponse,
  SignedOutResponse,
  SiteMetaResponse,
  SiteSourcesResponse,
  SiteOffersResponse,
  SmsOutboxResponse,
  TopOffersByBankResponse,
} from '../../src/contract/site-responses.ts';
import { TeamBankResponse, TeamCategoryResponse, TeamLocationResponse } from '../../src/contract/team-catalogue.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import type { Res } from './expectations.ts';
import {
  createTestApi,
  freshMobile,
  latestCode,
  LOOPBACK_IP,
  signUpVerified,
  STRONG_PASSWORD,
  type TestApi,
} from './harness.ts';

type Schema = v.GenericSchema & { type: string };
type Nested = Schema & {
  entries?: Record<string, Schema>;
  item?: Schema;
  items?: Schema[];
  value?: Schema;
  wrapped?: Schema;
  options?: Schema[];
};

/** Paths of the fields in `value` that `schema` does not name; only loose objects may have others. */
function unknownFields(schema: Schema, value: unknown, path = ''): string[] {
  const s = schema as Nested;
  if (value === null || value === undefined) return [];
  switch (s.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      if (typeof value !== 'object') return [];
      const record = value as Record<string, unknown>;
      const extra =
        s.type === 'loose_object'
          ? []
          : Object.keys(record)
              .filter((key) => !(key in s.entries!))
              .map((key) => `${path}${key}`);
      return [
        ...extra,
        ...Object.entries(s.entries!).flatMap(([key, entry]) => unknownFields(entry, record[key], `${path}${key}.`)),
      ];
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => unknownFields(s.item!, item, `${path}${i}.`)) : [];
    case 'tuple':
    case 'strict_tuple':
    case 'loose_tuple':
      return Array.isArray(value) ? s.items!.flatMap((item, i) => unknownFields(item, value[i], `${path}${i}.`)) : [];
    case 'record':
      return typeof value === 'object'
        ? Object.entries(value as object).flatMap(([key, item]) => unknownFields(s.value!, item, `${path}${key}.`))
        : [];
    case 'nullable':
    case 'nullish':
    case 'optional':
    case 'exact_optional':
      return unknownFields(s.wrapped!, value, path);
    case 'union': {
      // The first option the value fits without extra fields, else what the first fitting one finds.
      const fitting = s
        .options!.filter((option) => v.is(option, value))
        .map((option) => unknownFields(option, value, path));
      return fitting.find((found) => found.length === 0) ?? fitting[0] ?? [];
    }
    default:
      return [];
  }
}

/** This status, and a body that is exactly an answer of `schema`. */
function expectAnswer(res: Res, status: number, schema: Schema) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
  expect(v.safeParse(schema, res.body).issues).toBeUndefined();
  expect(unknownFields(schema, res.body)).toEqual([]);
}

let api: TestApi;
let customer: Awaited<ReturnType<typeof signUpVerified>>;
let merchant: { userId: number; token: string };
let locationNames: string[];

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  customer = await signUpVerified(api);
  const mobileNo = freshMobile();
  await createOrPromoteMerchant(api.handle.db, {
    firstName: 'Kamal',
    businessName: 'Lanka Spice House',
    BRno: 'PV 00123',
    mobileNo,
    password: STRONG_PASSWORD,
    activated: true,
  });
  const signedIn = await api.call('POST', '/api/user/authentication', {
    body: { mobileNo, password: STRONG_PASSWORD },
  });
  merchant = { userId: signedIn.body.data.userId, token: signedIn.body.token };
  locationNames = (await api.call('GET', '/api/location/all')).body.data.map(
    (l: { locationName: string }) => l.locationName,
  );
});
afterAll(async () => {
  await api?.close();
});

describe('the exactness check itself', () => {
  it('finds fields a schema does not name, at any depth, and lets loose objects have them', () => {
    expect(unknownFields(OffersResponse, { status: true, data: [], total: 1 })).toEqual(['total']);
    expect(
      unknownFields(FavoriteChangedResponse, {
        status: true,
        message: '',
        data: { user: { ...customer.user, password: 'x' } },
      }),
    ).toEqual(['data.user.password']);
    expect(unknownFields(TopOffersResponse, { status: true, top_offers: [], top_categories: [], total: 0 })).toEqual([
      'top_categories',
    ]);
    expect(unknownFields(FailureResponse, { status: false, message: 'x', isFound: false })).toEqual([]);
  });

  it('fails an answer with a field too many or of the wrong type', async () => {
    const { body } = await api.call('GET', '/api/get/all/banks');
    for (const wrong of [
      { ...body.data[0], secret: 'x' },
      { ...body.data[0], bankId: String(body.data[0].bankId) },
    ]) {
      const served = vi.spyOn(api.deps.cache, 'json').mockResolvedValue(JSON.stringify({ ...body, data: [wrong] }));
      try {
        const res = await api.call('GET', '/api/get/all/banks');
        expect(() => expectAnswer(res, 200, BanksResponse)).toThrow();
      } finally {
        served.mockRestore();
      }
    }
    expectAnswer(await api.call('GET', '/api/get/all/banks'), 200, BanksResponse);
  });
});

describe('accounts', () => {
  it('sign-up, the dev outbox and the number lookup', async () => {
    const mobileNo = freshMobile();
    expectAnswer(
      await api.call('POST', '/api/create/new/user', {
        body: {
          firstName: 'Sunil',
          businessName: null,
          BRno: null,
          mobileNo,
          userType: 1,
          favoriteArea: [],
          termsAndCondition: true,
          password: STRONG_PASSWORD,
        },
      }),
      201,
      CreateUserResponse,
    );
    expectAnswer(await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP }), 200, SmsOutboxResponse);
    expectAnswer(await api.call('GET', `/api/find/existing/user/by/${mobileNo}`), 200, ExistingUserResponse);
    const unknown = await api.call('GET', `/api/find/existing/user/by/${freshMobile()}`);
    expectAnswer(unknown, 404, NoUserResponse);
    expectAnswer(unknown, 404, FailureResponse);
  });

  it('the profile: the user, interests, location, favourites', async () => {
    const { token, userId } = await signUpVerified(api);
    expectAnswer(await api.call('GET', `/api/get/user/by/${userId}`, { token }), 200, UserResponse);
    expectAnswer(await api.call('GET', `/demo/user/${userId}`, { token }), 200, UserResponse);
    expectAnswer(
      await api.call('POST', '/api/user/tag/update', { token, body: { tags: [1, 2] } }),
      200,
      UserSavedResponse,
    );
    expectAnswer(
      await api.call('POST', '/api/user/location/update', { token, body: { location: locationNames[0] } }),
      200,
      UserSavedResponse,
    );
    expectAnswer(
      await api.call('POST', '/api/user/location/update', { token, body: { location: null } }),
      200,
      UserSavedResponse,
    );
    const { offerId } = (await api.call('GET', '/api/get/offers/by/page/1/1')).body.data[0];
    expectAnswer(
      await api.call('PUT', '/api/add/user/favorite/offer', { token, body: { offerId } }),
      200,
      FavoriteChangedResponse,
    );
    expectAnswer(
      await api.call('PUT', '/api/remove/offer/from/user/favorite', { token, body: { offerId } }),
      200,
      FavoriteChangedResponse,
    );
  });

  it('the mobile change, the password change and signing out', async () => {
    const { token, userId } = await signUpVerified(api);
    const newMobile = freshMobile();
    expectAnswer(
      await api.call('POST', '/api/request/mobile/change', { token, body: { mobileNo: newMobile } }),
      200,
      MobileChangeSentResponse,
    );
    const changed = await api.call('POST', '/api/confirm/mobile/change', {
      token,
      body: { otpCode: await latestCode(api, newMobile) },
    });
    expectAnswer(changed, 200, MobileChangedResponse);
    expectAnswer(
      await api.call('PUT', '/api/update/user/password', {
        token: changed.body.token,
        body: { userId, password: 'Another-Pass-99' },
      }),
      200,
      PasswordUpdatedResponse,
    );
    const other = await signUpVerified(api);
    expectAnswer(await api.call('POST', '/api/user/logout', { token: other.token }), 200, SignedOutResponse);
  });
});

describe('offers', () => {
  it("a new offer, and its owner's list", async () => {
    const bankId = (await api.call('GET', '/api/get/all/banks')).body.data[0].bankId;
    expectAnswer(
      await api.call('POST', '/api/create/new/offer', {
        token: merchant.token,
        body: {
          offerCategory: 1,
          bankInfo: bankId,
          offerTitle: 'Weekday lunch',
          offerHeader: '20% off the rice and curry lunch',
          offerDescription: '<p>Every weekday.</p>',
          offerValidity: 'other',
          validTimeDateDescription: 'Every weekday',
          offerType: 'off',
          offerRate: '20',
          promoCode: 'SPICE20',
          locations: [locationNames[0]],
          termsAccepted: true,
        },
      }),
      201,
      CreateOfferResponse,
    );
    const own = await api.call('GET', `/api/get/offers/by/user/${merchant.userId}`, { token: merchant.token });
    expectAnswer(own, 200, OffersResponse);
    expect(own.body.data.length).toBeGreaterThan(0);
  });

  it("offers by id, a bank's category groups, related offers", async () => {
    const listed = (await api.call('GET', '/api/get/offers/by/page/1/5')).body.data as {
      offerId: number;
      bankId: number;
      categoryId: number;
    }[];
    const [first] = listed;
    const many = await api.call('POST', '/api/get/offer/multiple', {
      body: { offerIds: listed.map((offer) => offer.offerId) },
    });
    expectAnswer(many, 200, OffersResponse);
    expect(many.body.data.length).toBe(listed.length);
    const groups = await api.call('POST', '/api/get/offer/bank/category/multiple', {
      body: { bankId: first!.bankId, categoryIds: [first!.categoryId, 2] },
    });
    expectAnswer(groups, 200, CategoryGroupsResponse);
    expect(groups.body.data[0].offers.length).toBeGreaterThan(0);
    const related = await api.call('GET', `/api/get/offer/insights/all/all/${first!.categoryId}/5`);
    expectAnswer(related, 200, OffersResponse);
    expect(related.body.data.length).toBeGreaterThan(0);
  });
});

describe('catalogue', () => {
  it('banks, a bank, categories, categories with offers, towns', async () => {
    const banks = await api.call('GET', '/api/get/all/banks');
    expectAnswer(banks, 200, BanksResponse);
    expectAnswer(await api.call('GET', `/api/get/bank/by/${banks.body.data[0].bankId}`), 200, BankDetailResponse);
    expectAnswer(await api.call('GET', '/api/get/all/categories'), 200, CategoriesResponse);
    expectAnswer(await api.call('GET', '/api/get/all/categories/with/offers/all'), 200, CategoriesWithCountResponse);
    expectAnswer(
      await api.call('GET', `/api/get/all/categories/with/offers/${banks.body.data[0].bankId}`),
      200,
      CategoriesWithCountResponse,
    );
    expectAnswer(
      await api.call('POST', '/api/get/category/multiple', { body: { categoryIds: [1, 2] } }),
      200,
      CategoriesResponse,
    );
    expectAnswer(await api.call('GET', '/api/location/all'), 200, LocationsResponse);
  });

  it("the team console's banks, categories and towns, added and changed", async () => {
    const mobileNo = freshMobile();
    await createOrPromoteTeamMember(api.handle.db, { mobileNo, firstName: 'Tharushi', password: STRONG_PASSWORD });
    const { token } = (
      await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } })
    ).body;
    const bank = {
      bankName: 'Shape Bank',
      issuedCards: [{ network: 'visa', kind: 'credit', tier: 'Gold' }],
      color: '#123456',
    };
    const created = await api.call('POST', '/api/team/banks', { token, body: bank });
    expectAnswer(created, 201, TeamBankResponse);
    expectAnswer(
      await api.call('PUT', `/api/team/banks/${created.body.data.bankId}`, {
        token,
        body: { ...bank, bankName: 'Shape Bank PLC' },
      }),
      200,
      TeamBankResponse,
    );
    const category = await api.call('POST', '/api/team/categories', {
      token,
      body: { categoryName: 'Shapes', iconName: 'online' },
    });
    expectAnswer(category, 201, TeamCategoryResponse);
    expectAnswer(
      await api.call('PUT', `/api/team/categories/${category.body.data.categoryId}`, {
        token,
        body: { categoryName: 'Shapes & Forms', iconName: 'online' },
      }),
      200,
      TeamCategoryResponse,
    );
    const town = await api.call('POST', '/api/team/locations', { token, body: { locationName: 'Shape Town' } });
    expectAnswer(town, 201, TeamLocationResponse);
    expectAnswer(
      await api.call('PUT', `/api/team/locations/${town.body.data.locationId}`, {
        token,
        body: { locationName: 'Shape City' },
      }),
      200,
      TeamLocationResponse,
    );
    expectAnswer(
      await api.call('POST', '/api/team/locations', { token, body: { locationName: 'shape city' } }),
      409,
      ErrorResponse,
    );
  });
});

describe('insights', () => {
  it('insights and impressions on both hosts, rankings, counts', async () => {
    const insight = await api.call('POST', '/api/new/insight', { body: { insightId: null, ip: null, user: null } });
    expectAnswer(insight, 201, NewInsightResponse);
    expectAnswer(await api.call('POST', '/insight/new/insight', { body: {} }), 201, NewInsightResponse);
    const insightId: string = insight.body.insight_id;
    const offer = (await api.call('GET', '/api/get/offers/by/page/1/1')).body.data[0];
    const impression = await api.call('POST', '/api/new/impression', { body: { offerId: offer.offerId, insightId } });
    expectAnswer(impression, 201, NewImpressionResponse);
    expectAnswer(
      await api.call('POST', '/insight/new/impression', {
        body: { impression_id: impression.body.data.impressionId, insight_id: insightId, offer_id: offer.offerId },
      }),
      200,
      InsightImpressionResponse,
    );
    expectAnswer(
      await api.call('POST', '/insight/new/impression', { body: { insight_id: insightId, offer_id: offer.offerId } }),
      201,
      InsightImpressionResponse,
    );
    expectAnswer(
      await api.call('GET', `/insight/top-offers-by-insight?insight_id=${insightId}`),
      200,
      TopOffersResponse,
    );
    expectAnswer(await api.call('GET', '/insight/top-offers-by-insight'), 200, TopOffersResponse);
    expectAnswer(
      await api.call('GET', `/insight/top-offers-by-bank-insight?bank_id=${offer.bankId}&insight_id=${insightId}`),
      200,
      TopOffersByBankResponse,
    );
    const viewed = await api.call('GET', `/insight/get/offers/${insightId}/top-10-most-viewed`);
    expectAnswer(viewed, 200, MostViewedOffersResponse);
    expect(viewed.body.data.length).toBeGreaterThan(0);
    expectAnswer(await api.call('GET', `/insight/bank/impression/${offer.bankId}`), 200, BankImpressionResponse);
  });
});

describe("media and the site build's reads", () => {
  it('an uploaded logo, house ads, the export of offers, terms and facts', async () => {
    // A 1x1 PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expectAnswer(
      await api.call('POST', '/api/temp/image/upload', { token: customer.token, body: { base64: png } }),
      201,
      ImageUploadResponse,
    );
    expectAnswer(await api.call('GET', '/api/ads?count=3'), 200, AdsResponse);
    expectAnswer(await api.call('GET', '/api/site/offers/1'), 200, SiteOffersResponse);
    expectAnswer(await api.call('GET', '/api/site/terms'), 200, TermsResponse);
    expectAnswer(await api.call('GET', '/api/site/meta'), 200, SiteMetaResponse);
    expectAnswer(await api.call('GET', '/api/site/sources'), 200, SiteSourcesResponse);
  });
});

describe('failures', () => {
  it('a failure on purpose is an ErrorResponse with its extra fields; an unknown route a plain one', async () => {
    const invalid = await api.call('GET', '/api/find/existing/user/by/123');
    expectAnswer(invalid, 400, FailureResponse);
    expectAnswer(invalid, 400, ErrorResponse);
    const expired = await api.call('GET', '/api/session/validate/no-such-token');
    expectAnswer(expired, 401, FailureResponse);
    expect(expired.body.data).toEqual({ status: false });
    expectAnswer(await api.call('GET', '/api/no/such/route'), 404, ErrorResponse);
  });

  it('an unexpected error answers 500 with the id it was logged under', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = vi.spyOn(api.deps.cache, 'json').mockRejectedValue(new Error('the cache broke'));
    try {
      const res = await api.call('GET', '/api/get/all/banks');
      expectAnswer(res, 500, InternalErrorResponse);
      expect(logged.mock.calls.some((args) => String(args[0]).includes(res.body.requestId))).toBe(true);
    } finally {
      broken.mockRestore();
      logged.mockRestore();
    }
  });
});
