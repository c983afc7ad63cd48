// Offer texts and category names in Sinhala and Tamil (docs/i18n.md), on the real app and database:
// the merchant's form and the team's editor store them (empty fields left out, descriptions
// sanitised, the English limits kept), the public answers carry them, and the team's catalogue names
// a category in each language, a PUT without them keeping the names it has.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoriesResponse, OFFER_HEADER_MAX, OfferById, SRI_LANKA_UTC_OFFSET_MS } from '../../src/contract/index.ts';
import { CATALOGUE_NAME_MAX } from '../../src/contract/team-catalogue.ts';
import { categories, offers } from '../../src/server/db/schema.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError, type Res } from './expectations.ts';
import { createTestApi, freshMobile, STRONG_PASSWORD, type TestApi } from './harness.ts';

let api: TestApi;
let merchantToken: string;
let teamToken: string;
let bankId: number;

const signIn = async (mobileNo: string) => {
  const res = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};

/** Today plus `days` as the form writes it, DD/MM/YYYY, on Sri Lanka's calendar. */
const formDate = (days: number) => {
  const d = new Date(Date.now() + SRI_LANKA_UTC_OFFSET_MS + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

const form = (translations?: unknown) => ({
  offerCategory: 1,
  bankInfo: bankId,
  offerTitle: 'Weekday lunch',
  offerHeader: '20% off the rice and curry lunch',
  offerDescription: 'Every weekday.',
  offerValidity: 'fromTo',
  offerType: 'off',
  offerRate: '20',
  fromDate: formDate(0),
  toDate: formDate(30),
  locations: [],
  termsAccepted: true,
  ...(translations === undefined ? {} : { translations }),
});

const SINHALA = {
  offerTitle: 'සතියේ දින දිවා ආහාරය',
  offerHeader: 'බත් සහ ව්‍යංජන දිවා ආහාරයට 20% වට්ටම්',
  offerDescription: '<p>සෑම <strong>සතියේ දිනකම</strong>.</p><script>alert(1)</script>',
};

function expectIssue(res: Res, path: string) {
  expectError(res, 400);
  expect(res.body.issues, JSON.stringify(res.body.issues)).toContainEqual(expect.objectContaining({ path }));
}

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  const merchantMobile = freshMobile();
  await createOrPromoteMerchant(api.handle.db, {
    activated: true,
    mobileNo: merchantMobile,
    password: STRONG_PASSWORD,
    firstName: 'Kamal',
    businessName: 'Lanka Spice House',
    BRno: 'PV 00123',
    companyEmail: 'offers@lankaspice.example',
    contactNo: '112345678',
    addressNo: '42',
    streetName: 'Galle Road',
    city: 'Colombo 03',
  });
  merchantToken = await signIn(merchantMobile);
  const teamMobile = freshMobile();
  await createOrPromoteTeamMember(api.handle.db, {
    mobileNo: teamMobile,
    firstName: 'Tharushi',
    password: STRONG_PASSWORD,
  });
  teamToken = await signIn(teamMobile);
  bankId = (await api.call('GET', '/api/get/all/banks')).body.data[0].bankId;
});
afterAll(async () => {
  await api?.close();
});

describe("an offer's Sinhala and Tamil texts", () => {
  it('are stored from the form as given: empty fields and languages left out, the description sanitised', async () => {
    const res = await api.call('POST', '/api/create/new/offer', {
      token: merchantToken,
      body: form({
        si: SINHALA,
        ta: { offerTitle: '', offerHeader: 'மதிய உணவுக்கு 20% தள்ளுபடி', offerDescription: '' },
      }),
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(201);
    const { translations } = res.body.data;
    expect(translations.si).toMatchObject({ label: SINHALA.offerTitle, header: SINHALA.offerHeader });
    expect(translations.si.description).toContain('<strong>සතියේ දිනකම</strong>');
    expect(translations.si.description).not.toMatch(/script/i);
    expect(translations.ta).toEqual({ header: 'மதிய உணவுக்கு 20% தள்ளுபடி' });
    // English stays as it was.
    expect(res.body.data).toMatchObject({ label: 'Weekday lunch', header: '20% off the rice and curry lunch' });
  });

  it('are none without the field, and none when every field is empty', async () => {
    const without = await api.call('POST', '/api/create/new/offer', { token: merchantToken, body: form() });
    expect(without.status).toBe(201);
    expect(without.body.data.translations).toEqual({});
    const empty = await api.call('POST', '/api/create/new/offer', {
      token: merchantToken,
      body: form({ si: { offerTitle: ' ', offerHeader: '', offerDescription: '' } }),
    });
    expect(empty.status).toBe(201);
    expect(empty.body.data.translations).toEqual({});
  });

  it('keep the English limits, refuse other languages and shapes, naming the field, and save nothing', async () => {
    const before = await api.handle.db.$count(offers);
    expectIssue(
      await api.call('POST', '/api/create/new/offer', {
        token: merchantToken,
        body: form({ si: { offerHeader: 'අ'.repeat(OFFER_HEADER_MAX + 1) } }),
      }),
      'translations.si.offerHeader',
    );
    expectIssue(
      await api.call('POST', '/api/create/new/offer', {
        token: merchantToken,
        body: form({ ta: { offerTitle: 'a\u0000b' } }),
      }),
      'translations.ta.offerTitle',
    );
    expectError(
      await api.call('POST', '/api/create/new/offer', {
        token: merchantToken,
        body: form({ fr: { offerTitle: 'Déjeuner' } }),
      }),
      400,
    );
    expectError(
      await api.call('POST', '/api/create/new/offer', { token: merchantToken, body: form({ si: 'text' }) }),
      400,
    );
    expectError(await api.call('POST', '/api/create/new/offer', { token: merchantToken, body: form(['si']) }), 400);
    expect(await api.handle.db.$count(offers)).toBe(before);
  });

  it("are changed by the team's edit and read by everyone once the offer is listed", async () => {
    const created = await api.call('POST', '/api/create/new/offer', {
      token: merchantToken,
      body: form({ si: SINHALA }),
    });
    const offerId = created.body.data.offerId as number;
    const edited = await api.call('PUT', `/api/team/offers/${offerId}`, {
      token: teamToken,
      body: form({ ta: { offerHeader: 'மதிய உணவுக்கு 25% தள்ளுபடி' } }),
    });
    expect(edited.status, JSON.stringify(edited.body).slice(0, 400)).toBe(200);
    const [row] = await api.handle.db
      .select({ translations: offers.translations })
      .from(offers)
      .where(eq(offers.offerId, offerId));
    // The edit sends the whole form: the Sinhala it left out is gone, the Tamil is there.
    expect(row!.translations).toEqual({ ta: { header: 'மதிய உணவுக்கு 25% தள்ளுபடி' } });

    const accepted = await api.call('POST', `/api/team/offers/${offerId}/decision`, {
      token: teamToken,
      body: { decision: 'accept' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const read = await api.call('GET', `/api/get/offer/by/${offerId}`);
    expect(v.safeParse(OfferById, read.body).issues).toBeUndefined();
    expect(read.body.data[0].translations).toEqual({ ta: { header: 'மதிய உணவுக்கு 25% தள்ளுபடி' } });
  });
});

describe("a category's Sinhala and Tamil names", () => {
  const save = (method: 'POST' | 'PUT', path: string, body: unknown) =>
    api.call(method, path, { token: teamToken, body });
  const publicCategory = async (categoryId: number) => {
    const res = await api.call('GET', '/api/get/all/categories');
    expect(v.safeParse(CategoriesResponse, res.body).issues).toBeUndefined();
    return (res.body.data as { categoryId: number; translations: unknown }[]).find(
      (category) => category.categoryId === categoryId,
    )!;
  };

  it('are saved by the team, shown in the public list, and kept by a PUT that leaves them out', async () => {
    const created = await save('POST', '/api/team/categories', {
      categoryName: 'Pharmacies',
      iconName: 'health',
      translations: { si: { categoryName: ' ඖෂධාල ' }, ta: { categoryName: '' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const categoryId = created.body.data.categoryId as number;
    expect(created.body.data.translations).toEqual({ si: { categoryName: 'ඖෂධාල' } });
    expect((await publicCategory(categoryId)).translations).toEqual({ si: { categoryName: 'ඖෂධාල' } });

    const renamed = await save('PUT', `/api/team/categories/${categoryId}`, {
      categoryName: 'Pharmacy',
      iconName: 'health',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.translations).toEqual({ si: { categoryName: 'ඖෂධාල' } });

    const retranslated = await save('PUT', `/api/team/categories/${categoryId}`, {
      categoryName: 'Pharmacy',
      iconName: 'health',
      translations: { si: { categoryName: '' }, ta: { categoryName: 'மருந்தகங்கள்' } },
    });
    expect(retranslated.body.data.translations).toEqual({ ta: { categoryName: 'மருந்தகங்கள்' } });
    const [row] = await api.handle.db
      .select({ translations: categories.translations })
      .from(categories)
      .where(eq(categories.categoryId, categoryId));
    expect(row!.translations).toEqual({ ta: { categoryName: 'மருந்தகங்கள்' } });
  });

  it('refuse a name over the limit or on two lines, naming the field', async () => {
    for (const name of ['අ'.repeat(CATALOGUE_NAME_MAX + 1), 'two\nlines']) {
      const res = await save('POST', '/api/team/categories', {
        categoryName: 'Opticians',
        iconName: 'health',
        translations: { ta: { categoryName: name } },
      });
      expectIssue(res, 'translations.ta.categoryName');
    }
  });

  it('come with the demo data', async () => {
    expect((await publicCategory(1)).translations).toMatchObject({
      si: { categoryName: expect.any(String) },
      ta: { categoryName: expect.any(String) },
    });
  });
});
