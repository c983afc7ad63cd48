// The stable `code` beside every error's English `message` (docs/api.md §1.4), on real answers:
// the code of the text, `required` for a missing field, the issue's values as `params`, and the
// status's code for the failures without a text of their own (no route, too large, rate limited).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { UPLOAD_BYTES_MAX } from '../../src/contract/index.ts';
import { expectError } from './expectations.ts';
import { createTestApi, freshMobile, signUpVerified, STRONG_PASSWORD, type TestApi } from './harness.ts';

const MINUTE = 60_000;
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ offers: 5, rateRules: { signInPerIp: { limit: 2, windowMs: 15 * MINUTE } } });
});
afterAll(async () => {
  await api?.close();
});

// Each test signs in from its own address, so that only the rate-limit test meets the limit.
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;
const signIn = (body: unknown, ip = nextIp()) => api.call('POST', '/api/user/authentication', { body, ip });

describe('validation failures', () => {
  it('a bad mobile number at sign-in: its code, the English message unchanged', async () => {
    const res = await signIn({ mobileNo: '7712', password: STRONG_PASSWORD });
    expectError(res, 400, `mobileNo: ${ERROR_CODES.invalid_mobile_no}`);
    expect(res.body.code).toBe('invalid_mobile_no');
    expect(res.body.issues).toEqual([
      { path: 'mobileNo', message: ERROR_CODES.invalid_mobile_no, code: 'invalid_mobile_no' },
    ]);
  });

  it('a missing or empty field is `required`, whatever the schema wrote', async () => {
    const missing = await signIn({ mobileNo: '771234567' });
    expectError(missing, 400);
    expect(missing.body.code).toBe('required');
    expect(missing.body.issues).toEqual([expect.objectContaining({ path: 'password', code: 'required' })]);

    // docs/api.md §1.4's example.
    const both = await signIn({ mobileNo: '7712', password: '' });
    expectError(both, 400, `mobileNo: ${ERROR_CODES.invalid_mobile_no}`);
    expect(both.body.code).toBe('invalid_mobile_no');
    expect(both.body.issues).toEqual([
      { path: 'mobileNo', message: ERROR_CODES.invalid_mobile_no, code: 'invalid_mobile_no' },
      { path: 'password', message: ERROR_CODES.required, code: 'required' },
    ]);
  });

  it('a text with a number carries it as params', async () => {
    const res = await api.call('POST', '/api/add/new/feedback', {
      body: { firstName: 'Nimal', mobileNo: freshMobile(), email: 'nimal@example.com', message: 'x'.repeat(2001) },
      ip: nextIp(),
    });
    expectError(res, 400, 'message: At most 2000 characters.');
    expect(res.body).toMatchObject({ code: 'too_long', params: { max: 2000 } });
    expect(res.body.issues).toEqual([
      { path: 'message', message: 'At most 2000 characters.', code: 'too_long', params: { max: 2000 } },
    ]);
  });

  it('a schema message without a code of its own is `invalid`', async () => {
    const res = await api.call('GET', '/api/get/offers/by/page/x/10');
    expectError(res, 400);
    expect(res.body.code).toBe('invalid');
    expect(res.body.issues[0].code).toBe('invalid');
  });

  it('a body that is not JSON, or not sent as JSON', async () => {
    const broken = await api.call('POST', '/api/user/authentication', { rawBody: '{', ip: nextIp() });
    expectError(broken, 400, API_MESSAGES.notJson);
    expect(broken.body.code).toBe('not_json');
    expect(broken.body.issues[0].code).toBe('not_json');
    const text = await api.call('POST', '/api/user/authentication', {
      rawBody: 'x',
      headers: { 'content-type': 'text/plain' },
      ip: nextIp(),
    });
    expectError(text, 415, API_MESSAGES.sendAsJson);
    expect(text.body.code).toBe('unsupported_media_type');
  });
});

describe('refusals', () => {
  it('401 without a token, and with a dead one', async () => {
    const none = await api.call('GET', '/api/user/alerts');
    expectError(none, 401, API_MESSAGES.signInRequired);
    expect(none.body.code).toBe('sign_in_required');
    const dead = await api.call('GET', '/api/user/alerts', { token: 'no-such-token' });
    expectError(dead, 401, API_MESSAGES.sessionExpired);
    expect(dead.body.code).toBe('session_expired');
  });

  it('a wrong password, and a text that names values, with them as params', async () => {
    const user = await signUpVerified(api);
    const wrong = await signIn({ mobileNo: user.mobileNo, password: `${STRONG_PASSWORD}x` });
    expectError(wrong, 401, ERROR_CODES.invalid_login);
    expect(wrong.body.code).toBe('invalid_login');
    const tags = await api.call('POST', '/api/user/tag/update', { token: user.token, body: { tags: [999_999] } });
    expect(tags.status).toBe(400);
    expect(tags.body).toEqual({
      status: false,
      message: 'Unknown category ids: 999999',
      code: 'unknown_category_ids',
      params: { ids: '999999' },
    });
  });

  it('404 for no such route', async () => {
    const res = await api.call('GET', '/api/no/such/route');
    expectError(res, 404, API_MESSAGES.noSuchRoute);
    expect(res.body.code).toBe('no_such_route');
  });

  it('413 for a body too large', async () => {
    const res = await api.call('POST', '/api/temp/image/upload', {
      rawBody: 'x'.repeat(Math.ceil((UPLOAD_BYTES_MAX * 4) / 3) + 64 * 1024 + 1),
    });
    expectError(res, 413, API_MESSAGES.bodyTooLarge);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('429 past a rate limit, with the minutes as params', async () => {
    const ip = nextIp();
    const body = { mobileNo: freshMobile(), password: STRONG_PASSWORD };
    for (let i = 0; i < 2; i++) expectError(await signIn(body, ip), 401, ERROR_CODES.invalid_login);
    const res = await signIn(body, ip);
    expectError(res, 429, API_MESSAGES.rateLimited(15));
    expect(res.body).toMatchObject({ code: 'rate_limited', params: { minutes: 15 }, retryAfterSeconds: 900 });
  });
});
