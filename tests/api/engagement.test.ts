// Newsletter sign-up and feedback: validation, storage, and the rate limits per IP, e-mail and number.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { ErrorResponse, FEEDBACK_MESSAGE_MAX, MESSAGES } from '../../src/contract/index.ts';
import { feedback, subscriptions } from '../../src/server/db/schema.ts';
import { createTestApi, type TestApi } from './harness.ts';

const RATE_LIMIT = 3;
const SQL_TEXT = "1' OR '1'='1";
const SCRIPT = '<script>alert(1)</script>';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({
    rateRules: {
      newsletterPerIp: { limit: RATE_LIMIT, windowMs: 60_000 },
      newsletterPerEmail: { limit: RATE_LIMIT, windowMs: 60_000 },
      feedbackPerIp: { limit: RATE_LIMIT, windowMs: 60_000 },
      feedbackPerMobile: { limit: RATE_LIMIT, windowMs: 60_000 },
    },
  });
});
afterAll(async () => {
  await api.close();
});

// Every test takes its own addresses, so that the low limits above only bite where a test means them to.
let ipCounter = 0;
const nextIp = () => (ipCounter < 250 ? `203.0.113.${++ipCounter}` : `198.51.100.${++ipCounter - 250}`);
let mobileCounter = 0;
const nextMobile = () => `7712${String(++mobileCounter).padStart(5, '0')}`;
let emailCounter = 0;
const uniqueEmail = (name = 'reader') => `${name}.${Date.now().toString(36)}.${emailCounter++}@example.lk`;

const expectBadRequest = (response: { status: number; body: any }, path: string, message?: string) => {
  expect(response.status).toBe(400);
  expect(v.safeParse(ErrorResponse, response.body).issues).toBeUndefined();
  expect(response.body.issues.length).toBeGreaterThan(0);
  if (message !== undefined) {
    expect(response.body.issues).toContainEqual(expect.objectContaining({ path, message }));
    expect(response.body.message).toContain(message);
  }
};

const subscriptionRows = (email: string) =>
  api.handle.db.select().from(subscriptions).where(eq(subscriptions.email, email));
const feedbackRows = (email: string) => api.handle.db.select().from(feedback).where(eq(feedback.email, email));

async function newInsight() {
  const { status, body } = await api.call('POST', '/api/new/insight', { body: {} });
  expect(status).toBe(201);
  return body.insight_id as string;
}

describe('POST /api/new/subscribe', () => {
  const subscribe = (body: unknown, ip = nextIp()) => api.call('POST', '/api/new/subscribe', { body, ip });

  it('subscribes a new address once, and says so when it comes again in any letter case', async () => {
    const email = uniqueEmail('Nimal');
    const insightId = await newInsight();
    const ip = nextIp();
    const first = await subscribe({ insightId, subscribeEmail: email }, ip);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: true, isFound: false, message: MESSAGES.subscribed });
    const rows = await subscriptionRows(email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.insightId).toBe(insightId);

    const again = await subscribe({ insightId: null, subscribeEmail: email }, ip);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: true, isFound: true, message: MESSAGES.alreadySubscribed });

    const shouted = await subscribe({ subscribeEmail: `  ${email.toUpperCase()} ` }, ip);
    expect(shouted.status).toBe(200);
    expect(shouted.body).toEqual({ status: true, isFound: true, message: MESSAGES.alreadySubscribed });
    expect(await subscriptionRows(email.toLowerCase())).toHaveLength(1);
    expect(await subscriptionRows(email.toUpperCase())).toHaveLength(0);
  });

  it('works without an insight id', async () => {
    for (const insightId of [undefined, null, '']) {
      const email = uniqueEmail();
      const { status, body } = await subscribe({ insightId, subscribeEmail: email });
      expect(status).toBe(200);
      expect(body.isFound).toBe(false);
      expect((await subscriptionRows(email))[0]!.insightId).toBeNull();
    }
  });

  it('rejects a bad address with 400 and the issues, and stores nothing', async () => {
    const before = (await api.handle.db.select().from(subscriptions)).length;
    const invalid: unknown[] = [
      'not-an-email',
      'a@',
      '@example.lk',
      'two@@example.lk',
      `${'x'.repeat(250)}@example.lk`,
      `${SCRIPT}@example.lk`,
      SQL_TEXT,
      'a b@example.lk',
    ];
    for (const subscribeEmail of invalid)
      expectBadRequest(await subscribe({ subscribeEmail }), 'subscribeEmail', ERROR_CODES.invalid_email);
    expectBadRequest(await subscribe({ subscribeEmail: '' }), 'subscribeEmail', ERROR_CODES.required);
    expectBadRequest(await subscribe({ subscribeEmail: '   ' }), 'subscribeEmail', ERROR_CODES.required);
    for (const subscribeEmail of [{}, [], 42, null, true, { $ne: '' }, 'x'.repeat(100_000)])
      expectBadRequest(await subscribe({ subscribeEmail }), 'subscribeEmail');
    expectBadRequest(await subscribe({}), 'subscribeEmail');
    expectBadRequest(await subscribe({ subscribeEmail: uniqueEmail(), insightId: 'not-a-uuid' }), 'insightId');
    expectBadRequest(await subscribe({ subscribeEmail: uniqueEmail(), insightId: SQL_TEXT }), 'insightId');
    for (const body of [null, 'reader@example.lk', 42]) expectBadRequest(await subscribe(body), '');
    expectBadRequest(
      await api.call('POST', '/api/new/subscribe', { rawBody: '{"subscribeEmail": "a@b.lk"', ip: nextIp() }),
      '',
    );
    expectBadRequest(await api.call('POST', '/api/new/subscribe', { ip: nextIp() }), '');
    expect((await api.handle.db.select().from(subscriptions)).length).toBe(before);
  });

  it(`answers 429 after ${RATE_LIMIT} sign-ups from one address, while another address still works`, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMIT; i++)
      expect((await subscribe({ subscribeEmail: uniqueEmail() }, ip)).status).toBe(200);
    const blockedEmail = uniqueEmail();
    const blocked = await subscribe({ subscribeEmail: blockedEmail }, ip);
    expect(blocked.status).toBe(429);
    expect(v.safeParse(ErrorResponse, blocked.body).issues).toBeUndefined();
    expect(blocked.body.message).toMatch(/too many/i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await subscriptionRows(blockedEmail)).toHaveLength(0);

    const other = await subscribe({ subscribeEmail: blockedEmail }, nextIp());
    expect(other.status).toBe(200);
    expect(other.body.isFound).toBe(false);
    expect(await subscriptionRows(blockedEmail)).toHaveLength(1);
  });

  it(`answers 429 after ${RATE_LIMIT} sign-ups of one e-mail address, from any addresses, in any letter case`, async () => {
    const email = uniqueEmail('many-places');
    const first = await subscribe({ subscribeEmail: email }, nextIp());
    expect(first.body.isFound).toBe(false);
    for (let i = 1; i < RATE_LIMIT; i++)
      expect((await subscribe({ subscribeEmail: i % 2 ? email.toUpperCase() : email }, nextIp())).body.isFound).toBe(
        true,
      );
    const refused = await subscribe({ subscribeEmail: email.toUpperCase() }, nextIp());
    expect(refused.status).toBe(429);
    expect(v.safeParse(ErrorResponse, refused.body).issues).toBeUndefined();
    expect(refused.body.isFound).toBeUndefined();
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address from a fresh source still works, and the list holds the address once.
    expect((await subscribe({ subscribeEmail: uniqueEmail() }, nextIp())).status).toBe(200);
    expect(await subscriptionRows(email)).toHaveLength(1);
  });
});

describe('POST /api/add/new/feedback', () => {
  const send = (body: unknown, ip = nextIp()) => api.call('POST', '/api/add/new/feedback', { body, ip });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    insightId: null,
    firstName: 'Kamala',
    mobileNo: nextMobile(),
    email: uniqueEmail('kamala'),
    message: 'The Kandy offers page loads slowly.',
    ...overrides,
  });

  it('stores the feedback exactly as sent', async () => {
    const insightId = await newInsight();
    const input = valid({
      insightId,
      firstName: "Anne-Marie O'Neil",
      mobileNo: '712345678',
      message: 'Line one\nLine two: ඔබට ස්තුතියි, நன்றி 🙏',
    });
    const { status, body } = await send(input);
    expect(status).toBe(201);
    expect(body.status).toBe(true);
    expect(typeof body.message).toBe('string');
    const rows = await feedbackRows(input.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      insightId,
      firstName: input.firstName,
      mobileNo: input.mobileNo,
      email: input.email,
      message: input.message,
    });
  });

  it('stores a number typed with its leading 0, spaces or +94 as its 9 digits (the contact form sends what people type)', async () => {
    for (const mobileNo of ['077 123 4567', '0771234567', '+94 77 123 4567']) {
      const input = valid({ mobileNo });
      expect((await send(input)).status, mobileNo).toBe(201);
      expect((await feedbackRows(input.email))[0]?.mobileNo, mobileNo).toBe('771234567');
    }
  });

  it('stores HTML as plain text and echoes it nowhere', async () => {
    const html = `${SCRIPT}<img src=x onerror="alert(document.cookie)"><a href="javascript:alert(1)">hi</a>`;
    const input = valid({ message: html });
    const response = await send(input);
    expect(response.status).toBe(201);
    const text = JSON.stringify(response.body);
    for (const fragment of ['<script', 'onerror', 'javascript:', input.email]) expect(text).not.toContain(fragment);
    expect((await feedbackRows(input.email))[0]!.message).toBe(html);
  });

  it('stores SQL as plain text', async () => {
    const input = valid({ message: `${SQL_TEXT}; DROP TABLE feedback; --` });
    expect((await send(input)).status).toBe(201);
    expect((await feedbackRows(input.email))[0]!.message).toBe(input.message);
  });

  it('takes the message as optional', async () => {
    const { message: _, ...withoutMessage } = valid();
    expect((await send(withoutMessage)).status).toBe(201);
    expect((await feedbackRows(withoutMessage.email))[0]!.message).toBe('');
  });

  it(`accepts a message of ${FEEDBACK_MESSAGE_MAX} characters and rejects one more`, async () => {
    const longest = valid({ message: 'a'.repeat(FEEDBACK_MESSAGE_MAX) });
    expect((await send(longest)).status).toBe(201);
    expect((await feedbackRows(longest.email))[0]!.message).toHaveLength(FEEDBACK_MESSAGE_MAX);
    const tooLong = valid({ message: 'a'.repeat(FEEDBACK_MESSAGE_MAX + 1) });
    expectBadRequest(await send(tooLong), 'message');
    expectBadRequest(await send(valid({ message: 'a'.repeat(100_000) })), 'message');
    expect(await feedbackRows(tooLong.email)).toHaveLength(0);
  });

  it('rejects a first name that is not text with ERROR_CODES.invalid_first_name', async () => {
    for (const firstName of ['Kamala2', '123', 'K4mala', SCRIPT, SQL_TEXT, '-Kamala']) {
      const input = valid({ firstName });
      expectBadRequest(await send(input), 'firstName', ERROR_CODES.invalid_first_name);
      expect(await feedbackRows(input.email)).toHaveLength(0);
    }
    expectBadRequest(await send(valid({ firstName: '' })), 'firstName', ERROR_CODES.required);
    expectBadRequest(await send(valid({ firstName: 'K'.repeat(51) })), 'firstName');
    for (const firstName of [{}, [], 42, null]) expectBadRequest(await send(valid({ firstName })), 'firstName');
  });

  it('rejects a mobile number that is not 9 digits with ERROR_CODES.invalid_mobile_no', async () => {
    for (const mobileNo of [
      '77123456',
      '7712345678',
      '77123456a',
      '077123456',
      '+447712345678',
      '771 234 56',
      SQL_TEXT,
      '',
    ]) {
      expectBadRequest(await send(valid({ mobileNo })), 'mobileNo', ERROR_CODES.invalid_mobile_no);
    }
    for (const mobileNo of [771234567, {}, [], null]) expectBadRequest(await send(valid({ mobileNo })), 'mobileNo');
  });

  it('rejects a bad email, a bad insight id and bodies that are not the form', async () => {
    expectBadRequest(await send(valid({ email: 'nope' })), 'email', ERROR_CODES.invalid_email);
    expectBadRequest(await send(valid({ email: `${SCRIPT}@x.lk` })), 'email', ERROR_CODES.invalid_email);
    expectBadRequest(await send(valid({ insightId: 'abc' })), 'insightId');
    expectBadRequest(await send(valid({ message: { text: 'hi' } })), 'message');
    expectBadRequest(await send({}), 'firstName');
    for (const body of [null, [], 'feedback', 7]) expectBadRequest(await send(body), '');
    expectBadRequest(
      await api.call('POST', '/api/add/new/feedback', { rawBody: '{"firstName":"Kamala",', ip: nextIp() }),
      '',
    );
    expectBadRequest(await api.call('POST', '/api/add/new/feedback', { ip: nextIp() }), '');
  });

  it('refuses a NUL character with 400 instead of failing on the insert, and keeps other control characters', async () => {
    const withNul = valid({ message: 'before\u0000after' });
    expectBadRequest(await send(withNul), 'message');
    expect(await feedbackRows(withNul.email)).toHaveLength(0);
    const withBell = valid({ message: 'tab\tbell\u0007end' });
    expect((await send(withBell)).status).toBe(201);
    expect((await feedbackRows(withBell.email))[0]!.message).toBe('tab\tbell\u0007end');
  });

  it(`answers 429 after ${RATE_LIMIT} messages with one mobile number, from any address`, async () => {
    const mobileNo = nextMobile();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await send(valid({ mobileNo }))).status).toBe(201);
    const response = await send(valid({ mobileNo }));
    expect(response.status).toBe(429);
    expect((await send(valid())).status).toBe(201);
  });

  it(`answers 429 after ${RATE_LIMIT} messages from one address, while another address still works`, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await send(valid(), ip)).status).toBe(201);
    const blocked = valid();
    const response = await send(blocked, ip);
    expect(response.status).toBe(429);
    expect(v.safeParse(ErrorResponse, response.body).issues).toBeUndefined();
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await feedbackRows(blocked.email)).toHaveLength(0);
    // The newsletter has its own counter for the same address.
    expect((await api.call('POST', '/api/new/subscribe', { body: { subscribeEmail: uniqueEmail() }, ip })).status).toBe(
      200,
    );
    expect((await send(blocked, nextIp())).status).toBe(201);
    expect(await feedbackRows(blocked.email)).toHaveLength(1);
  });
});
