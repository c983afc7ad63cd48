// API tests for the accounts routes (src/server/routes/accounts.ts): sign-up, sign-in, one-time codes,
// password change, mobile change, sessions, profile and tags, plus the demo host's user call.
// Every call goes through HTTP; the database is only touched to set up states the API cannot reach
// on its own (a team block, an expired code or token) and to check what is stored.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import {
  CodeBlockedResponse,
  CodeSentResponse,
  CreateUserResponse,
  ErrorResponse,
  PASSWORD_MAX,
  SessionResponse,
  SignInResponse,
  User,
} from '../../src/contract/index.ts';
import { SmsOutboxEntry } from '../../src/contract/site-responses.ts';
import { OFFER_MESSAGES } from '../../src/contract/offer-form.ts';
import { oneTimeCodes, sessions, users } from '../../src/server/db/schema.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import { createTestApi, freshMobile, STRONG_PASSWORD, type TestApi, LOOPBACK_IP } from './harness.ts';

type Res = Awaited<ReturnType<TestApi['call']>>;

const MINUTE = 60_000;
const HUGE = 'x'.repeat(100_000);
const SQL = "1' OR '1'='1";
const SCRIPT = '<script>alert(1)</script>';
/** The exact User shape: the contract's fields and nothing more (no password hash, no counters). */
const ExactUser = v.strictObject(User.entries);
const DataUser = v.object({ status: v.literal(true), data: ExactUser });

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

// Rate limits are per IP: every account gets its own address so the tests never trip over each other.
let ipCounter = 0;
const nextIp = () => {
  const n = ipCounter++;
  return n < 250 ? `198.51.100.${n + 1}` : `203.0.113.${10 + ((n - 250) % 240)}`;
};

interface Account {
  mobileNo: string;
  password: string;
  firstName: string;
  ip: string;
  userId: number;
  verifyToken: string;
}
interface VerifiedAccount extends Account {
  token: string;
}

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nimal',
  businessName: null,
  BRno: null,
  mobileNo: freshMobile(),
  userType: 1,
  favoriteArea: [],
  termsAndCondition: true,
  password: STRONG_PASSWORD,
  ...overrides,
});

async function signUp(overrides: Record<string, unknown> = {}): Promise<Account & { created: Res }> {
  const ip = nextIp();
  const body = signUpBody(overrides);
  const created = await api.call('POST', '/api/create/new/user', { body, ip });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return {
    mobileNo: body.mobileNo as string,
    password: body.password as string,
    firstName: body.firstName as string,
    ip,
    userId: created.body.data.user.userId,
    verifyToken: created.body.data.token,
    created,
  };
}

const outbox = async (mobileNo: string) => {
  const res = await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP });
  expect(res.status).toBe(200);
  return res.body.data as Array<{ mobileNo: string; message: string; code: string; sentAt: string }>;
};
const codeFor = async (mobileNo: string) => {
  const [latest] = await outbox(mobileNo);
  expect(latest, `no code was sent to ${mobileNo}`).toBeDefined();
  return latest!.code;
};
/** A code of the right form that is surely not the one sent. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const verify = (otpCode: unknown, token: string, ip: string) =>
  api.call('POST', '/api/verify/mobile', { body: { otpCode, token }, ip });

async function signUpVerified(overrides: Record<string, unknown> = {}): Promise<VerifiedAccount> {
  const account = await signUp(overrides);
  const verified = await verify(await codeFor(account.mobileNo), account.verifyToken, account.ip);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...account, token: verified.body.token };
}

const signIn = (account: { mobileNo: string; ip: string }, password: string, ip = account.ip) =>
  api.call('POST', '/api/user/authentication', { body: { mobileNo: account.mobileNo, password }, ip });
const resend = (account: { mobileNo: string; userId: number; ip: string }) =>
  api.call('POST', '/api/resend/verification/otp', {
    body: { userId: account.userId, mobileNo: account.mobileNo, token: null },
    ip: account.ip,
  });
const requestCode = (account: { mobileNo: string; userId: number; ip: string }) =>
  api.call('POST', '/api/create/new/otp/verification', {
    body: { verificationType: 'MOBILE', token: null, mobileNo: account.mobileNo, userId: account.userId },
    ip: account.ip,
  });
const getUser = (userId: number | string, token?: string) => api.call('GET', `/api/get/user/by/${userId}`, { token });
const validate = (token: string) => api.call('GET', `/api/session/validate/${encodeURIComponent(token)}`);

const userRow = async (userId: number) =>
  (await api.handle.db.select().from(users).where(eq(users.userId, userId)))[0]!;
const blockAccount = (userId: number) =>
  api.handle.db.update(users).set({ isAccountBlock: true }).where(eq(users.userId, userId));
const expireToken = (token: string) =>
  api.handle.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - MINUTE) })
    .where(eq(sessions.tokenHash, hashToken(token)));

function expectError(res: Res, status: number, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect(v.safeParse(ErrorResponse, res.body).issues).toBeUndefined();
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
}
/** Bad input: 400 with `{ status: false, message, issues }`. */
function expectInvalid(res: Res, message?: string | RegExp) {
  expectError(res, 400, message);
  expect(res.body.issues.length).toBeGreaterThan(0);
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A validation message names the field: `path: message`. */
const fieldMessage = (path: string, message: string) => new RegExp(`^${escape(path)}: ${escape(message)}$`);

// ---------------------------------------------------------------------------------------------

describe('GET /api/find/existing/user/by/{mobile}', () => {
  it('finds a verified account and tells whether it may sign in with a password', async () => {
    const account = await signUpVerified();
    const res = await api.call('GET', `/api/find/existing/user/by/${account.mobileNo}`, { ip: account.ip });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: true,
      isFound: true,
      data: { userId: account.userId, userType: 1, isMobileVerification: true, isAccountBlock: false },
    });
  });

  it('reports an unverified and a team-blocked account as such', async () => {
    const unverified = await signUp();
    const found = await api.call('GET', `/api/find/existing/user/by/${unverified.mobileNo}`, { ip: unverified.ip });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      userId: unverified.userId,
      isMobileVerification: false,
      isAccountBlock: false,
    });

    await blockAccount(unverified.userId);
    const blocked = await api.call('GET', `/api/find/existing/user/by/${unverified.mobileNo}`, { ip: unverified.ip });
    expect(blocked.body.data.isAccountBlock).toBe(true);
  });

  it('answers 404 with isFound false for an unknown number', async () => {
    const res = await api.call('GET', `/api/find/existing/user/by/${freshMobile()}`, { ip: nextIp() });
    expectError(res, 404);
    expect(res.body.isFound).toBe(false);
  });

  it.each([
    ['8 digits', '77123456'],
    ['10 digits', '7712345678'],
    ['letters', 'abcdefghi'],
    ['another country code', '+447712345678'],
    ['a digit missing', '077123456'],
    ['SQL', SQL],
    ['a script', SCRIPT],
    ['100k characters', HUGE],
  ])('refuses %s with 400', async (_name, value) => {
    const res = await api.call('GET', `/api/find/existing/user/by/${encodeURIComponent(value)}`, { ip: nextIp() });
    expectInvalid(res, fieldMessage('value', ERROR_CODES.invalid_mobile_no));
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/create/new/user', () => {
  it('creates an unverified customer, answers {status, data:{token, user}} and texts a 6-digit code', async () => {
    const body = signUpBody({ firstName: 'Kumari', favoriteArea: [2, 1, 2] });
    const ip = nextIp();
    const res = await api.call('POST', '/api/create/new/user', { body, ip });
    expect(res.status).toBe(201);
    expect(v.safeParse(CreateUserResponse, res.body).issues).toBeUndefined();
    expect(v.safeParse(ExactUser, res.body.data.user).issues).toBeUndefined();
    expect(res.body.data.user).toMatchObject({
      userType: 1,
      firstName: 'Kumari',
      mobileNo: body.mobileNo,
      isMobileVerification: false,
      isAccountBlock: false,
      tags: [2, 1],
      favoriteArea: [2, 1],
      favorites: [],
    });
    expect(res.body.attempt).toBe(0);

    const sent = await outbox(body.mobileNo);
    expect(sent).toHaveLength(1);
    expect(v.safeParse(SmsOutboxEntry, sent[0]).issues).toBeUndefined();
    expect(sent[0]!.code).toMatch(/^\d{6}$/);
    expect(sent[0]!.message).toContain(sent[0]!.code);

    // The token only allows finishing verification: it is not a session.
    expect((await validate(res.body.data.token)).status).toBe(401);
    expect((await getUser(res.body.data.user.userId, res.body.data.token)).status).toBe(401);
  });

  it('stores the password as an argon2id hash (19 MiB, 2 iterations), never in plain text', async () => {
    const account = await signUp();
    const row = await userRow(account.userId);
    expect(row.passwordHash).not.toContain(account.password);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/);
    const [, memory, iterations] = row.passwordHash.match(/m=(\d+),t=(\d+)/)!;
    expect(Number(memory)).toBeGreaterThanOrEqual(19_456);
    expect(Number(iterations)).toBeGreaterThanOrEqual(2);
    expect(row.termsAccepted).toBe(true);
  });

  it('accepts userType "1" as a string and stores it as the number 1', async () => {
    const account = await signUp({ userType: '1' });
    expect(account.created.body.data.user.userType).toBe(1);
    expect((await userRow(account.userId)).userType).toBe(1);
  });

  it.each([[2], ['2']])('refuses the merchant type %j: merchant sign-up is closed', async (userType) => {
    const body = signUpBody({ userType });
    const res = await api.call('POST', '/api/create/new/user', { body, ip: nextIp() });
    expectError(res, 400, ERROR_CODES.merchant_sign_up_closed);
    const lookup = await api.call('GET', `/api/find/existing/user/by/${body.mobileNo}`, { ip: nextIp() });
    expect(lookup.status).toBe(404);
    expect(await outbox(body.mobileNo)).toHaveLength(0);
  });

  it.each([[0], [3], ['customer'], [null], [1.5], [{ type: 1 }]])('refuses userType %j with 400', async (userType) => {
    const res = await api.call('POST', '/api/create/new/user', { body: signUpBody({ userType }), ip: nextIp() });
    expectInvalid(res, /^userType: /);
  });

  it('refuses a password that passes the rules but that zxcvbn scores as weak', async () => {
    for (const password of ['Password1', 'Abcd1234', 'Qwerty123']) {
      const body = signUpBody({ password });
      const res = await api.call('POST', '/api/create/new/user', { body, ip: nextIp() });
      expectError(res, 400, ERROR_CODES.password_too_weak);
      expect((await api.call('GET', `/api/find/existing/user/by/${body.mobileNo}`, { ip: nextIp() })).status).toBe(404);
    }
  });

  it("refuses a password built from the user's own name and number", async () => {
    const mobileNo = freshMobile();
    const res = await api.call('POST', '/api/create/new/user', {
      body: signUpBody({ mobileNo, firstName: 'Nimal', password: `Nimal${mobileNo}` }),
      ip: nextIp(),
    });
    expectError(res, 400, ERROR_CODES.password_too_weak);
  });

  it.each([
    ['8 digits', '77123456'],
    ['10 digits', '7712345678'],
    ['letters', '77a234567'],
    ['another country code', '+447712345678'],
    ['a digit missing', '077123456'],
    ['a number instead of text', 771234567],
  ])('§5 mobile: refuses %s', async (_name, mobileNo) => {
    const res = await api.call('POST', '/api/create/new/user', { body: signUpBody({ mobileNo }), ip: nextIp() });
    expectInvalid(res, /^mobileNo: /);
    if (typeof mobileNo === 'string') expect(res.body.message).toBe(`mobileNo: ${ERROR_CODES.invalid_mobile_no}`);
  });

  it('§5 mobile: trims surrounding spaces and stores the 9 digits', async () => {
    const mobileNo = freshMobile();
    const res = await api.call('POST', '/api/create/new/user', {
      body: signUpBody({ mobileNo: `  ${mobileNo} ` }),
      ip: nextIp(),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.user.mobileNo).toBe(mobileNo);
  });

  it.each([
    ['digits', 'Nimal2', ERROR_CODES.invalid_first_name],
    ['symbols', 'N!mal', ERROR_CODES.invalid_first_name],
    ['a script tag', SCRIPT, ERROR_CODES.invalid_first_name],
    ['SQL', SQL, ERROR_CODES.invalid_first_name],
    ['empty', '', ERROR_CODES.required],
    ['only spaces', '   ', ERROR_CODES.required],
    ['51 letters', 'a'.repeat(51), 'At most 50 characters.'],
  ])('§5 first name: refuses %s', async (_name, firstName, message) => {
    const res = await api.call('POST', '/api/create/new/user', { body: signUpBody({ firstName }), ip: nextIp() });
    expectInvalid(res, fieldMessage('firstName', message));
  });

  it('§5 first name: accepts letters with spaces, dots, apostrophes and hyphens, and accented letters', async () => {
    const account = await signUp({ firstName: "Anne-Marie D'Silva Jr. Zoë" });
    expect(account.created.body.data.user.firstName).toBe("Anne-Marie D'Silva Jr. Zoë");
  });

  it('§5 first name: accepts names in Sinhala and Tamil script, whose vowel signs are marks', async () => {
    for (const firstName of ['සුනිල්', 'குமார்']) {
      const account = await signUp({ firstName });
      expect(account.created.body.data.user.firstName).toBe(firstName);
    }
  });

  it.each([
    ['7 characters', 'Kandy-1'],
    ['no upper-case letter', 'kandy-lake-sunset-42'],
    ['no lower-case letter', 'KANDY-LAKE-SUNSET-42'],
    ['no digit', 'Kandy-Lake-Sunset-Road'],
    ['65 characters', `Kandy-Lake-${'q'.repeat(PASSWORD_MAX - 13)}42`.padEnd(PASSWORD_MAX + 1, 'z')],
    ['empty', ''],
  ])('§5 password: refuses %s', async (_name, password) => {
    if (_name === '65 characters') expect(password).toHaveLength(65);
    const res = await api.call('POST', '/api/create/new/user', { body: signUpBody({ password }), ip: nextIp() });
    expectInvalid(res, fieldMessage('password', ERROR_CODES.password_rules));
  });

  it('§5 password: accepts exactly 64 characters, and 9 random ones', async () => {
    const long = `Galle-Fort-9-${'Ramparts'.repeat(6)}`.padEnd(PASSWORD_MAX, '!');
    expect(long).toHaveLength(64);
    expect(/[a-z]/.test(long) && /[A-Z]/.test(long) && /\d/.test(long)).toBe(true);
    const longAccount = await signUpVerified({ password: long });
    expect((await signIn(longAccount, long)).status).toBe(200);
    // zxcvbn caps an 8-character guess count at 10^8 (score 2), so with minimum strength 3 the
    // shortest password that can pass has 9 characters.
    const short = await signUp({ password: 'q7#Vx!2kL' });
    expect(short.created.status).toBe(201);
  });

  it.each([[false], ['true'], [1], [null]])('§5 terms: refuses termsAndCondition %j', async (termsAndCondition) => {
    const res = await api.call('POST', '/api/create/new/user', {
      body: signUpBody({ termsAndCondition }),
      ip: nextIp(),
    });
    expectInvalid(res, /^termsAndCondition: The terms must be accepted$/);
  });

  it('§5 terms: refuses a payload without termsAndCondition', async () => {
    const { termsAndCondition: _omit, ...body } = signUpBody();
    const res = await api.call('POST', '/api/create/new/user', { body, ip: nextIp() });
    expectInvalid(res, /^termsAndCondition: /);
  });

  it('answers 409 with the exact message for a number that is already registered, and keeps the first account', async () => {
    const first = await signUpVerified();
    const res = await api.call('POST', '/api/create/new/user', {
      body: signUpBody({ mobileNo: first.mobileNo, firstName: 'Intruder', password: 'Other-Strong-Pass-77' }),
      ip: nextIp(),
    });
    expectError(res, 409, ERROR_CODES.already_registered);
    expect(res.body.isFound).toBe(true);
    expect((await signIn(first, first.password)).status).toBe(200);
    expect((await userRow(first.userId)).firstName).toBe('Nimal');
  });

  it('lets only one of two simultaneous sign-ups with the same number through (409, never 500)', async () => {
    const mobileNo = freshMobile();
    const results = await Promise.all(
      [1, 2].map(() => api.call('POST', '/api/create/new/user', { body: signUpBody({ mobileNo }), ip: nextIp() })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(ERROR_CODES.already_registered);
    const rows = await api.handle.db.select().from(users).where(eq(users.mobileNo, mobileNo));
    expect(rows).toHaveLength(1);
  });

  it('does not leave an account behind when the number may not receive a code (send limit reached)', async () => {
    // Another account asks four times for a mobile-change code to a free number: that number's send
    // limit is then used up for 24 hours. Signing up with it must not create an account that can
    // never be verified (and whose number could then never be registered again).
    const owner = await signUpVerified();
    const target = freshMobile();
    for (let i = 0; i < 4; i++) {
      const res = await api.call('POST', '/api/request/mobile/change', {
        body: { mobileNo: target },
        token: owner.token,
        ip: owner.ip,
      });
      expect(res.status).toBe(200);
      expect(res.body.attempt).toBe(i);
    }
    const res = await api.call('POST', '/api/create/new/user', {
      body: signUpBody({ mobileNo: target }),
      ip: nextIp(),
    });
    expectError(res, 429);
    expect(res.body.attempt).toBe(4);
    expect(await api.handle.db.select().from(users).where(eq(users.mobileNo, target))).toHaveLength(0);
    const lookup = await api.call('GET', `/api/find/existing/user/by/${target}`, { ip: nextIp() });
    expect(lookup.status).toBe(404);
  });

  it('answers 502 (not 500) when the SMS gateway fails, and the number can sign up again afterwards', async () => {
    const body = signUpBody();
    const send = api.sms.send;
    const errorLog = console.error;
    api.sms.send = async () => {
      throw new Error('gateway down');
    };
    console.error = () => {};
    let res: Res;
    try {
      res = await api.call('POST', '/api/create/new/user', { body, ip: nextIp() });
    } finally {
      api.sms.send = send;
      console.error = errorLog;
    }
    expectError(res, 502);
    expect(await api.handle.db.select().from(users).where(eq(users.mobileNo, body.mobileNo))).toHaveLength(0);
    const retry = await api.call('POST', '/api/create/new/user', { body, ip: nextIp() });
    expect(retry.status).toBe(201);
    expect(retry.body.attempt).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('mobile numbers as people type them', () => {
  const national = (mobileNo: string) => `0${mobileNo.slice(0, 2)} ${mobileNo.slice(2, 5)} ${mobileNo.slice(5)}`;
  const international = (mobileNo: string) =>
    `+94 ${mobileNo.slice(0, 2)} ${mobileNo.slice(2, 5)} ${mobileNo.slice(5)}`;

  it('every route reads 077 123 4567, +94 77 123 4567 and 0771234567 as the same 9 digits', async () => {
    const mobileNo = freshMobile();
    const ip = nextIp();
    const created = await api.call('POST', '/api/create/new/user', {
      body: signUpBody({ mobileNo: national(mobileNo) }),
      ip,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.user.mobileNo).toBe(mobileNo);
    expect(
      (await api.call('GET', `/api/dev/sms-outbox/${encodeURIComponent(international(mobileNo))}`, { ip: LOOPBACK_IP }))
        .body.data,
    ).toHaveLength(1);
    const verified = await verify(await codeFor(mobileNo), created.body.data.token, ip);
    expect(verified.status).toBe(200);

    const found = await api.call('GET', `/api/find/existing/user/by/0${mobileNo}`, { ip });
    expect(found.body.data).toMatchObject({ userId: created.body.data.user.userId });
    const signedIn = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: international(mobileNo), password: STRONG_PASSWORD },
      ip,
    });
    expect(signedIn.status).toBe(200);
    const code = await api.call('POST', '/api/create/new/otp/verification', {
      body: { mobileNo: `0094${mobileNo}` },
      ip,
    });
    expect(code.status).toBe(200);
  });

  it("a number with a digit missing is refused, never stored as another number ('077123456' is not 77123456x)", async () => {
    const res = await api.call('POST', '/api/create/new/user', {
      body: signUpBody({ mobileNo: '077123456' }),
      ip: nextIp(),
    });
    expectInvalid(res, fieldMessage('mobileNo', ERROR_CODES.invalid_mobile_no));
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/user/authentication', () => {
  let account: VerifiedAccount;
  beforeAll(async () => {
    account = await signUpVerified();
  });

  it('signs in with {status:true, data:user, token} and stores the token only as a hash', async () => {
    const res = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: account.mobileNo, password: account.password, userId: account.userId },
      ip: account.ip,
    });
    expect(res.status).toBe(200);
    expect(v.safeParse(SignInResponse, res.body).issues).toBeUndefined();
    expect(v.safeParse(ExactUser, res.body.data).issues).toBeUndefined();
    expect(res.body.data).toMatchObject({
      userId: account.userId,
      mobileNo: account.mobileNo,
      isMobileVerification: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|password/i);

    const token: string = res.body.token;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const expiresIn = new Date(res.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 86_400_000);

    const stored = await api.handle.db.select().from(sessions).where(eq(sessions.userId, account.userId));
    expect(stored.some((row) => row.tokenHash === hashToken(token) && row.scope === 'session')).toBe(true);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect((await validate(token)).status).toBe(200);
  });

  it('issues a new token at every sign-in, and both stay valid', async () => {
    const first = await signIn(account, account.password);
    const second = await signIn(account, account.password);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.token).not.toBe(second.body.token);
    expect((await validate(first.body.token)).status).toBe(200);
    expect((await validate(second.body.token)).status).toBe(200);
  });

  it('answers a wrong password and an unknown number with the same 401', async () => {
    const wrong = await signIn(account, 'Wrong-Password-123');
    const unknown = await signIn({ mobileNo: freshMobile(), ip: account.ip }, account.password);
    expectError(wrong, 401, ERROR_CODES.invalid_login);
    expectError(unknown, 401, ERROR_CODES.invalid_login);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.token).toBeUndefined();
  });

  it('refuses an unverified account with 403 and no token', async () => {
    const unverified = await signUp();
    const res = await signIn(unverified, unverified.password);
    expectError(res, 403);
    expect(res.body.isMobileVerification).toBe(false);
    expect(res.body.token).toBeUndefined();
    // A wrong password for it is still just an invalid login.
    expectError(await signIn(unverified, 'Wrong-Password-123'), 401, ERROR_CODES.invalid_login);
  });

  it('refuses a team-blocked account with 403 and the blocked message, and ends its sessions', async () => {
    const blocked = await signUpVerified();
    await blockAccount(blocked.userId);
    const res = await signIn(blocked, blocked.password);
    expectError(res, 403, ERROR_CODES.account_blocked);
    expect(res.body.isAccountBlock).toBe(true);
    expect(res.body.token).toBeUndefined();
    // The token it held before the block no longer works.
    expectError(await getUser(blocked.userId, blocked.token), 403, ERROR_CODES.account_blocked);
    expect((await validate(blocked.token)).status).toBe(401);
    // A wrong password does not even reveal the block.
    expectError(await signIn(blocked, 'Wrong-Password-123'), 401, ERROR_CODES.invalid_login);
  });

  it('rejects a 65-character password with 400 before checking it, and a 64-character wrong one with 401', async () => {
    const tooLong = await signIn(account, 'A1a'.padEnd(PASSWORD_MAX + 1, 'b'));
    expectInvalid(tooLong, fieldMessage('password', ERROR_CODES.invalid_login));
    expectError(await signIn(account, 'A1a'.padEnd(PASSWORD_MAX, 'b')), 401, ERROR_CODES.invalid_login);
  });

  it.each([
    ['no password', { mobileNo: '771234567' }, /^password: /],
    ['an empty password', { mobileNo: '771234567', password: '' }, fieldMessage('password', ERROR_CODES.required)],
    ['a password as a number', { mobileNo: '771234567', password: 12345678 }, /^password: /],
    ['a password as an object', { mobileNo: '771234567', password: { $ne: '' } }, /^password: /],
    ['a mobile as an object', { mobileNo: { $gt: '' }, password: 'x' }, /^mobileNo: /],
    [
      'an invalid mobile',
      { mobileNo: '7712', password: 'Kandy-Lake-1' },
      fieldMessage('mobileNo', ERROR_CODES.invalid_mobile_no),
    ],
    ['a SQL mobile', { mobileNo: SQL, password: SQL }, fieldMessage('mobileNo', ERROR_CODES.invalid_mobile_no)],
  ])('refuses %s with 400', async (_name, body, message) => {
    expectInvalid(await api.call('POST', '/api/user/authentication', { body, ip: nextIp() }), message);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/create/new/otp/verification', () => {
  it("sends a code to a verified account's number and answers a verify token", async () => {
    const account = await signUpVerified();
    const before = (await outbox(account.mobileNo)).length;
    const res = await requestCode(account);
    expect(res.status).toBe(200);
    expect(v.safeParse(CodeSentResponse, res.body).issues).toBeUndefined();
    expect(res.body).toMatchObject({ status: true, attempt: 0, expiresInSeconds: 300 });
    const sent = await outbox(account.mobileNo);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]!.code).toMatch(/^\d{6}$/);
    // The token is not a session until the code comes back.
    expect((await validate(res.body.token)).status).toBe(401);
    const verified = await verify(sent[0]!.code, res.body.token, account.ip);
    expect(verified.status).toBe(200);
    expect((await validate(verified.body.token)).status).toBe(200);
  });

  it('defaults verificationType to MOBILE and refuses any other', async () => {
    const account = await signUpVerified();
    const ok = await api.call('POST', '/api/create/new/otp/verification', {
      body: { mobileNo: account.mobileNo },
      ip: account.ip,
    });
    expect(ok.status).toBe(200);
    const email = await api.call('POST', '/api/create/new/otp/verification', {
      body: { verificationType: 'EMAIL', mobileNo: account.mobileNo },
      ip: account.ip,
    });
    expectInvalid(email, /^verificationType: /);
  });

  it('answers 404 with isFound false for an unknown number, and texts nobody', async () => {
    const mobileNo = freshMobile();
    const res = await api.call('POST', '/api/create/new/otp/verification', {
      body: { verificationType: 'MOBILE', mobileNo },
      ip: nextIp(),
    });
    expectError(res, 404);
    expect(res.body.isFound).toBe(false);
    expect(await outbox(mobileNo)).toHaveLength(0);
  });

  it('refuses a team-blocked account with 403 and sends nothing', async () => {
    const account = await signUpVerified();
    await blockAccount(account.userId);
    const before = (await outbox(account.mobileNo)).length;
    expectError(await requestCode(account), 403, ERROR_CODES.account_blocked);
    expect(await outbox(account.mobileNo)).toHaveLength(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/resend/verification/otp', () => {
  it('numbers resends 1, 2, 3; the 4th answers 429 {status:false, attempt:4} and blocks the unverified account', async () => {
    const account = await signUp();
    for (const attempt of [1, 2, 3]) {
      const res = await resend(account);
      expect(res.status).toBe(200);
      expect(v.safeParse(CodeSentResponse, res.body).issues).toBeUndefined();
      expect(res.body.attempt).toBe(attempt);
    }
    expect(await outbox(account.mobileNo)).toHaveLength(4);
    const lastCode = await codeFor(account.mobileNo);

    const fourth = await resend(account);
    expect(fourth.status).toBe(429);
    expect(v.safeParse(CodeBlockedResponse, fourth.body).issues).toBeUndefined();
    expect(fourth.body).toMatchObject({ status: false, attempt: 4 });
    expect(fourth.body.message).toMatch(/blocked/i);
    expect(await outbox(account.mobileNo)).toHaveLength(4);
    const blockedUntil = (await userRow(account.userId)).codeBlockedUntil!;
    expect(blockedUntil.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    // Code sending stays shut, by either route.
    const again = await resend(account);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ status: false, attempt: 4 });
    expect((await requestCode(account)).status).toBe(429);
    expect(await outbox(account.mobileNo)).toHaveLength(4);

    // The unverified account cannot finish verifying, even with the right (still unexpired) code.
    const verified = await verify(lastCode, account.verifyToken, account.ip);
    expectError(verified, 403);
    expect(verified.body.attempt).toBe(4);
    expect(verified.body.token).toBeUndefined();
    expect((await userRow(account.userId)).isMobileVerification).toBe(false);
    expectError(await signIn(account, account.password), 403);
  });

  it('does not lock a verified account out: past the resend limit it still signs in with its password', async () => {
    const account = await signUpVerified();
    // Verifying reset the count: 0..3 pass, the next one blocks code sending.
    for (const attempt of [0, 1, 2, 3]) expect((await resend(account)).body.attempt).toBe(attempt);
    const blocked = await resend(account);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: false, attempt: 4 });
    expect((await requestCode(account)).status).toBe(429);

    const res = await signIn(account, account.password);
    expect(res.status).toBe(200);
    expect(v.safeParse(SignInResponse, res.body).issues).toBeUndefined();
    expect((await getUser(account.userId, account.token)).status).toBe(200);
  });

  it("sign-in's code for an unverified number starts a code entry: it is attempt 0, then 3 resends pass and only the 4th blocks", async () => {
    // Signed up (code 1), left, back through sign-in: its automatic code is not a resend (spec §4: 3 resends per visit).
    const account = await signUp();
    const first = await requestCode(account);
    expect(first.status).toBe(200);
    expect(first.body.attempt).toBe(0);
    for (const attempt of [1, 2, 3]) {
      const res = await resend(account);
      expect(res.status, `resend ${attempt}`).toBe(200);
      expect(res.body.attempt).toBe(attempt);
    }
    expect(await outbox(account.mobileNo)).toHaveLength(5);
    const fourth = await resend(account);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ status: false, attempt: 4 });
    expect((await userRow(account.userId)).codeBlockedUntil!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await requestCode(account)).status).toBe(429); // a new entry cannot start while blocked
    expect(await outbox(account.mobileNo)).toHaveLength(5);
  });

  it('a number gets at most 10 codes in 24 hours, however many code entries start', async () => {
    const account = await signUp(); // code 1
    for (let code = 2; code <= 10; code++) expect((await requestCode(account)).status, `code ${code}`).toBe(200);
    const eleventh = await requestCode(account);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ status: false, attempt: 4 });
    expect(await outbox(account.mobileNo)).toHaveLength(10);
  });

  it('replaces the previous code: only the latest one verifies', async () => {
    const account = await signUp();
    const first = await codeFor(account.mobileNo);
    expect((await resend(account)).status).toBe(200);
    const second = await codeFor(account.mobileNo);
    expect(second).not.toBe(first);
    expectError(await verify(first, account.verifyToken, account.ip), 400);
    expect((await verify(second, account.verifyToken, account.ip)).status).toBe(200);
  });

  it('answers 404 for an unknown number or a userId that does not own the number', async () => {
    const account = await signUp();
    const other = await signUp();
    const unknown = await api.call('POST', '/api/resend/verification/otp', {
      body: { mobileNo: freshMobile() },
      ip: account.ip,
    });
    expectError(unknown, 404);
    expect(unknown.body.isFound).toBe(false);
    const mismatch = await api.call('POST', '/api/resend/verification/otp', {
      body: { mobileNo: account.mobileNo, userId: other.userId },
      ip: account.ip,
    });
    expectError(mismatch, 404);
    expect(await outbox(account.mobileNo)).toHaveLength(1);
  });

  it('refuses a team-blocked account with 403', async () => {
    const account = await signUp();
    await blockAccount(account.userId);
    expectError(await resend(account), 403, ERROR_CODES.account_blocked);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/verify/mobile', () => {
  it('verifies the number, signs in and uses up the verify token', async () => {
    const account = await signUp();
    const code = await codeFor(account.mobileNo);
    const res = await verify(code, account.verifyToken, account.ip);
    expect(res.status).toBe(200);
    expect(v.safeParse(SignInResponse, res.body).issues).toBeUndefined();
    expect(res.body.data.isMobileVerification).toBe(true);
    expect((await validate(res.body.token)).status).toBe(200);
    expect((await userRow(account.userId)).isMobileVerification).toBe(true);
    // The verify token was for this one verification.
    expectError(await verify(code, account.verifyToken, account.ip), 401);
  });

  it('accepts the code as a number too (a code with a leading zero only as text)', async () => {
    const account = await signUp();
    const code = await codeFor(account.mobileNo);
    if (code.startsWith('0')) {
      // As a number the leading zero is lost: that is not a 6-digit code.
      expectInvalid(
        await verify(Number(code), account.verifyToken, account.ip),
        fieldMessage('otpCode', ERROR_CODES.invalid_code),
      );
      expect((await verify(code, account.verifyToken, account.ip)).status).toBe(200);
    } else {
      expect((await verify(Number(code), account.verifyToken, account.ip)).status).toBe(200);
    }
  });

  it('answers a wrong code with 400 and the attempts left; 5 wrong tries use the code up', async () => {
    const account = await signUp();
    const code = await codeFor(account.mobileNo);
    const wrong = wrongCodeFor(code);
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const res = await verify(wrong, account.verifyToken, account.ip);
      expectError(res, 400, ERROR_CODES.wrong_code);
      expect(res.body.attemptsLeft).toBe(attemptsLeft);
    }
    const fifth = await verify(wrong, account.verifyToken, account.ip);
    expectError(fifth, 400);
    expect(fifth.body.attemptsLeft).toBe(0);

    const right = await verify(code, account.verifyToken, account.ip);
    expectError(right, 400);
    expect(right.body.token).toBeUndefined();
    expect((await userRow(account.userId)).isMobileVerification).toBe(false);

    // A new code works again.
    await resend(account);
    expect((await verify(await codeFor(account.mobileNo), account.verifyToken, account.ip)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const account = await signUp();
    const code = await codeFor(account.mobileNo);
    await api.handle.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, account.userId));
    const res = await verify(code, account.verifyToken, account.ip);
    expectError(res, 400);
    expect(res.body.expired).toBe(true);
    expect((await userRow(account.userId)).isMobileVerification).toBe(false);
  });

  it('accepts a code once only', async () => {
    const account = await signUpVerified();
    const sent = await requestCode(account);
    const code = await codeFor(account.mobileNo);
    const first = await verify(code, sent.body.token, account.ip);
    expect(first.status).toBe(200);
    // The same code with the session token just issued (or any other live token of the user) fails.
    expectError(await verify(code, first.body.token, account.ip), 400);
    expectError(await verify(code, account.token, account.ip), 400);
  });

  it('lets only one of two simultaneous uses of the same code through', async () => {
    const account = await signUpVerified();
    const second = await signIn(account, account.password);
    await requestCode(account);
    const code = await codeFor(account.mobileNo);
    const results = await Promise.all([
      verify(code, account.token, account.ip),
      verify(code, second.body.token, account.ip),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('texts a 6-digit code and stores only its hash', async () => {
    const account = await signUp();
    await resend(account);
    const codes = (await outbox(account.mobileNo)).map((entry) => entry.code);
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);

    const rows = await api.handle.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, account.userId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) {
        expect(row.codeHash).not.toContain(code);
        expect(Object.values(row).map(String)).not.toContain(code);
      }
    }
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(`"${code}"`);
  });

  it('answers 401 for an unknown, expired or revoked token and 403 for a team-blocked account', async () => {
    const account = await signUp();
    const code = await codeFor(account.mobileNo);
    expectError(await verify(code, 'not-a-real-token', account.ip), 401);
    await expireToken(account.verifyToken);
    expectError(await verify(code, account.verifyToken, account.ip), 401);

    const other = await signUp();
    await blockAccount(other.userId);
    expectError(
      await verify(await codeFor(other.mobileNo), other.verifyToken, other.ip),
      403,
      ERROR_CODES.account_blocked,
    );
  });

  it.each([
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['letters', 'abcdef'],
    ['SQL', SQL],
    ['a script', SCRIPT],
    ['an object', { $ne: '' }],
    ['a boolean', true],
    ['100k characters', HUGE],
  ])('refuses a code of %s with 400', async (_name, otpCode) => {
    const res = await verify(otpCode, 'some-token', nextIp());
    expectInvalid(res, fieldMessage('otpCode', ERROR_CODES.invalid_code));
  });

  it('refuses a missing, empty or oversized token with 400', async () => {
    const ip = nextIp();
    expectInvalid(await api.call('POST', '/api/verify/mobile', { body: { otpCode: '123456' }, ip }), /^token: /);
    expectInvalid(await verify('123456', '', ip), /^token: /);
    expectInvalid(await verify('123456', HUGE, ip), /^token: /);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/update/user/password', () => {
  const NEW_PASSWORD = 'Sigiriya-Rock-Fortress-5';
  const update = (userId: unknown, password: unknown, token?: string, ip?: string) =>
    api.call('PUT', '/api/update/user/password', { body: { userId, password }, token, ip });

  it('changes the password, keeps the current session and revokes the others', async () => {
    const account = await signUpVerified();
    const other = await signIn(account, account.password);
    expect(other.status).toBe(200);

    const res = await update(account.userId, NEW_PASSWORD, account.token, account.ip);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);

    expect((await validate(account.token)).status).toBe(200);
    expect((await getUser(account.userId, account.token)).status).toBe(200);
    expect((await validate(other.body.token)).status).toBe(401);
    expectError(await getUser(account.userId, other.body.token), 401);

    expectError(await signIn(account, account.password), 401, ERROR_CODES.invalid_login);
    expect((await signIn(account, NEW_PASSWORD)).status).toBe(200);
  });

  it('accepts the userId as a string of digits', async () => {
    const account = await signUpVerified();
    expect((await update(String(account.userId), NEW_PASSWORD, account.token, account.ip)).status).toBe(200);
  });

  it('needs a session token: none, unknown, expired and verify-scope tokens get 401', async () => {
    const account = await signUpVerified();
    expectError(await update(account.userId, NEW_PASSWORD, undefined, account.ip), 401);
    expectError(await update(account.userId, NEW_PASSWORD, 'unknown-token', account.ip), 401);
    const unverified = await signUp();
    expectError(await update(unverified.userId, NEW_PASSWORD, unverified.verifyToken, unverified.ip), 401);
    const extra = await signIn(account, account.password);
    await expireToken(extra.body.token);
    expectError(await update(account.userId, NEW_PASSWORD, extra.body.token, account.ip), 401);
    // None of these changed anything.
    expect((await signIn(account, account.password)).status).toBe(200);
  });

  it("answers 403 for another user's userId and leaves that user's password alone", async () => {
    const account = await signUpVerified();
    const victim = await signUpVerified();
    expectError(await update(victim.userId, NEW_PASSWORD, account.token, account.ip), 403);
    expect((await signIn(victim, victim.password)).status).toBe(200);
    expect((await validate(victim.token)).status).toBe(200);
  });

  it('refuses a weak password and one that breaks the §5 rules', async () => {
    const account = await signUpVerified();
    expectError(
      await update(account.userId, 'Password1', account.token, account.ip),
      400,
      ERROR_CODES.password_too_weak,
    );
    expectInvalid(
      await update(account.userId, 'short1A', account.token, account.ip),
      fieldMessage('password', ERROR_CODES.password_rules),
    );
    expectInvalid(
      await update(account.userId, 'A1a'.padEnd(65, 'b'), account.token, account.ip),
      fieldMessage('password', ERROR_CODES.password_rules),
    );
    expectInvalid(await update(SQL, NEW_PASSWORD, account.token, account.ip), /^userId: /);
    expectInvalid(await update({ id: account.userId }, NEW_PASSWORD, account.token, account.ip), /^userId: /);
    expect((await signIn(account, account.password)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/request/mobile/change and /api/confirm/mobile/change', () => {
  const requestChange = (account: VerifiedAccount, mobileNo: unknown, token: string | undefined = account.token) =>
    api.call('POST', '/api/request/mobile/change', { body: { mobileNo }, token, ip: account.ip });
  const confirmChange = (account: VerifiedAccount, otpCode: unknown, token: string | undefined = account.token) =>
    api.call('POST', '/api/confirm/mobile/change', { body: { otpCode }, token, ip: account.ip });

  it('sends the code to the new number; after confirming, sign-in works with the new number only', async () => {
    const account = await signUpVerified();
    const newMobile = freshMobile();
    const oldOutbox = (await outbox(account.mobileNo)).length;

    const res = await requestChange(account, newMobile);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, attempt: 0, expiresInSeconds: 300 });
    expect(await outbox(account.mobileNo)).toHaveLength(oldOutbox);
    const code = await codeFor(newMobile);

    // Nothing changes until the code comes back.
    expect((await userRow(account.userId)).mobileNo).toBe(account.mobileNo);
    expectError(await confirmChange(account, wrongCodeFor(code)), 400, ERROR_CODES.wrong_code);

    const confirmed = await confirmChange(account, code);
    expect(confirmed.status).toBe(200);
    expect(
      v.safeParse(
        v.strictObject({
          ...SignInResponse.entries,
          data: ExactUser,
          message: v.literal('Your mobile number was changed.'),
        }),
        confirmed.body,
      ).issues,
    ).toBeUndefined();
    expect(confirmed.body.data).toMatchObject({
      userId: account.userId,
      mobileNo: newMobile,
      isMobileVerification: true,
    });

    expect((await signIn({ mobileNo: newMobile, ip: account.ip }, account.password)).status).toBe(200);
    expectError(await signIn(account, account.password), 401, ERROR_CODES.invalid_login);
    expect((await api.call('GET', `/api/find/existing/user/by/${account.mobileNo}`, { ip: account.ip })).status).toBe(
      404,
    );
    // The code was single use (asked with the new session: the old one ended).
    expectError(await confirmChange(account, code, confirmed.body.token), 400);
  });

  it('signs in again: every earlier token of the user ends, the one used included, and the answer carries a new session', async () => {
    const account = await signUpVerified();
    const otherSession = (await signIn(account, account.password)).body.token as string;
    const pendingVerify = (await requestCode(account)).body.token as string;
    const newMobile = freshMobile();
    expect((await requestChange(account, newMobile)).status).toBe(200);

    const confirmed = await confirmChange(account, await codeFor(newMobile));
    expect(confirmed.status).toBe(200);
    const { token, expiresAt } = confirmed.body as { token: string; expiresAt: string };
    expect(token).not.toBe(account.token);
    expect(Math.abs(new Date(expiresAt).getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(MINUTE);

    for (const old of [account.token, otherSession, pendingVerify]) {
      const row = (
        await api.handle.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(old)))
      )[0]!;
      expect(row.revokedAt).not.toBeNull();
    }
    expectError(await validate(account.token), 401);
    expectError(await validate(otherSession), 401);
    expectError(await getUser(account.userId, account.token), 401);
    // The new token is a full session of the same user, with the new number.
    const session = await validate(token);
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({ status: true, userId: account.userId, userType: 1, expiresAt });
    expect((await getUser(account.userId, token)).body.data.mobileNo).toBe(newMobile);
  });

  it('ends no session when the confirmation fails', async () => {
    const account = await signUpVerified();
    const newMobile = freshMobile();
    await requestChange(account, newMobile);
    const code = await codeFor(newMobile);
    expectError(await confirmChange(account, wrongCodeFor(code)), 400, ERROR_CODES.wrong_code);
    expectInvalid(await confirmChange(account, 'abc'), /^otpCode: /);
    expect((await validate(account.token)).status).toBe(200);
  });

  it('answers 409 mobile_in_use when another account holds the new number, and texts that number nothing', async () => {
    const account = await signUpVerified();
    const other = await signUpVerified();
    const textsBefore = (await outbox(other.mobileNo)).length;
    for (const typed of [other.mobileNo, `0${other.mobileNo}`]) {
      const res = await requestChange(account, typed);
      expectError(res, 409, API_MESSAGES.mobileInUse);
      expect(res.body.code).toBe('mobile_in_use');
    }
    expect(await outbox(other.mobileNo)).toHaveLength(textsBefore);
    expect((await userRow(account.userId)).mobileNo).toBe(account.mobileNo);
    expect((await validate(account.token)).status).toBe(200);
  });

  it('answers 409 at confirmation when the number was registered in the meantime', async () => {
    const account = await signUpVerified();
    const newMobile = freshMobile();
    expect((await requestChange(account, newMobile)).status).toBe(200);
    const code = await codeFor(newMobile);
    const other = await signUp({ mobileNo: newMobile });
    expectError(await confirmChange(account, code), 409, API_MESSAGES.mobileInUse);
    expect((await userRow(account.userId)).mobileNo).toBe(account.mobileNo);
    expect((await userRow(other.userId)).mobileNo).toBe(newMobile);
    // Nothing changed, so the session goes on.
    expect((await validate(account.token)).status).toBe(200);
  });

  it('refuses the current number, and a confirmation without a pending code', async () => {
    const account = await signUpVerified();
    expectError(await requestChange(account, account.mobileNo), 400);
    expectError(await confirmChange(account, '123456'), 400);
  });

  it('does not let another user confirm with the code', async () => {
    const account = await signUpVerified();
    const other = await signUpVerified();
    const newMobile = freshMobile();
    await requestChange(account, newMobile);
    const code = await codeFor(newMobile);
    expectError(await confirmChange(other, code), 400);
    expect((await userRow(other.userId)).mobileNo).toBe(other.mobileNo);
    expect((await confirmChange(account, code)).status).toBe(200);
    // Only the changed account's sessions end.
    expect((await validate(other.token)).status).toBe(200);
  });

  it('needs a session token', async () => {
    const account = await signUpVerified();
    const unverified = await signUp();
    expectError(await requestChange(account, freshMobile(), ''), 401);
    expectError(await requestChange(account, freshMobile(), unverified.verifyToken), 401);
    expectError(await confirmChange(account, '123456', ''), 401);
    expectError(await confirmChange(account, '123456', 'unknown-token'), 401);
  });

  it('refuses a malformed new number or code with 400', async () => {
    const account = await signUpVerified();
    for (const value of ['77123456', SQL, SCRIPT, { $gt: '' }, HUGE, 771234567]) {
      expectInvalid(await requestChange(account, value), /^mobileNo: /);
      expectInvalid(await confirmChange(account, value), /^otpCode: /);
    }
    expect((await userRow(account.userId)).mobileNo).toBe(account.mobileNo);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/session/validate/{token}', () => {
  it('answers 200 in the JSON contract shape for a live session', async () => {
    const account = await signUpVerified();
    const res = await validate(account.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(v.safeParse(SessionResponse, res.body).issues).toBeUndefined();
    expect(res.body.data).toMatchObject({ status: true, userId: account.userId, userType: 1 });
  });

  it('answers 401 with data.status false for logged-out, expired, unknown and verify-scope tokens', async () => {
    const account = await signUpVerified();
    const loggedOut = await signIn(account, account.password);
    await api.call('POST', '/api/user/logout', { token: loggedOut.body.token });
    const expired = await signIn(account, account.password);
    await expireToken(expired.body.token);
    const unverified = await signUp();
    for (const token of [
      loggedOut.body.token,
      expired.body.token,
      'no-such-token',
      unverified.verifyToken,
      SCRIPT,
      SQL,
    ]) {
      const res = await validate(token);
      expectError(res, 401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.data).toEqual({ status: false });
    }
    // The account's own session is untouched.
    expect((await validate(account.token)).status).toBe(200);
  });

  it('refuses a token of 100k characters with 400', async () => {
    expectInvalid(await validate(HUGE), /^sessionToken: /);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/user/logout', () => {
  it('revokes the token: it then fails on a protected route, other sessions go on', async () => {
    const account = await signUpVerified();
    const other = await signIn(account, account.password);
    const res = await api.call('POST', '/api/user/logout', { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    expectError(await getUser(account.userId, account.token), 401);
    expectError(await api.call('GET', `/api/get/offer/favorite/by/${account.userId}`, { token: account.token }), 401);
    expect((await validate(account.token)).status).toBe(401);
    expect((await getUser(account.userId, other.body.token)).status).toBe(200);
    const row = (
      await api.handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(account.token)))
    )[0]!;
    expect(row.revokedAt).not.toBeNull();
  });

  it('answers 401 without a token', async () => {
    expectError(await api.call('POST', '/api/user/logout'), 401);
    expectError(await api.call('POST', '/api/user/logout', { headers: { authorization: 'Basic abc' } }), 401);
  });
});

// ---------------------------------------------------------------------------------------------

describe.each([
  ['GET /api/get/user/by/{userId}', (userId: number | string) => `/api/get/user/by/${userId}`],
  ['GET /demo/user/{userId}', (userId: number | string) => `/demo/user/${userId}`],
])('%s', (_name, path) => {
  let account: VerifiedAccount;
  let other: VerifiedAccount;
  beforeAll(async () => {
    account = await signUpVerified({ firstName: 'Sunil' });
    other = await signUpVerified();
  });

  it('answers the own user in the contract User shape, with favourites and no password hash', async () => {
    const offerId: number = (await api.call('GET', '/api/get/offers/by/page/1/1')).body.data[0].offerId;
    const favorite = await api.call('PUT', '/api/add/user/favorite/offer', { body: { offerId }, token: account.token });
    expect(favorite.status).toBe(200);
    const res = await api.call('GET', path(account.userId), { token: account.token });
    expect(res.status).toBe(200);
    expect(v.safeParse(DataUser, res.body).issues).toBeUndefined();
    expect(res.body.data).toMatchObject({
      userId: account.userId,
      id: account.userId,
      firstName: 'Sunil',
      mobileNo: account.mobileNo,
      favorites: [offerId],
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/argon2|passwordHash|password|codeBlockedUntil|termsAccepted/i);
    expect(text).not.toContain((await userRow(account.userId)).passwordHash);
  });

  it('accepts the userId as a padded string of digits', async () => {
    expect((await api.call('GET', path(`00${account.userId}`), { token: account.token })).status).toBe(200);
  });

  it("answers 403 for another user's id, and for an unknown id", async () => {
    expectError(await api.call('GET', path(other.userId), { token: account.token }), 403);
    expectError(await api.call('GET', path(999_999), { token: account.token }), 403);
  });

  it('answers 401 without a token, with an unknown, expired or verify-scope token', async () => {
    expectError(await api.call('GET', path(account.userId)), 401);
    expectError(await api.call('GET', path(account.userId), { token: 'no-such-token' }), 401);
    expectError(await api.call('GET', path(account.userId), { token: 'y'.repeat(300) }), 401);
    expectError(await api.call('GET', path(account.userId), { headers: { authorization: account.token } }), 401);
    const expired = await signIn(account, account.password);
    await expireToken(expired.body.token);
    expectError(await api.call('GET', path(account.userId), { token: expired.body.token }), 401);
    // A sign-up token, before the number is verified, is no session.
    const fresh = await signUp();
    expectError(await api.call('GET', path(fresh.userId), { token: fresh.verifyToken }), 401);
  });

  it.each([
    ['0', '0'],
    ['negative', '-1'],
    ['too large', '99999999999'],
    ['letters', 'abc'],
    ['SQL', SQL],
    ['a script', SCRIPT],
    ['100k characters', HUGE],
  ])('refuses a userId of %s with 400', async (_label, userId) => {
    expectInvalid(await api.call('GET', path(encodeURIComponent(userId)), { token: account.token }), /^userId: /);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/user/tag/update', () => {
  const updateTags = (tags: unknown, token?: string) =>
    api.call('POST', '/api/user/tag/update', { body: { tags }, token });
  let shared: VerifiedAccount;
  beforeAll(async () => {
    shared = await signUpVerified();
  });

  it('saves known category ids (deduplicated) and returns the user; the profile shows them', async () => {
    const account = await signUpVerified();
    const res = await updateTags([3, 1, 3, '2'], account.token);
    expect(res.status).toBe(200);
    expect(v.safeParse(DataUser, res.body).issues).toBeUndefined();
    expect(res.body.data.tags).toEqual([3, 1, 2]);
    expect(res.body.data.favoriteArea).toEqual([3, 1, 2]);
    expect((await getUser(account.userId, account.token)).body.data.tags).toEqual([3, 1, 2]);

    const cleared = await updateTags([], account.token);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.tags).toEqual([]);
    expect((await userRow(account.userId)).tags).toEqual([]);
  });

  it('refuses unknown category ids with 400 and keeps the saved tags', async () => {
    const account = await signUpVerified();
    await updateTags([1], account.token);
    const res = await updateTags([1, 999_999, 888_888], account.token);
    expectError(res, 400);
    expect(res.body.message).toContain('999999');
    expect(res.body.message).toContain('888888');
    expect((await userRow(account.userId)).tags).toEqual([1]);
  });

  it("only changes the token's own user", async () => {
    const account = await signUpVerified();
    const other = await signUpVerified();
    await api.call('POST', '/api/user/tag/update', { body: { tags: [2], userId: other.userId }, token: account.token });
    expect((await userRow(account.userId)).tags).toEqual([2]);
    expect((await userRow(other.userId)).tags).toEqual([]);
  });

  it('needs a session token', async () => {
    const unverified = await signUp();
    expectError(await updateTags([1]), 401);
    expectError(await updateTags([1], unverified.verifyToken), 401);
    expectError(await updateTags([1], 'no-such-token'), 401);
  });

  it.each([
    ['a number instead of a list', 1],
    ['a string', '1,2'],
    ['ids as objects', [{ id: 1 }]],
    ['zero', [0]],
    ['negative ids', [-1]],
    ['fractions', [1.5]],
    ['SQL', [SQL]],
    ['a script', [SCRIPT]],
    ['101 ids', Array.from({ length: 101 }, (_, i) => i + 1)],
    ['a 100k-character id', [HUGE]],
    ['null', null],
  ])('refuses tags of %s with 400', async (_name, tags) => {
    expectInvalid(await updateTags(tags, shared.token), /^tags/);
    expect((await userRow(shared.userId)).tags).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/user/location/update', () => {
  const updateLocation = (body: unknown, token?: string) =>
    api.call('POST', '/api/user/location/update', { body, token });
  let names: string[];
  let shared: VerifiedAccount;
  beforeAll(async () => {
    names = (await api.call('GET', '/api/location/all')).body.data.map((l: { locationName: string }) => l.locationName);
    shared = await signUpVerified();
  });

  it('saves one of the location names and returns the user; null clears it', async () => {
    const account = await signUpVerified();
    const res = await updateLocation({ location: names[3] }, account.token);
    expect(res.status).toBe(200);
    expect(
      v.safeParse(
        v.strictObject({ status: v.literal(true), message: v.literal(OFFER_MESSAGES.locationSaved), data: ExactUser }),
        res.body,
      ).issues,
    ).toBeUndefined();
    expect(res.body.data.location).toBe(names[3]);
    expect((await getUser(account.userId, account.token)).body.data.location).toBe(names[3]);

    // Surrounding spaces are trimmed, as the form's text is.
    expect((await updateLocation({ location: `  ${names[1]} ` }, account.token)).body.data.location).toBe(names[1]);

    const cleared = await updateLocation({ location: null }, account.token);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.location).toBeNull();
    expect((await userRow(account.userId)).location).toBeNull();
  });

  it('refuses a name that is not a location with 400 and keeps the saved one', async () => {
    const account = await signUpVerified();
    await updateLocation({ location: names[0] }, account.token);
    for (const location of ['Atlantis', names[2]!.toUpperCase(), `${names[2]}x`]) {
      const res = await updateLocation({ location }, account.token);
      expectInvalid(res, ERROR_CODES.unknown_location);
      expect(res.body.issues).toEqual([
        { path: 'location', message: ERROR_CODES.unknown_location, code: 'unknown_location' },
      ]);
    }
    expect((await userRow(account.userId)).location).toBe(names[0]);
  });

  it("only changes the token's own user", async () => {
    const account = await signUpVerified();
    const other = await signUpVerified();
    await updateLocation({ location: names[0], userId: other.userId }, account.token);
    expect((await userRow(account.userId)).location).toBe(names[0]);
    expect((await userRow(other.userId)).location).toBeNull();
  });

  it('needs a session token', async () => {
    const unverified = await signUp();
    expectError(await updateLocation({ location: names[0] }), 401);
    expectError(await updateLocation({ location: names[0] }, unverified.verifyToken), 401);
    expectError(await updateLocation({ location: names[0] }, 'no-such-token'), 401);
  });

  it.each([
    ['a missing field', {}, ERROR_CODES.required],
    ['an empty name', { location: '' }, ERROR_CODES.required],
    ['spaces', { location: '   ' }, ERROR_CODES.required],
    ['a number', { location: 7 }, undefined],
    ['a list', { location: ['Galle'] }, undefined],
    ['an object', { location: { name: 'x' } }, undefined],
    ['a NUL', { location: 'Gal\u0000le' }, undefined],
    ['81 characters', { location: 'x'.repeat(81) }, undefined],
    ['100k characters', { location: HUGE }, undefined],
    ['SQL', { location: SQL }, ERROR_CODES.unknown_location],
    ['a script', { location: SCRIPT }, ERROR_CODES.unknown_location],
  ])('refuses %s with 400', async (_name, body, message) => {
    const res = await updateLocation(body, shared.token);
    expectInvalid(res);
    if (message) expect(res.body.issues[0].message).toBe(message);
    expect((await userRow(shared.userId)).location).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

describe('hostile bodies never get a 500', () => {
  let account: VerifiedAccount;
  beforeAll(async () => {
    account = await signUpVerified();
  });

  const bodies: Array<[string, { body?: unknown; rawBody?: string }]> = [
    ['malformed JSON', { rawBody: '{"mobileNo": "771234567", "password":' }],
    ['a missing body', {}],
    ['JSON null', { body: null }],
    ['an array', { body: [1, 2, 3] }],
    ['a bare string', { body: 'hello' }],
    [
      'numbers as objects',
      {
        body: {
          mobileNo: { $gt: 0 },
          password: { length: 9 },
          firstName: { a: 1 },
          otpCode: { v: 1 },
          token: { t: 1 },
          userId: { id: 1 },
          tags: { 0: 1 },
          userType: { t: 1 },
          termsAndCondition: { t: true },
        },
      },
    ],
    [
      'wrong types',
      {
        body: {
          mobileNo: 771234567,
          password: 12345678,
          firstName: 42,
          otpCode: true,
          token: 7,
          userId: 'me',
          tags: 'all',
          userType: 'merchant',
          termsAndCondition: 'yes',
        },
      },
    ],
    [
      '100k-character strings',
      {
        body: {
          mobileNo: HUGE,
          password: HUGE,
          firstName: HUGE,
          otpCode: HUGE,
          token: HUGE,
          userId: HUGE,
          tags: [HUGE],
          userType: HUGE,
          termsAndCondition: HUGE,
        },
      },
    ],
    [
      'SQL',
      {
        body: {
          mobileNo: SQL,
          password: SQL,
          firstName: SQL,
          otpCode: SQL,
          token: SQL,
          userId: SQL,
          tags: [SQL],
          userType: SQL,
          termsAndCondition: SQL,
        },
      },
    ],
    [
      'script payloads',
      {
        body: {
          mobileNo: SCRIPT,
          password: SCRIPT,
          firstName: SCRIPT,
          otpCode: SCRIPT,
          token: SCRIPT,
          userId: SCRIPT,
          tags: [SCRIPT],
          userType: SCRIPT,
          termsAndCondition: SCRIPT,
        },
      },
    ],
  ];
  const routes: Array<[string, string, boolean]> = [
    ['POST', '/api/create/new/user', false],
    ['POST', '/api/user/authentication', false],
    ['POST', '/api/create/new/otp/verification', false],
    ['POST', '/api/resend/verification/otp', false],
    ['POST', '/api/verify/mobile', false],
    ['PUT', '/api/update/user/password', true],
    ['POST', '/api/request/mobile/change', true],
    ['POST', '/api/confirm/mobile/change', true],
    ['POST', '/api/user/tag/update', true],
    ['POST', '/api/user/location/update', true],
  ];

  it.each(routes)('%s %s answers 400 with issues to every hostile body', async (method, path, needsSession) => {
    const ip = nextIp();
    for (const [name, input] of bodies) {
      const res = await api.call(method, path, { ...input, token: needsSession ? account.token : undefined, ip });
      expect(res.status, `${name}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400);
      expectInvalid(res);
    }
    // The session survived all that.
    expect((await validate(account.token)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe('rate limits', () => {
  // A second, unseeded API whose limits are lowered, so each limit is reached in a few calls.
  let limited: TestApi;
  const WINDOW = 15 * MINUTE;
  beforeAll(async () => {
    limited = await createTestApi({
      seed: false,
      rateRules: {
        signInPerIp: { limit: 4, windowMs: WINDOW },
        userLookupPerIp: { limit: 3, windowMs: WINDOW },
        userLookupPerMobile: { limit: 2, windowMs: WINDOW },
        signUpPerIp: { limit: 2, windowMs: 60 * MINUTE },
        codeSendPerIp: { limit: 3, windowMs: 60 * MINUTE },
        codeSendPerMobile: { limit: 3, windowMs: 60 * MINUTE },
        codeCheckPerIp: { limit: 3, windowMs: WINDOW },
      },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const signUpOn = async (ip: string) => {
    const mobileNo = freshMobile();
    const res = await limited.call('POST', '/api/create/new/user', { body: signUpBody({ mobileNo }), ip });
    return { res, mobileNo };
  };
  function expectLimited(res: Res, windowMs: number) {
    expectError(res, 429, /^Too many requests\. Please wait up to \d+ minutes and try again\.$/);
    expect(res.body.retryAfterSeconds).toBe(windowMs / 1000);
    expect(res.headers.get('retry-after')).toBe(String(windowMs / 1000));
  }

  it('limits sign-in per address', async () => {
    const ip = '203.0.113.110';
    for (let i = 0; i < 4; i++) {
      expectError(
        await limited.call('POST', '/api/user/authentication', {
          body: { mobileNo: freshMobile(), password: 'Wrong-Password-1' },
          ip,
        }),
        401,
      );
    }
    expectLimited(
      await limited.call('POST', '/api/user/authentication', {
        body: { mobileNo: freshMobile(), password: 'Wrong-Password-1' },
        ip,
      }),
      WINDOW,
    );
  });

  it('limits user look-ups per address', async () => {
    const ip = '203.0.113.111';
    for (let i = 0; i < 3; i++)
      expect((await limited.call('GET', `/api/find/existing/user/by/${freshMobile()}`, { ip })).status).toBe(404);
    expectLimited(await limited.call('GET', `/api/find/existing/user/by/${freshMobile()}`, { ip }), WINDOW);
    expect(
      (await limited.call('GET', `/api/find/existing/user/by/${freshMobile()}`, { ip: '203.0.113.112' })).status,
    ).toBe(404);
  });

  it('limits look-ups of one number, whatever the address', async () => {
    const mobileNo = freshMobile();
    for (const ip of ['203.0.113.121', '203.0.113.122'])
      expect((await limited.call('GET', `/api/find/existing/user/by/${mobileNo}`, { ip })).status).toBe(404);
    expectLimited(await limited.call('GET', `/api/find/existing/user/by/${mobileNo}`, { ip: '203.0.113.123' }), WINDOW);
    expect(
      (await limited.call('GET', `/api/find/existing/user/by/${freshMobile()}`, { ip: '203.0.113.124' })).status,
    ).toBe(404);
  });

  it('limits sign-ups per address, and a refused sign-up creates nothing', async () => {
    const ip = '203.0.113.113';
    expect((await signUpOn(ip)).res.status).toBe(201);
    expect((await signUpOn(ip)).res.status).toBe(201);
    const third = await signUpOn(ip);
    expectLimited(third.res, 60 * MINUTE);
    expect(
      (await limited.call('GET', `/api/find/existing/user/by/${third.mobileNo}`, { ip: '203.0.113.114' })).status,
    ).toBe(404);
  });

  it('limits code sending per address, so nobody can run up SMS costs', async () => {
    const { res, mobileNo } = await signUpOn('203.0.113.115');
    const userId = res.body.data.user.userId;
    const ip = '203.0.113.116';
    const send = () => limited.call('POST', '/api/resend/verification/otp', { body: { mobileNo, userId }, ip });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expectLimited(refused, 60 * MINUTE);
    expect((await limited.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP })).body.data).toHaveLength(
      4,
    );
  });

  it('limits code checks per address', async () => {
    const { res } = await signUpOn('203.0.113.117');
    const token = res.body.data.token;
    const ip = '203.0.113.118';
    for (let i = 0; i < 3; i++)
      expect(
        (await limited.call('POST', '/api/verify/mobile', { body: { otpCode: '000000', token }, ip })).status,
      ).toBe(400);
    expectLimited(await limited.call('POST', '/api/verify/mobile', { body: { otpCode: '000000', token }, ip }), WINDOW);
  });
});

describe('no probing for accounts through code sending', () => {
  // Low limits, so that each is reached in a few calls; every test takes its own addresses.
  let limited: TestApi;
  /** The account whose session asks for mobile changes, and another account's number. */
  let signedIn: { token: string };
  let otherAccountNumber: string;
  beforeAll(async () => {
    limited = await createTestApi({
      seed: false,
      rateRules: {
        codeSendPerIp: { limit: 3, windowMs: 60 * MINUTE },
        codeSendPerMobile: { limit: 2, windowMs: 60 * MINUTE },
      },
    });
    const signUpAndVerify = async (ip: string) => {
      const mobileNo = freshMobile();
      const created = await limited.call('POST', '/api/create/new/user', { body: signUpBody({ mobileNo }), ip });
      const code = (await limited.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP })).body.data[0]
        .code;
      const verified = await limited.call('POST', '/api/verify/mobile', {
        body: { otpCode: code, token: created.body.data.token },
        ip,
      });
      return { mobileNo, token: verified.body.token as string };
    };
    signedIn = await signUpAndVerify('192.0.2.200');
    otherAccountNumber = (await signUpAndVerify('192.0.2.201')).mobileNo;
  });
  afterAll(async () => {
    await limited?.close();
  });

  const routes = {
    create: (mobileNo: string, ip: string) =>
      limited.call('POST', '/api/create/new/otp/verification', {
        body: { verificationType: 'MOBILE', token: null, mobileNo },
        ip,
      }),
    resend: (mobileNo: string, ip: string) =>
      limited.call('POST', '/api/resend/verification/otp', { body: { mobileNo }, ip }),
    change: (mobileNo: string, ip: string) =>
      limited.call('POST', '/api/request/mobile/change', { body: { mobileNo }, ip, token: signedIn.token }),
  };
  /** The part of an answer a prober could compare. */
  const visible = (res: Res) => ({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') });

  for (const [name, send] of Object.entries(routes)) {
    it(`${name}: once an address is over its limit, registered and unregistered numbers get the same answer`, async () => {
      const ip = `192.0.2.${Object.keys(routes).indexOf(name) + 10}`;
      // Unregistered numbers are counted like any other, so three probes use the address up.
      for (let i = 0; i < 3; i++) expect((await send(freshMobile(), ip)).status).toBe(name === 'change' ? 200 : 404);
      const unregistered = await send(freshMobile(), ip);
      expectError(unregistered, 429);
      // Without the count coming first, this was a 200 (or the change route's 409 for a number in use).
      expect(visible(await send(otherAccountNumber, ip))).toEqual(visible(unregistered));
    });
  }

  it('counts one number from many addresses, whether or not it has an account', async () => {
    const unknownNumber = freshMobile();
    for (const ip of ['192.0.2.30', '192.0.2.31']) expect((await routes.create(unknownNumber, ip)).status).toBe(404);
    const unknownRefused = await routes.create(unknownNumber, '192.0.2.32');
    expectError(unknownRefused, 429);

    const account = await limited.call('POST', '/api/create/new/user', { body: signUpBody(), ip: '192.0.2.33' });
    const mobileNo: string = account.body.data.user.mobileNo;
    for (const ip of ['192.0.2.34', '192.0.2.35']) expect((await routes.resend(mobileNo, ip)).status).toBe(200);
    const knownRefused = await routes.resend(mobileNo, '192.0.2.36');
    expect(visible(knownRefused)).toEqual(visible(unknownRefused));
  });
});

describe('failed sign-ins slow a number down without locking its owner out', () => {
  let slowed: TestApi;
  const SECOND = 1000;
  beforeAll(async () => {
    slowed = await createTestApi({
      seed: false,
      signInSlowDown: {
        perMobileAndIp: { freeFailures: 3, firstWaitMs: SECOND, maxWaitMs: 3 * SECOND, windowMs: 15 * MINUTE },
        perMobile: { freeFailures: 6, firstWaitMs: 2 * SECOND, maxWaitMs: 4 * SECOND, windowMs: 15 * MINUTE },
      },
    });
  });
  afterAll(async () => {
    await slowed?.close();
  });

  let ipCount = 0;
  const freshIp = () => `192.0.2.${100 + ++ipCount}`;
  async function verifiedAccount() {
    const ip = freshIp();
    const mobileNo = freshMobile();
    const created = await slowed.call('POST', '/api/create/new/user', { body: signUpBody({ mobileNo }), ip });
    const code = (await slowed.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP })).body.data[0].code;
    expect(
      (await slowed.call('POST', '/api/verify/mobile', { body: { otpCode: code, token: created.body.data.token }, ip }))
        .status,
    ).toBe(200);
    return mobileNo;
  }
  const attempt = (mobileNo: string, password: string, ip: string) =>
    slowed.call('POST', '/api/user/authentication', { body: { mobileNo, password }, ip });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  function expectWait(res: Res, seconds: number) {
    expectError(res, 429, `Too many failed sign-ins for this number. Please wait ${seconds} seconds and try again.`);
    expect(res.body.retryAfterSeconds).toBe(seconds);
    expect(res.headers.get('retry-after')).toBe(String(seconds));
    expect(res.body.token).toBeUndefined();
  }

  it('ten wrong passwords from a stranger leave the owner free to sign in from their own address', async () => {
    const mobileNo = await verifiedAccount();
    const stranger = freshIp();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await attempt(mobileNo, `Wrong-Password-${i}`, stranger)).status);
    expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
    expect(answers.slice(3)).toEqual(Array(7).fill(429));
    // The stranger is slowed even with the right password; the owner elsewhere is not.
    expect((await attempt(mobileNo, STRONG_PASSWORD, stranger)).status).toBe(429);
    const owner = await attempt(mobileNo, STRONG_PASSWORD, freshIp());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('slows one number and address down progressively: each failure past the free ones doubles the wait, up to its cap', async () => {
    const mobileNo = await verifiedAccount();
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expectError(await attempt(mobileNo, 'Wrong-Password-1', ip), 401, ERROR_CODES.invalid_login);
    expectWait(await attempt(mobileNo, 'Wrong-Password-1', ip), 1);
    await sleep(1.1 * SECOND);
    expectError(await attempt(mobileNo, 'Wrong-Password-1', ip), 401);
    expectWait(await attempt(mobileNo, 'Wrong-Password-1', ip), 2);
    await sleep(2.1 * SECOND);
    expectError(await attempt(mobileNo, 'Wrong-Password-1', ip), 401);
    expectWait(await attempt(mobileNo, STRONG_PASSWORD, ip), 3);
    await sleep(3.1 * SECOND);
    // After the wait the right password signs in, and the slate is clean again.
    expect((await attempt(mobileNo, STRONG_PASSWORD, ip)).status).toBe(200);
    expectError(await attempt(mobileNo, 'Wrong-Password-1', ip), 401);
  });

  it('failures from many addresses slow the number briefly for new addresses, not for one it signed in from', async () => {
    const mobileNo = await verifiedAccount();
    const home = freshIp();
    expect((await attempt(mobileNo, STRONG_PASSWORD, home)).status).toBe(200);
    // Six attackers, one try each: the number's free failures are used up.
    for (let i = 0; i < 6; i++) expectError(await attempt(mobileNo, 'Wrong-Password-1', freshIp()), 401);
    expectWait(await attempt(mobileNo, STRONG_PASSWORD, freshIp()), 2);
    expect((await attempt(mobileNo, STRONG_PASSWORD, home)).status).toBe(200);
  });

  it('treats unknown numbers the same, so the answers tell nothing', async () => {
    const ip = freshIp();
    const nobody = freshMobile();
    for (let i = 0; i < 3; i++)
      expectError(await attempt(nobody, 'Wrong-Password-1', ip), 401, ERROR_CODES.invalid_login);
    expectWait(await attempt(nobody, 'Wrong-Password-1', ip), 1);
  });
});
