// The browser's API client (src/client/http.ts, src/client/engagement.ts): answers checked
// against the contract, failures turned into ApiErrors with the text to show. First the parsing
// helpers on their own, then the ky client against the real app (in-process, on PGlite).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { FeedbackRequest, FeedbackResponse, MESSAGES, SubscribeResponse } from '../../src/contract/index.ts';
import {
  ApiError,
  CLIENT_ERROR_TEXTS,
  createServiceClient,
  errorFromAnswer,
  failureText,
  parseAnswer,
  readAnswer,
} from '../../src/client/http.ts';
import { sendFeedback, subscribeToNewsletter } from '../../src/client/engagement.ts';
import { fieldErrors, issuesByField } from '../../src/lib/form-errors.ts';
import { createApp } from '../../src/server/app.ts';
import { m } from '../../src/paraglide/messages.js';
import { getLocale, overwriteGetLocale } from '../../src/paraglide/runtime.js';
import { createTestApi, type TestApi } from '../api/harness.ts';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('reading answers', () => {
  it('returns the parsed body of an answer that matches the contract', () => {
    const body = { status: true, isFound: false, message: MESSAGES.subscribed };
    expect(parseAnswer(SubscribeResponse, 200, body)).toEqual(body);
  });

  it('an answer of another shape is an error, not data', () => {
    for (const body of [{ status: true }, 'not json', undefined, { status: false, message: 'Nope' }]) {
      expect(() => parseAnswer(SubscribeResponse, 200, body)).toThrow(ApiError);
    }
  });

  it("carries the server's message from a { status:false, message } body", () => {
    const error = errorFromAnswer(429, {
      status: false,
      message: 'Too many requests. Please wait up to 60 minutes and try again.',
      retryAfterSeconds: 3600,
    });
    expect(error).toMatchObject({
      status: 429,
      message: 'Too many requests. Please wait up to 60 minutes and try again.',
      issues: [],
    });
  });

  it("a validation error shows its first issue's text, without the field path, and keeps every issue", () => {
    const issues = [
      { path: 'mobileNo', message: ERROR_CODES.invalid_mobile_no },
      { path: 'email', message: ERROR_CODES.invalid_email },
    ];
    const error = errorFromAnswer(400, {
      status: false,
      message: `mobileNo: ${ERROR_CODES.invalid_mobile_no}`,
      issues,
    });
    expect(error).toMatchObject({ status: 400, message: ERROR_CODES.invalid_mobile_no, issues });
  });

  it('an error answer without our body gets a general text (429 its own)', () => {
    expect(errorFromAnswer(429, undefined).message).toBe(CLIENT_ERROR_TEXTS.tooManyRequests);
    expect(errorFromAnswer(502, '<html>Bad gateway</html>').message).toBe(CLIENT_ERROR_TEXTS.unexpected);
  });

  it('failureText shows an ApiError as it is and hides anything else', () => {
    expect(failureText(new ApiError('Shown as is', 400))).toBe('Shown as is');
    expect(failureText(new TypeError('x is undefined'))).toBe(CLIENT_ERROR_TEXTS.unexpected);
  });
});

describe('answers on a Sinhala or Tamil page', () => {
  const english = getLocale;
  afterEach(() => overwriteGetLocale(english));
  const answered = (body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

  it.each(['si', 'ta'] as const)(
    "a success's message in %s, by its English text; English pages keep it as sent",
    async (locale) => {
      const body = { status: true, isFound: false, message: MESSAGES.subscribed };
      expect((await readAnswer(SubscribeResponse, answered(body))).message).toBe(MESSAGES.subscribed);
      overwriteGetLocale(() => locale);
      const answer = await readAnswer(SubscribeResponse, answered(body));
      expect(answer).toEqual({ ...body, message: m.error_subscribed({}, { locale }) });
      expect(answer.message).not.toBe(MESSAGES.subscribed);
    },
  );

  it.each(['si', 'ta'] as const)('the general texts in %s: a 429 or a failure without our body', (locale) => {
    overwriteGetLocale(() => locale);
    expect(errorFromAnswer(429, undefined).message).toBe(m.client_error_too_many_requests({}, { locale }));
    expect(failureText(new TypeError('x is undefined'))).toBe(m.error_server_error({}, { locale }));
    expect(failureText(new TypeError('x'))).not.toBe(m.error_server_error({}, { locale: 'en' }));
  });
});

describe('form messages from the contract', () => {
  const feedback = (values: Partial<Record<'firstName' | 'mobileNo' | 'email' | 'message', string>>) =>
    fieldErrors(
      FeedbackRequest,
      { firstName: 'Kamala', mobileNo: '712345678', email: 'kamala@example.lk', message: '', ...values },
      ['firstName', 'mobileNo', 'email'],
    );

  it('a valid form has no messages; the message is optional', () => {
    expect(feedback({})).toEqual({});
  });

  it("blank required fields say 'Field is required. ', whatever their other rules say", () => {
    expect(feedback({ firstName: '  ', mobileNo: '', email: '' })).toEqual({
      firstName: ERROR_CODES.required,
      mobileNo: ERROR_CODES.required,
      email: ERROR_CODES.required,
    });
  });

  it("other mistakes get the contract's messages", () => {
    expect(feedback({ firstName: 'K4mala', mobileNo: '71234', email: 'kamala@' })).toEqual({
      firstName: ERROR_CODES.invalid_first_name,
      mobileNo: ERROR_CODES.invalid_mobile_no,
      email: ERROR_CODES.invalid_email,
    });
  });

  it("the server's issues map onto the form's fields only", () => {
    const issues = [
      { path: 'mobileNo', message: 'first' },
      { path: 'mobileNo', message: 'second' },
      { path: 'insightId', message: 'not a field' },
    ];
    expect(issuesByField(issues, ['firstName', 'mobileNo'])).toEqual({ mobileNo: 'first' });
  });
});

describe('the ky client against the real API', () => {
  const RATE_LIMIT = 3;
  let api: TestApi;
  let client: ReturnType<typeof createServiceClient>;
  let ipCounter = 0;
  /** A client whose requests come from their own address, so the rate limit bites only where meant to. */
  const clientFrom = (ip: string) => {
    const app = createApp(api.deps);
    return createServiceClient('http://offerlanka.test/api', {
      fetch: async (input, init) =>
        app.fetch(new Request(input, init), { incoming: { socket: { remoteAddress: ip } } }),
    });
  };
  const email = () => `reader.${Date.now().toString(36)}.${++ipCounter}@example.lk`;

  beforeAll(async () => {
    api = await createTestApi({ seed: false, rateRules: { newsletterPerIp: { limit: RATE_LIMIT, windowMs: 60_000 } } });
    client = clientFrom('203.0.113.50');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('subscribes, then says the address was already on the list', async () => {
    const subscribeEmail = email();
    expect(await subscribeToNewsletter({ insightId: null, subscribeEmail }, client)).toEqual({
      status: true,
      isFound: false,
      message: MESSAGES.subscribed,
    });
    expect(await subscribeToNewsletter({ insightId: null, subscribeEmail }, client)).toEqual({
      status: true,
      isFound: true,
      message: MESSAGES.alreadySubscribed,
    });
  });

  it("a refused request's error carries the server's message and issues", async () => {
    // Sent as is, past the client's own check, as a stale page or another client could.
    const error = await rejection(
      readAnswer(SubscribeResponse, client.post('new/subscribe', { json: { subscribeEmail: 'not-an-email' } })),
    );
    expect(error).toMatchObject({
      status: 400,
      message: ERROR_CODES.invalid_email,
      issues: [{ path: 'subscribeEmail', message: ERROR_CODES.invalid_email }],
    });
  });

  it("passing the rate limit gives the server's 429 message", async () => {
    const limited = clientFrom('203.0.113.51');
    for (let i = 0; i < RATE_LIMIT; i++)
      await subscribeToNewsletter({ insightId: null, subscribeEmail: email() }, limited);
    const error = await rejection(subscribeToNewsletter({ insightId: null, subscribeEmail: email() }, limited));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/^Too many requests\. Please wait up to \d+ minutes and try again\.$/);
  });

  it('sends feedback, and refuses a bad mobile number with its message', async () => {
    const sent = await sendFeedback(
      { insightId: null, firstName: 'Kamala', mobileNo: '712345678', email: email(), message: 'Hello' },
      client,
    );
    expect(sent.status).toBe(true);
    expect(sent.message).not.toBe('');
    const bad = await rejection(
      readAnswer(
        FeedbackResponse,
        client.post('add/new/feedback', {
          json: { firstName: 'Kamala', mobileNo: '71234', email: email() },
        }),
      ),
    );
    expect(bad).toMatchObject({ status: 400, message: ERROR_CODES.invalid_mobile_no });
  });
});

describe('the ky client without a usable answer', () => {
  it('sends a POST once, even when the server fails', async () => {
    let calls = 0;
    const client = createServiceClient('http://offerlanka.test/api', {
      fetch: async () => {
        calls++;
        return new Response('busy', { status: 503 });
      },
    });
    const error = await rejection(subscribeToNewsletter({ insightId: null, subscribeEmail: 'a@example.lk' }, client));
    expect(error).toMatchObject({ status: 503, message: CLIENT_ERROR_TEXTS.unexpected });
    expect(calls).toBe(1);
  });

  it('tries a GET once more', async () => {
    let calls = 0;
    const client = createServiceClient('http://offerlanka.test/api', {
      fetch: async () => {
        calls++;
        return new Response('busy', { status: 503 });
      },
    });
    await rejection(readAnswer(SubscribeResponse, client.get('get/all/banks')));
    expect(calls).toBe(2);
  });

  it('a network failure and a timeout get their own texts', async () => {
    const offline = createServiceClient('http://offerlanka.test/api', {
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await rejection(readAnswer(SubscribeResponse, offline.post('new/subscribe', { json: {} })))).toMatchObject({
      status: 0,
      message: CLIENT_ERROR_TEXTS.network,
    });

    const silent = createServiceClient('http://offerlanka.test/api', {
      timeout: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    });
    expect(await rejection(readAnswer(SubscribeResponse, silent.post('new/subscribe', { json: {} })))).toMatchObject({
      status: 0,
      message: CLIENT_ERROR_TEXTS.timeout,
    });
  });
});
