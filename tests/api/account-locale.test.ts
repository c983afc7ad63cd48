// The account's language (docs/api.md §1.2 "Language"): Accept-Language sets users.locale at
// sign-up and each sign-in, the code SMS of a request is in the request's language, and what goes
// later (reminder SMS, weekly digest, address confirmation, review decision, company activation) in the account's.
// English texts stay as they were; Sinhala and Tamil links open those languages' pages.
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../src/contract/limits.ts';
import { favorites, offerAlerts, offers, users } from '../../src/server/db/schema.ts';
import { moveMerchantStep } from '../../src/server/domain/merchant-review.ts';
import { decideOffer } from '../../src/server/domain/review.ts';
import { runDigests } from '../../src/server/jobs/digests.ts';
import { runReminders } from '../../src/server/jobs/reminders.ts';
import { createConsoleSmsProvider } from '../../src/server/services/sms.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { insertOffer } from './expectations.ts';
import { createTestApi, freshMobile, LOOPBACK_IP, STRONG_PASSWORD, TEST_SITE_URL, type TestApi } from './harness.ts';

let api: TestApi;
const db = () => api.handle.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
});
afterAll(async () => {
  await api?.close();
});

const storedLocale = async (userId: number) =>
  (await db().select({ locale: users.locale }).from(users).where(eq(users.userId, userId)))[0]!.locale;
const smsTo = async (mobileNo: string) =>
  (await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP })).body.data as {
    message: string;
    code?: string;
  }[];

/** Signs up with this Accept-Language (none when undefined) and verifies the number. */
async function signUp(acceptLanguage?: string) {
  const mobileNo = freshMobile();
  const headers: Record<string, string> = acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage };
  const created = await api.call('POST', '/api/create/new/user', {
    headers,
    body: {
      firstName: 'Nimal',
      businessName: null,
      BRno: null,
      mobileNo,
      userType: 1,
      favoriteArea: [],
      termsAndCondition: true,
      password: STRONG_PASSWORD,
    },
  });
  expect(created.status).toBe(201);
  const [sms] = await smsTo(mobileNo);
  const verified = await api.call('POST', '/api/verify/mobile', {
    headers,
    body: { otpCode: sms!.code, token: created.body.data.token },
  });
  expect(verified.status).toBe(200);
  return { mobileNo, sms: sms!, userId: created.body.data.user.userId as number, token: verified.body.token as string };
}

describe("the account's language", () => {
  it("is the sign-up request's: Sinhala stored, and the code SMS in Sinhala", async () => {
    const person = await signUp('si-LK,si;q=0.9,en;q=0.8');
    expect(await storedLocale(person.userId)).toBe('si');
    expect(person.sms.message).toBe(`${person.sms.code} යනු ඔබේ OfferLanka තහවුරු කිරීමේ කේතයයි. එය මිනිත්තු 5කින් කල් ඉකුත් වේ.`);
  });

  it('is English without Accept-Language or with one in no site language, and the code SMS as before', async () => {
    for (const header of [undefined, 'fr-FR,de;q=0.5', ';;q=x,,', 'si;q=0']) {
      const person = await signUp(header);
      expect(await storedLocale(person.userId)).toBe('en');
      expect(person.sms.message).toBe(
        `${person.sms.code} is your OfferLanka verification code. It expires in 5 minutes.`,
      );
    }
  });

  it("follows each sign-in; a code asked for without signing in is in the request's language and changes nothing", async () => {
    const person = await signUp('si');
    const signIn = (acceptLanguage: string) =>
      api.call('POST', '/api/user/authentication', {
        headers: { 'accept-language': acceptLanguage },
        body: { mobileNo: person.mobileNo, password: STRONG_PASSWORD },
      });
    expect((await signIn('ta')).status).toBe(200);
    expect(await storedLocale(person.userId)).toBe('ta');

    // A failed sign-in changes nothing.
    const wrong = await api.call('POST', '/api/user/authentication', {
      headers: { 'accept-language': 'en' },
      body: { mobileNo: person.mobileNo, password: 'Wrong-Password-1' },
    });
    expect(wrong.status).toBe(401);
    expect(await storedLocale(person.userId)).toBe('ta');

    // Forgotten password: the code comes in the page's language, the account keeps its own.
    const reset = await api.call('POST', '/api/create/new/otp/verification', {
      headers: { 'accept-language': 'si' },
      body: { mobileNo: person.mobileNo, userId: person.userId },
    });
    expect(reset.status).toBe(200);
    expect((await smsTo(person.mobileNo))[0]!.message).toMatch(/^\d{6} යනු ඔබේ OfferLanka තහවුරු කිරීමේ කේතයයි\./);
    expect(await storedLocale(person.userId)).toBe('ta');

    // A new number's code, asked for from a Tamil page.
    const newNumber = freshMobile();
    const change = await api.call('POST', '/api/request/mobile/change', {
      token: person.token,
      headers: { 'accept-language': 'ta' },
      body: { mobileNo: newNumber },
    });
    expect(change.status).toBe(200);
    expect((await smsTo(newNumber))[0]!.message).toMatch(
      /^\d{6} என்பது உங்கள் OfferLanka சரிபார்ப்புக் குறியீடு\. இது 5 நிமிடங்களில் காலாவதியாகும்\.$/,
    );

    expect((await signIn('en-GB')).status).toBe(200);
    expect(await storedLocale(person.userId)).toBe('en');
  });

  it('is only en, si or ta in the database', async () => {
    const person = await signUp();
    await expect(db().execute(sql`update users set locale = 'fr' where user_id = ${person.userId}`)).rejects.toThrow();
    expect(await storedLocale(person.userId)).toBe('en');
  });
});

describe("texts sent later, in each account's language", () => {
  it('reminder SMS: each user their own language, date and favourites link', async () => {
    const endDay = '2031-03-05';
    const offerId = await insertOffer(api, {
      header: 'Pizza Hut 25% off',
      offerEnd: new Date(`${endDay}T23:59:59.999+05:30`),
    });
    const people = { en: await signUp('en'), si: await signUp('si'), ta: await signUp('ta') };
    // A Sinhala header: the Sinhala SMS names the offer by it, the others by the English.
    await db()
      .update(offers)
      .set({ translations: { si: { header: 'පීසා හට් 25% වට්ටම්' } } })
      .where(eq(offers.offerId, offerId));
    for (const person of Object.values(people)) {
      await db().update(users).set({ reminderDaysBefore: 2 }).where(eq(users.userId, person.userId));
      await db().insert(favorites).values({ userId: person.userId, offerId });
    }
    const sms = createConsoleSmsProvider(() => {}) as ReturnType<typeof createConsoleSmsProvider> & {
      outbox: (mobileNo: string) => { message: string }[];
    };
    const result = await runReminders(
      { db: db(), sms, siteUrl: TEST_SITE_URL, apiUrl: `${TEST_SITE_URL}/api` },
      { now: new Date('2031-03-03T08:00:00+05:30') },
    );
    expect(result.sent).toBe(3);
    const message = (person: { mobileNo: string }) => sms.outbox(person.mobileNo)[0]!.message;
    const stop = `Stop: ${TEST_SITE_URL}/api/reminders/stop?token=`;
    expect(message(people.en)).toMatch(
      new RegExp(
        `^OfferLanka: Your saved offer ends on Wednesday 5 Mar: Pizza Hut 25% off\\. ${TEST_SITE_URL}/#favourites ${stop.replace(/[.?/]/g, '\\$&')}\\S+$`,
      ),
    );
    const weekday = (locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long' }).format(new Date(`${endDay}T00:00:00Z`));
    expect(message(people.si)).toMatch(/^OfferLanka: ඔබ සුරැකි දීමනාව .+ දින අවසන් වේ: පීසා හට් 25% වට්ටම්\. /);
    expect(message(people.si)).toContain(weekday('si-LK'));
    expect(message(people.si)).toContain(
      `${TEST_SITE_URL}/si#favourites නවත්වන්න: ${TEST_SITE_URL}/api/reminders/stop?token=`,
    );
    // The stop link names the language, and its page is in it.
    expect(message(people.si)).toMatch(/\?token=\S+&lang=si$/);
    expect(message(people.en)).not.toContain('lang=');
    const stopPage = await api.call('GET', /නවත්වන්න: (\S+)$/.exec(message(people.si))![1]!.slice(TEST_SITE_URL.length), {
      headers: { accept: 'text/html' },
    });
    expect(stopPage.status).toBe(200);
    expect(stopPage.body).toContain('<html lang="si">');
    expect(stopPage.body).toContain('සිහිකැඳවීම් අක්‍රියයි');
    expect(message(people.ta)).toMatch(/^OfferLanka: நீங்கள் சேமித்த சலுகை .+ அன்று முடிகிறது: Pizza Hut 25% off\. /);
    expect(message(people.ta)).toContain(weekday('ta-LK'));
    expect(message(people.ta)).toContain(
      `${TEST_SITE_URL}/ta#favourites நிறுத்த: ${TEST_SITE_URL}/api/reminders/stop?token=`,
    );
  });

  it('weekly digest and address confirmation: each user their own language, links to their pages', async () => {
    const [top] = await db()
      .select({ bankId: offers.bankId })
      .from(offers)
      .where(
        and(
          eq(offers.reviewStatus, 'accepted'),
          isNull(offers.withdrawnAt),
          or(isNull(offers.offerEnd), gte(offers.offerEnd, sql`now() + interval '2 days'`)),
        ),
      )
      .groupBy(offers.bankId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const bankId = top!.bankId;
    const readers = { en: await signUp('en'), si: await signUp('si'), ta: await signUp('ta') };
    for (const [locale, person] of Object.entries(readers)) {
      const email = `digest-${locale}@example.com`;
      expect((await api.call('POST', '/api/user/email', { token: person.token, body: { email } })).status).toBe(200);
      const confirm = api.mail.outbox(email)[0]!;
      const link = /\/api\/email\/verify\?token=(\S+)/.exec(confirm.text)![1]!;
      expect((await api.call('GET', `/api/email/verify?token=${link}`)).status).toBe(200);
      const subject = {
        en: 'Confirm your e-mail address for OfferLanka',
        si: 'OfferLanka සඳහා ඔබේ ඊමේල් ලිපිනය තහවුරු කරන්න',
        ta: 'OfferLanka-க்கான உங்கள் மின்னஞ்சல் முகவரியை உறுதிப்படுத்துங்கள்',
      }[locale];
      expect(confirm.subject).toBe(subject);
      expect(
        (
          await api.call('POST', '/api/user/alerts', {
            token: person.token,
            body: { label: 'My bank', filter: { bankIds: [bankId] } },
          })
        ).status,
      ).toBe(201);
    }
    // The alerts started yesterday; one offer of the bank was accepted since.
    const start = new Date(Date.now() - 24 * HOUR);
    await db().update(offerAlerts).set({ notifiedThrough: start });
    const [fresh] = await db()
      .select({ offerId: offers.offerId })
      .from(offers)
      .where(
        and(
          eq(offers.bankId, bankId),
          eq(offers.reviewStatus, 'accepted'),
          isNull(offers.withdrawnAt),
          or(isNull(offers.offerEnd), gte(offers.offerEnd, sql`now() + interval '2 days'`)),
        ),
      )
      .orderBy(offers.offerId)
      .limit(1);
    await db()
      .update(offers)
      .set({ reviewedAt: new Date(start.getTime() + HOUR) })
      .where(eq(offers.offerId, fresh!.offerId));

    const result = await runDigests({ db: db(), mail: api.deps.mail! }, { now: new Date() });
    expect(result.sent).toBe(3);
    const digest = (locale: string) => api.mail.outbox(`digest-${locale}@example.com`)[0]!;
    expect(digest('en').subject).toBe('1 new offer for your OfferLanka alerts');
    expect(digest('en').text).toMatch(
      /^Hello Nimal,\n\nNew offers on the lists you follow:\n\nMy bank\n- .+: http:\/\/localhost:4321\/\S+\/\d+\n {2}The list: http:\/\/localhost:4321\/\?bank=\d+\n\nYour alerts: http:\/\/localhost:4321\/console\/customer\/alerts\nUnsubscribe \(stops these e-mails and deletes your alerts\): /,
    );
    expect(digest('si').subject).toBe('ඔබේ OfferLanka දැනුම්දීම් සඳහා නව දීමනා 1ක්');
    expect(digest('si').text).toContain('ආයුබෝවන් Nimal,');
    expect(digest('si').text).toContain(`ලැයිස්තුව: ${TEST_SITE_URL}/si?bank=${bankId}`);
    expect(digest('si').text).toContain(`ඔබේ දැනුම්දීම්: ${TEST_SITE_URL}/si/console/customer/alerts`);
    expect(digest('si').text).toMatch(new RegExp(`: ${TEST_SITE_URL}/si/\\S+/${fresh!.offerId}\\n`));
    expect(digest('si').html).toContain('දායකත්වයෙන් ඉවත් වන්න</a>');
    expect(digest('ta').subject).toBe('உங்கள் OfferLanka அறிவிப்புகளுக்கு 1 புதிய சலுகை');
    expect(digest('ta').text).toContain('வணக்கம் Nimal,');
    expect(digest('ta').text).toContain(`பட்டியல்: ${TEST_SITE_URL}/ta?bank=${bankId}`);
    expect(digest('ta').html).toContain('குழுவிலகு</a>');
  });

  it("the pages of the e-mails' links: in the language the link names, else the browser's; English as before", async () => {
    const person = await signUp('ta');
    expect(
      (await api.call('POST', '/api/user/email', { token: person.token, body: { email: 'link-page-ta@example.com' } }))
        .status,
    ).toBe(200);
    const link = /(\/api\/email\/verify\?\S+)/.exec(api.mail.outbox('link-page-ta@example.com')[0]!.text)![1]!;
    expect(link).toMatch(/&lang=ta$/);
    const confirmed = await api.call('GET', link, { headers: { accept: 'text/html' } });
    expect(confirmed.body).toContain('<html lang="ta">');
    expect(confirmed.body).toContain('முகவரி உறுதிசெய்யப்பட்டது');
    expect(confirmed.body).toContain('/ta/console/customer/alerts');

    const broken = (headers: Record<string, string>, query = '') =>
      api.call('GET', `/api/email/verify?token=nonsense${query}`, { headers: { accept: 'text/html', ...headers } });
    const sinhala = await broken({ 'accept-language': 'si-LK' });
    expect([
      sinhala.status,
      sinhala.body.includes('<html lang="si">'),
      sinhala.body.includes('මෙම සබැඳිය ක්‍රියා නොකරයි'),
    ]).toEqual([400, true, true]);
    const named = await broken({ 'accept-language': 'si-LK' }, '&lang=ta');
    expect(named.body).toContain('இந்த இணைப்பு வேலை செய்யவில்லை');
    const english = await broken({}, '&lang=xx');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('This link does not work');

    const unsubscribe = await api.call('GET', '/api/email/unsubscribe?token=nonsense&lang=si', {
      headers: { accept: 'text/html' },
    });
    expect(unsubscribe.body).toContain('<html lang="si">');
  });

  it("review decision SMS: in the merchant account's language", async () => {
    const merchant = await signUp('ta');
    const { user: team } = await createOrPromoteTeamMember(db(), {
      mobileNo: freshMobile(),
      firstName: 'Tharushi',
      password: STRONG_PASSWORD,
    });
    const offerId = await insertOffer(api, {
      header: 'Lanka Spice 20% off',
      reviewStatus: 'pending',
      ownerUserId: merchant.userId,
    });
    const sms = createConsoleSmsProvider(() => {}) as ReturnType<typeof createConsoleSmsProvider> & {
      outbox: (mobileNo: string) => { message: string }[];
    };
    await decideOffer(db(), sms, team.userId, offerId, 'accept');
    expect(sms.outbox(merchant.mobileNo)[0]!.message).toBe(
      'OfferLanka: உங்கள் சலுகை "Lanka Spice 20% off" ஏற்கப்பட்டு இப்போது வெளியிடப்பட்டுள்ளது.',
    );
  });

  it("company activation SMS: in the merchant account's language", async () => {
    const merchant = await signUp('si');
    await db().update(users).set({ userType: USER_TYPES.merchant }).where(eq(users.userId, merchant.userId));
    const { user: team } = await createOrPromoteTeamMember(db(), {
      mobileNo: freshMobile(),
      firstName: 'Tharushi',
      password: STRONG_PASSWORD,
    });
    const sms = createConsoleSmsProvider(() => {}) as ReturnType<typeof createConsoleSmsProvider> & {
      outbox: (mobileNo: string) => { message: string }[];
    };
    await moveMerchantStep(db(), sms, team.userId, merchant.userId, 'activated', 'Documents checked.');
    expect(sms.outbox(merchant.mobileNo)[0]!.message).toBe(
      'OfferLanka: ඔබේ සමාගම දැන් සක්‍රියයි. ඔබේ වෙළෙන්දාගේ කොන්සෝලයෙන් සමාලෝචනය සඳහා දීමනා යැවිය හැක.',
    );
  });
});
