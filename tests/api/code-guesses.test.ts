// One-time codes under parallel requests (services/one-time-codes.ts): "at most 5 wrong tries per
// code, single use" and the resend rule must hold however many requests arrive at once. Rate limits are off here: an
// attacker with many addresses is not stopped by them, so the code's own counter is what is tested.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { oneTimeCodes, sessions, users } from '../../src/server/db/schema.ts';
import { createTestApi, freshMobile, latestCode, signUpVerified, STRONG_PASSWORD, type TestApi } from './harness.ts';

const GUESSES = 100;
/** A code of the right form that is surely not the one sent. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seed: false, rateLimits: false });
});
afterAll(async () => {
  await api?.close();
});

type Res = Awaited<ReturnType<TestApi['call']>>;

/** The answers of many guesses at once, as `message attemptsLeft` counts. */
function tally(answers: Res[]) {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = `${status} ${body.message} ${body.attemptsLeft}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Exactly 5 wrong tries were checked (4, 3, 2, 1 left, then used up); every other guess was refused. */
const fiveChecked = (guesses: number) => ({
  [`400 ${ERROR_CODES.wrong_code} 4`]: 1,
  [`400 ${ERROR_CODES.wrong_code} 3`]: 1,
  [`400 ${ERROR_CODES.wrong_code} 2`]: 1,
  [`400 ${ERROR_CODES.wrong_code} 1`]: 1,
  // The 5th wrong try and every refused one say the same: ask for a new code.
  [`400 ${API_MESSAGES.tooManyWrongCodes} 0`]: guesses - 4,
});

const codeRows = (userId: number, purpose: string) =>
  api.handle.db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));

async function resetCode() {
  const account = await signUpVerified(api);
  const sent = await api.call('POST', '/api/create/new/otp/verification', {
    body: { verificationType: 'MOBILE', mobileNo: account.mobileNo },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { ...account, verifyToken: sent.body.token as string, code: await latestCode(api, account.mobileNo) };
}
const verify = (otpCode: string, token: string) => api.call('POST', '/api/verify/mobile', { body: { otpCode, token } });

describe('parallel guesses at one code', () => {
  it(`checks exactly 5 of ${GUESSES} simultaneous wrong guesses at a reset code; the right code is then refused`, async () => {
    const account = await resetCode();
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, () => verify(wrongCodeFor(account.code), account.verifyToken)),
    );
    expect(tally(answers)).toEqual(fiveChecked(GUESSES));
    const [row] = (await codeRows(account.userId, 'verify')).filter((r) => !r.verifiedAt);
    expect(row!.wrongAttempts).toBe(5);

    const right = await verify(account.code, account.verifyToken);
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ message: API_MESSAGES.tooManyWrongCodes, attemptsLeft: 0 });
    expect(right.body.token).toBeUndefined();
  });

  it(`checks exactly 5 of ${GUESSES} simultaneous wrong guesses at a mobile-change code; the number stays`, async () => {
    const account = await signUpVerified(api);
    const newNumber = freshMobile();
    const sent = await api.call('POST', '/api/request/mobile/change', {
      body: { mobileNo: newNumber },
      token: account.token,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await latestCode(api, newNumber);
    const confirm = (otpCode: string) =>
      api.call('POST', '/api/confirm/mobile/change', { body: { otpCode }, token: account.token });

    const answers = await Promise.all(Array.from({ length: GUESSES }, () => confirm(wrongCodeFor(code))));
    expect(tally(answers)).toEqual(fiveChecked(GUESSES));
    const right = await confirm(code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(API_MESSAGES.tooManyWrongCodes);
    const [user] = await api.handle.db.select().from(users).where(eq(users.userId, account.userId));
    expect(user!.mobileNo).toBe(account.mobileNo);
  });

  it('accepts the right code once when it is sent many times at once: one session, not several', async () => {
    const account = await resetCode();
    const sessionsBefore = await api.handle.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, account.userId), eq(sessions.scope, 'session')));
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(account.code, account.verifyToken)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The others find the code used, or (once the first has finished) its verify token gone.
    const refused = new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.message}`));
    expect(
      [...refused].filter(
        (r) => r !== `400 ${API_MESSAGES.codeUsed}` && r !== `401 ${API_MESSAGES.verificationExpired}`,
      ),
    ).toEqual([]);
    const sessionsAfter = await api.handle.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, account.userId), eq(sessions.scope, 'session')));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length + 1);
  });
});

describe('parallel code requests for one number', () => {
  it('of 10 simultaneous resends, 3 are sent (attempts 1, 2, 3) and the rest answer attempt 4 and block', async () => {
    const mobileNo = freshMobile();
    const created = await api.call('POST', '/api/create/new/user', {
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
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const userId = created.body.data.user.userId as number;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('POST', '/api/resend/verification/otp', { body: { userId, mobileNo, token: null } }),
      ),
    );
    expect(
      answers
        .filter((a) => a.status === 200)
        .map((a) => a.body.attempt)
        .sort(),
    ).toEqual([1, 2, 3]);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.status, a.body.attempt])).toEqual(Array(7).fill([429, false, 4]));
    expect(api.sms.outbox(mobileNo)).toHaveLength(4);
    const [user] = await api.handle.db.select().from(users).where(eq(users.userId, userId));
    expect(user!.codeBlockedUntil!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });
});
