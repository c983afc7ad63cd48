// The team console's catalogue ({API}/team/banks, /team/categories, /team/locations) on the real app
// and database: who may call it, adding and changing each kind with its audit row, slugs that follow
// the names, duplicates and bad input refused, a renamed location renamed in offers and profiles, and
// the public lists (cached for a minute here) showing every change at once.
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { BanksResponse, CategoriesResponse, LocationsResponse } from '../../src/contract/index.ts';
import {
  CardTiersResponse,
  CATALOGUE_NAME_MAX,
  type CardTierData,
  CATEGORY_ICONS,
  TeamBankResponse,
  TeamCardTierResponse,
  TeamCategoryResponse,
  TeamLocationResponse,
} from '../../src/contract/team-catalogue.ts';
import { queryRows } from '../../src/server/db/execute.ts';
import { auditLog, banks, categories, images, locations, offers } from '../../src/server/db/schema.ts';
import { bankMonogramImages } from '../../src/server/images/svg-image.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError, insertOffer, type Res } from './expectations.ts';
import { createTestApi, freshMobile, signUpVerified, STRONG_PASSWORD, type TestApi } from './harness.ts';

let api: TestApi;
let team: { userId: number; token: string };
let customer: Awaited<ReturnType<typeof signUpVerified>>;
let merchantToken: string;

const signIn = async (target: TestApi, mobileNo: string) => {
  const res = await target.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { userId: res.body.data.userId as number, token: res.body.token as string };
};
const newTeamMember = async (target: TestApi) => {
  const mobileNo = freshMobile();
  await createOrPromoteTeamMember(target.handle.db, { mobileNo, firstName: 'Tharushi', password: STRONG_PASSWORD });
  return signIn(target, mobileNo);
};

/** The status, and a body of the schema's shape. */
function expectAnswer(res: Res, status: number, schema: v.GenericSchema) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
  expect(v.safeParse(schema, res.body).issues).toBeUndefined();
  return res.body.data;
}
const send = (method: string, path: string, body: unknown) => api.call(method, path, { body, token: team.token });
const auditRows = (targetType: string, targetId: number) =>
  api.handle.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetType} = ${targetType} and ${auditLog.targetId} = ${String(targetId)}`)
    .orderBy(auditLog.auditId);
const publicBanks = async () =>
  expectAnswer(await api.call('GET', '/api/get/all/banks'), 200, BanksResponse) as {
    bankId: number;
    bankName: string;
    slug: string;
  }[];
const publicCategories = async () =>
  expectAnswer(await api.call('GET', '/api/get/all/categories'), 200, CategoriesResponse) as {
    categoryId: number;
    categoryName: string;
    slug: string;
  }[];
const publicLocations = async () =>
  expectAnswer(await api.call('GET', '/api/location/all'), 200, LocationsResponse) as {
    locationId: number;
    locationName: string;
  }[];

const b64 = (bytes: Buffer) => bytes.toString('base64');
/** What the upload check looks at: the PNG signature, then any bytes. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a tiny logo')]);
const GIF = Buffer.from('GIF89a tiny logo', 'ascii');

const VISA_GOLD = { network: 'visa', kind: 'credit', tier: 'Gold' };
const MASTERCARD_WORLD = { network: 'mastercard', kind: 'credit', tier: 'World' };
const bankBody = (overrides: Record<string, unknown> = {}) => ({
  bankName: 'Ceylon Trust Bank',
  issuedCards: [VISA_GOLD, MASTERCARD_WORLD],
  color: '#0A5C36',
  ...overrides,
});

beforeAll(async () => {
  // Public lists cached for a minute: a change must clear the cache to show at once.
  api = await createTestApi({ rateLimits: false, cacheTtlMs: 60_000 });
  team = await newTeamMember(api);
  customer = await signUpVerified(api, { firstName: 'Ruwan' });
  const merchantMobile = freshMobile();
  await createOrPromoteMerchant(api.handle.db, {
    mobileNo: merchantMobile,
    firstName: 'Kamal',
    businessName: 'Lanka Spice House',
    password: STRONG_PASSWORD,
  });
  merchantToken = (await signIn(api, merchantMobile)).token;
});
afterAll(async () => {
  await api?.close();
});

/** The bytes stored for an image URL (/api/images/{name}). */
async function storedImage(url: string): Promise<Buffer> {
  const name = url.slice('/api/images/'.length);
  const [row] = await api.handle.db.select({ bytes: images.bytes }).from(images).where(eq(images.name, name));
  if (!row) throw new Error(`no image stored as ${name}`);
  return Buffer.from(row.bytes);
}

describe('who may change the catalogue', () => {
  const ROUTES: [method: string, path: string, body: unknown][] = [
    ['POST', '/api/team/banks', bankBody({ bankName: 'Intruder Bank' })],
    ['PUT', '/api/team/banks/1', bankBody({ bankName: 'Intruder Bank' })],
    ['POST', '/api/team/categories', { categoryName: 'Intruders', iconName: 'dining' }],
    ['PUT', '/api/team/categories/1', { categoryName: 'Intruders', iconName: 'dining' }],
    ['POST', '/api/team/locations', { locationName: 'Intruder Town' }],
    ['PUT', '/api/team/locations/1', { locationName: 'Intruder Town' }],
  ];

  it('refuses guests (401), customers and merchants (403), and changes nothing', async () => {
    const counts = () =>
      queryRows(
        api.handle.db,
        sql`select (select count(*)::int from ${auditLog}) as audit, (select count(*)::int from ${banks}) as banks,
      (select string_agg(bank_name, ',' order by bank_id) from ${banks}) as bank_names, (select string_agg(category_name, ',' order by category_id) from ${categories}) as category_names,
      (select string_agg(location_name, ',' order by location_id) from ${locations}) as location_names`,
      );
    const before = await counts();
    for (const [method, path, body] of ROUTES) {
      expectError(await api.call(method, path, { body }), 401);
      expectError(await api.call(method, path, { body, token: customer.token }), 403, API_MESSAGES.teamOnly);
      expectError(await api.call(method, path, { body, token: merchantToken }), 403, API_MESSAGES.teamOnly);
    }
    expect(await counts()).toEqual(before);
  });

  it("counts every change toward the team member's write limit", async () => {
    const limited = await createTestApi({
      seed: false,
      rateRules: { teamWritePerUser: { limit: 2, windowMs: 60_000 } },
    });
    try {
      const member = await newTeamMember(limited);
      for (const town of ['Hikkaduwa', 'Unawatuna'])
        expect(
          (await limited.call('POST', '/api/team/locations', { body: { locationName: town }, token: member.token }))
            .status,
        ).toBe(201);
      expectError(
        await limited.call('POST', '/api/team/locations', { body: { locationName: 'Mirissa' }, token: member.token }),
        429,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('banks', () => {
  it('adds a bank with an uploaded logo, its slug from its name, with its audit row, shown in the lists at once', async () => {
    await publicBanks(); // cached before the change
    const bank = expectAnswer(
      await send(
        'POST',
        '/api/team/banks',
        bankBody({
          issuedCards: [
            { ...VISA_GOLD, tier: ' gold ' },
            MASTERCARD_WORLD,
            { network: 'visa', kind: 'debit', tier: null },
          ],
          logo: `data:image/png;base64,${b64(PNG)}`,
        }),
      ),
      201,
      TeamBankResponse,
    );
    // Tiers are spelled as the tier list spells them; §7's card names are made from the cards.
    expect(bank).toMatchObject({
      bankName: 'Ceylon Trust Bank',
      slug: 'ceylon-trust-bank',
      color: '#0a5c36',
      issuedCards: [VISA_GOLD, MASTERCARD_WORLD, { network: 'visa', kind: 'debit', tier: null }],
      cardTypes: ['Visa Gold', 'Mastercard World', 'Visa debit'],
    });
    expect(bank.logoURL).toMatch(/^\/api\/images\/upload-[0-9a-f-]+\.png$/);
    expect(bank.thumbnailURL).toBe(bank.logoURL);
    const logo = await api.call('GET', bank.logoURL);
    expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/png']);

    expect((await publicBanks()).find((listed) => listed.bankId === bank.bankId)).toEqual(bank);
    expect((await api.call('GET', `/api/get/bank/by/${bank.bankId}`)).body.data).toMatchObject({
      ...bank,
      totalCount: 0,
    });
    const [audit, ...more] = await auditRows('bank', bank.bankId);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: team.userId,
      action: 'bank.create',
      before: null,
      after: { bankId: bank.bankId, bankName: 'Ceylon Trust Bank', slug: 'ceylon-trust-bank' },
    });
  });

  it("draws a monogram in the bank's colour when no logo is sent, and draws it again for a new name or colour", async () => {
    const bank = expectAnswer(
      await send('POST', '/api/team/banks', bankBody({ bankName: 'Nations Savings Bank', color: '#123456' })),
      201,
      TeamBankResponse,
    );
    expect(bank.logoURL).toMatch(/^\/api\/images\/bank-monogram-[0-9a-f-]+\.png$/);
    expect(bank.thumbnailURL).toMatch(/^\/api\/images\/bank-monogram-[0-9a-f-]+-thumb\.png$/);
    const logo = await api.call('GET', bank.logoURL);
    expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/png']);
    // The letters NSB on #123456, rasterised from the monogram's drawing (src/server/images/svg.ts).
    const drawn = bankMonogramImages('expected', { name: 'Nations Savings Bank', letters: 'NSB', color: '#123456' });
    expect(await storedImage(bank.logoURL)).toEqual(drawn.logo.bytes);
    expect(await storedImage(bank.thumbnailURL)).toEqual(drawn.thumbnail.bytes);

    const cards = expectAnswer(
      await send(
        'PUT',
        `/api/team/banks/${bank.bankId}`,
        bankBody({
          bankName: 'Nations Savings Bank',
          color: '#123456',
          issuedCards: [{ network: 'visa', kind: 'credit', tier: 'Classic' }],
        }),
      ),
      200,
      TeamBankResponse,
    );
    expect(cards.logoURL).toBe(bank.logoURL); // nothing drawn changed
    const recoloured = expectAnswer(
      await send(
        'PUT',
        `/api/team/banks/${bank.bankId}`,
        bankBody({ bankName: 'Nations Savings Bank', color: '#654321' }),
      ),
      200,
      TeamBankResponse,
    );
    expect(recoloured.logoURL).not.toBe(bank.logoURL);
    expect(await storedImage(recoloured.logoURL)).toEqual(
      bankMonogramImages('expected', { name: 'Nations Savings Bank', letters: 'NSB', color: '#654321' }).logo.bytes,
    );
  });

  it('renames a bank: a new slug, its offers and the lists show the new name, and the audit row holds both', async () => {
    const [before] = await api.handle.db.select().from(banks).where(eq(banks.bankId, 1));
    const offersBefore = (await api.call('GET', '/api/get/offers/by/bank/1')).body.data;
    expect(offersBefore.length).toBeGreaterThan(0);

    const renamed = expectAnswer(
      await send('PUT', '/api/team/banks/1', {
        bankName: 'Commercial Bank of Ceylon PLC',
        issuedCards: before!.issuedCards,
        color: before!.color,
      }),
      200,
      TeamBankResponse,
    );
    expect(renamed).toMatchObject({
      bankId: 1,
      bankName: 'Commercial Bank of Ceylon PLC',
      slug: 'commercial-bank-of-ceylon-plc',
      logoURL: before!.logoUrl,
    });
    expect((await publicBanks()).find((bank) => bank.bankId === 1)).toMatchObject({
      bankName: 'Commercial Bank of Ceylon PLC',
      slug: 'commercial-bank-of-ceylon-plc',
    });
    const offersAfter = (await api.call('GET', '/api/get/offers/by/bank/1')).body.data;
    expect(offersAfter.map((offer: { bank: { slug: string } }) => offer.bank.slug)).toEqual(
      offersBefore.map(() => 'commercial-bank-of-ceylon-plc'),
    );

    const [audit] = (await auditRows('bank', 1)).slice(-1);
    expect(audit).toMatchObject({
      action: 'bank.update',
      before: { bankName: before!.bankName, slug: before!.slug },
      after: { bankName: 'Commercial Bank of Ceylon PLC', slug: 'commercial-bank-of-ceylon-plc' },
    });

    // A change of letter case keeps the slug, and is no duplicate of itself. An uploaded logo stays.
    const recased = expectAnswer(
      await send('PUT', '/api/team/banks/1', {
        bankName: 'COMMERCIAL Bank of Ceylon PLC',
        issuedCards: [VISA_GOLD],
        color: before!.color,
      }),
      200,
      TeamBankResponse,
    );
    expect(recased).toMatchObject({ slug: 'commercial-bank-of-ceylon-plc', logoURL: before!.logoUrl });
  });

  it('refuses a name another bank has, or one with the same page address, with 409', async () => {
    const taken = await send('POST', '/api/team/banks', bankBody({ bankName: 'ceylon trust bank!' }));
    expectError(taken, 409, 'A bank with this name already exists: Ceylon Trust Bank.');
    expect(taken.body).toMatchObject({ code: 'bank_name_taken_by', params: { name: 'Ceylon Trust Bank' } });
    expect(taken.body.issues).toEqual([
      {
        path: 'bankName',
        message: 'A bank with this name already exists: Ceylon Trust Bank.',
        code: 'bank_name_taken_by',
        params: { name: 'Ceylon Trust Bank' },
      },
    ]);
    expectError(
      await send('PUT', '/api/team/banks/2', bankBody({ bankName: 'Ceylon Trust Bank' })),
      409,
      /^A bank with this name already exists/,
    );
    // Two at once: the unique slug decides, and the second is told the same.
    const both = await Promise.all(
      [1, 2].map(() => send('POST', '/api/team/banks', bankBody({ bankName: 'Twin Bank' }))),
    );
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(both.find((res) => res.status === 409)!.body.message).toMatch(/^A bank with this name already exists/);
  });

  it('refuses bad input with 400, naming the field', async () => {
    const cases: [body: Record<string, unknown>, field: string, message?: string | RegExp][] = [
      [bankBody({ bankName: '   ' }), 'bankName', 'bankName: Give the bank name.'],
      [bankBody({ bankName: '★ ★ ★' }), 'bankName', /^bankName: The name needs at least one letter/],
      [bankBody({ bankName: 'Two\nLines Bank' }), 'bankName'],
      [bankBody({ bankName: 'x'.repeat(CATALOGUE_NAME_MAX + 1) }), 'bankName'],
      [bankBody({ bankName: 42 }), 'bankName'],
      [bankBody({ color: 'red' }), 'color', 'color: Give the colour as #rrggbb, e.g. #0057a8.'],
      [bankBody({ issuedCards: [] }), 'issuedCards', 'issuedCards: Give at least one card the bank issues.'],
      [
        bankBody({ issuedCards: [VISA_GOLD, { ...VISA_GOLD, tier: ' ' }] }),
        'issuedCards.1.tier',
        'issuedCards.1.tier: Enter the tier.',
      ],
      [
        bankBody({ issuedCards: [VISA_GOLD, { ...VISA_GOLD, tier: 'GOLD' }] }),
        'issuedCards',
        'issuedCards: This card is listed twice.',
      ],
      [
        bankBody({ issuedCards: [{ ...VISA_GOLD, network: 'discover' }] }),
        'issuedCards.0.network',
        'issuedCards.0.network: Choose a card network.',
      ],
      [bankBody({ issuedCards: [{ ...VISA_GOLD, kind: 'charge' }] }), 'issuedCards.0.kind'],
      [
        bankBody({ issuedCards: [{ ...VISA_GOLD, tier: 'Obsidian' }] }),
        'issuedCards.0.tier',
        'issuedCards.0.tier: This tier is not in the tier list: add it under Card tiers first.',
      ],
      [
        bankBody({ issuedCards: Array.from({ length: 61 }, (_, i) => ({ ...VISA_GOLD, tier: `T${i}` })) }),
        'issuedCards',
      ],
      [bankBody({ issuedCards: 'Visa' }), 'issuedCards'],
      [bankBody({ logo: b64(GIF) }), 'logo', 'logo: Only PNG or JPEG images can be uploaded.'],
      [bankBody({ logo: '%%% not base64 %%%' }), 'logo', 'logo: The image must be base64 encoded.'],
      [{ issuedCards: [VISA_GOLD], color: '#000000' }, 'bankName'],
    ];
    const before = await publicBanks();
    for (const [body, field, message] of cases) {
      for (const [method, path] of [
        ['POST', '/api/team/banks'],
        ['PUT', '/api/team/banks/2'],
      ]) {
        const res = await send(method!, path!, body);
        expectError(res, 400, message);
        expect(res.body.issues[0].path, JSON.stringify(body).slice(0, 100)).toBe(field);
      }
    }
    expect(await publicBanks()).toEqual(before);
    expectError(
      await send('PUT', '/api/team/banks/999999', bankBody({ bankName: 'Nowhere Bank' })),
      404,
      'Bank not found.',
    );
    expectError(await send('PUT', '/api/team/banks/all', bankBody({ bankName: 'Nowhere Bank' })), 400);
  });
});

describe('categories', () => {
  it('adds a category with a known icon, with its audit row, and renames it to a new slug', async () => {
    await publicCategories();
    const category = expectAnswer(
      await send('POST', '/api/team/categories', { categoryName: 'Pet Care', iconName: 'health' }),
      201,
      TeamCategoryResponse,
    );
    expect(category).toMatchObject({
      categoryName: 'Pet Care',
      slug: 'pet-care',
      iconName: 'health',
      id: category.categoryId,
    });
    expect((await publicCategories()).find((listed) => listed.categoryId === category.categoryId)).toEqual(category);
    expect((await api.call('GET', '/api/images/icon-health.svg')).status).toBe(200);

    const renamed = expectAnswer(
      await send('PUT', `/api/team/categories/${category.categoryId}`, {
        categoryName: 'Pets & Vets',
        iconName: 'shopping',
      }),
      200,
      TeamCategoryResponse,
    );
    expect(renamed).toMatchObject({
      categoryId: category.categoryId,
      categoryName: 'Pets & Vets',
      slug: 'pets-vets',
      iconName: 'shopping',
    });
    expect((await publicCategories()).find((listed) => listed.categoryId === category.categoryId)).toEqual(renamed);
    const audit = await auditRows('category', category.categoryId);
    expect(audit.map((row) => row.action)).toEqual(['category.create', 'category.update']);
    expect(audit[1]).toMatchObject({
      actorUserId: team.userId,
      before: { categoryName: 'Pet Care', slug: 'pet-care', iconName: 'health' },
      after: { categoryName: 'Pets & Vets', slug: 'pets-vets', iconName: 'shopping' },
    });
  });

  it('renames a category that offers are listed in: their answers carry the new name', async () => {
    const offerId = await insertOffer(api, { categoryId: 2, header: 'Category rename check' });
    expectAnswer(
      await send('PUT', '/api/team/categories/2', { categoryName: 'Shopping & Malls', iconName: 'shopping' }),
      200,
      TeamCategoryResponse,
    );
    expect((await api.call('GET', `/api/get/offer/by/${offerId}`)).body.data[0].category).toMatchObject({
      categoryId: 2,
      categoryName: 'Shopping & Malls',
      slug: 'shopping-malls',
    });
  });

  it('refuses duplicates with 409, unknown icons and bad names with 400, unknown ids with 404', async () => {
    expectError(
      await send('POST', '/api/team/categories', { categoryName: 'PETS-VETS', iconName: 'dining' }),
      409,
      'A category with this name already exists: Pets & Vets.',
    );
    expectError(
      await send('PUT', '/api/team/categories/1', { categoryName: 'Pets & Vets', iconName: 'dining' }),
      409,
      /^A category with this name already exists/,
    );
    const badIcon = await send('POST', '/api/team/categories', { categoryName: 'Gardening', iconName: 'garden' });
    expectError(badIcon, 400, `iconName: iconName must be one of: ${CATEGORY_ICONS.join(', ')}.`);
    expectError(
      await send('POST', '/api/team/categories', { categoryName: '!!!', iconName: 'dining' }),
      400,
      /^categoryName: The name needs at least one letter/,
    );
    expectError(
      await send('POST', '/api/team/categories', { categoryName: '', iconName: 'dining' }),
      400,
      'categoryName: Give the category name.',
    );
    expectError(
      await send('PUT', '/api/team/categories/999999', { categoryName: 'Gardening', iconName: 'dining' }),
      404,
      'Category not found.',
    );
  });
});

describe('card tiers', () => {
  const tiers = async (): Promise<CardTierData[]> =>
    expectAnswer(await api.call('GET', '/api/team/card-tiers', { token: team.token }), 200, CardTiersResponse);

  it('lists the tiers in order, adds one at the end, and refuses a name the list has in any letter case', async () => {
    const before = await tiers();
    expect(before.map((tier) => tier.tierName).slice(0, 3)).toEqual(['Classic', 'Gold', 'Platinum']);
    const added = expectAnswer(
      await send('POST', '/api/team/card-tiers', { tierName: ' Black ' }),
      201,
      TeamCardTierResponse,
    );
    expect(added.tierName).toBe('Black');
    expect((await tiers()).at(-1)).toEqual(added);
    expectError(
      await send('POST', '/api/team/card-tiers', { tierName: 'PLATINUM' }),
      409,
      'A tier with this name already exists: Platinum.',
    );
    expectError(await send('POST', '/api/team/card-tiers', { tierName: '' }), 400, 'tierName: Give the tier name.');
    expectError(await send('PUT', '/api/team/card-tiers/999999', { tierName: 'Nowhere' }), 404, 'Card tier not found.');
    expect((await api.call('GET', '/api/team/card-tiers')).status).toBe(401);
    const [audit] = await auditRows('cardTier', added.tierId);
    expect(audit).toMatchObject({ action: 'cardTier.create', after: { tierName: 'Black' } });
  });

  it('renames a tier in the banks that issue it and the offers that list it, with their card names', async () => {
    const titanium = (await tiers()).find((tier) => tier.tierName === 'Titanium')!;
    const issuing = await api.handle.db
      .select()
      .from(banks)
      .where(sql`${banks.issuedCards} @> '[{"tier":"Titanium"}]'::jsonb`);
    expect(issuing.length).toBeGreaterThan(0);
    const listing = await api.handle.db
      .select({ offerId: offers.offerId })
      .from(offers)
      .where(sql`${offers.eligibility}->'cards' @> '[{"tier":"Titanium"}]'::jsonb`);
    expect(listing.length).toBeGreaterThan(0);

    expectAnswer(
      await send('PUT', `/api/team/card-tiers/${titanium.tierId}`, { tierName: 'Titanium Plus' }),
      200,
      TeamCardTierResponse,
    );
    const [bank] = await api.handle.db.select().from(banks).where(eq(banks.bankId, issuing[0]!.bankId));
    expect(bank!.issuedCards.filter((card) => card.tier === 'Titanium')).toEqual([]);
    expect(bank!.issuedCards.filter((card) => card.tier === 'Titanium Plus')).toHaveLength(
      issuing[0]!.issuedCards.filter((card) => card.tier === 'Titanium').length,
    );
    expect(bank!.cardTypes).toContain('Mastercard Titanium Plus');
    const [offer] = await api.handle.db.select().from(offers).where(eq(offers.offerId, listing[0]!.offerId));
    expect(offer!.eligibility.cards.some((card) => card.tier === 'Titanium Plus')).toBe(true);
    expect(offer!.eligibility.cards.some((card) => card.tier === 'Titanium')).toBe(false);
    const [audit] = (await auditRows('cardTier', titanium.tierId)).slice(-1);
    expect(audit).toMatchObject({
      action: 'cardTier.update',
      note: `Renamed in ${issuing.length} bank(s) and ${listing.length} offer(s).`,
    });
  });
});

describe('locations', () => {
  it('adds a location, refusing one that differs only in letter case', async () => {
    await publicLocations();
    const location = expectAnswer(
      await send('POST', '/api/team/locations', { locationName: '  Galle Fort ' }),
      201,
      TeamLocationResponse,
    );
    expect(location).toMatchObject({ locationName: 'Galle Fort', isActive: false });
    expect((await publicLocations()).find((listed) => listed.locationId === location.locationId)).toEqual(location);
    expect(await auditRows('location', location.locationId)).toMatchObject([
      { action: 'location.create', before: null, after: { locationName: 'Galle Fort' } },
    ]);
    expectError(
      await send('POST', '/api/team/locations', { locationName: 'GALLE FORT' }),
      409,
      'A location with this name already exists: Galle Fort.',
    );
    expectError(
      await send('POST', '/api/team/locations', { locationName: '' }),
      400,
      'locationName: Give the location name.',
    );
    expectError(
      await send('PUT', '/api/team/locations/999999', { locationName: 'Atlantis' }),
      404,
      'Location not found.',
    );
  });

  it('renames a location in the same transaction as the offers and profiles that name it', async () => {
    const location = expectAnswer(
      await send('POST', '/api/team/locations', { locationName: 'Kandy Lake' }),
      201,
      TeamLocationResponse,
    );
    const offerId = await insertOffer(api, {
      location: [
        { value: 'Peradeniya', isActive: false },
        { value: 'Kandy Lake', isActive: true },
      ],
    });
    expect(
      (await api.call('POST', '/api/user/location/update', { token: customer.token, body: { location: 'Kandy Lake' } }))
        .status,
    ).toBe(200);
    await api.call('GET', `/api/get/offer/by/${offerId}`); // cached before the change

    const renamed = expectAnswer(
      await send('PUT', `/api/team/locations/${location.locationId}`, { locationName: 'Kandy City' }),
      200,
      TeamLocationResponse,
    );
    expect(renamed).toEqual({ locationId: location.locationId, locationName: 'Kandy City', isActive: false });
    expect((await api.call('GET', `/api/get/offer/by/${offerId}`)).body.data[0].location).toEqual([
      { value: 'Peradeniya', isActive: false },
      { value: 'Kandy City', isActive: true },
    ]);
    expect(
      (await api.call('GET', `/api/get/user/by/${customer.userId}`, { token: customer.token })).body.data.location,
    ).toBe('Kandy City');
    const listed = (await publicLocations()).map((town) => town.locationName);
    expect(listed).toContain('Kandy City');
    expect(listed).not.toContain('Kandy Lake');
    const [, audit] = await auditRows('location', location.locationId);
    expect(audit).toMatchObject({
      action: 'location.update',
      before: { locationName: 'Kandy Lake' },
      after: { locationName: 'Kandy City' },
      note: 'Renamed in 1 offer(s) and 1 profile(s).',
    });
    // No other offer named it.
    const stillNamed = await api.handle.db
      .select({ offerId: offers.offerId })
      .from(offers)
      .where(sql`${offers.location} @> '[{"value":"Kandy Lake"}]'::jsonb`);
    expect(stillNamed).toEqual([]);

    // Offers are sent with names from the list: the new name is one, the old one no longer.
    expectError(
      await send('PUT', `/api/team/locations/${location.locationId}`, { locationName: 'galle fort' }),
      409,
      'A location with this name already exists: Galle Fort.',
    );
  });
});
