// Error and form messages in the visitor's language (src/lib/error-text.ts, messages/errors/): one
// message per error code, English exactly the code's main text, and the API client's errors shown in
// the page's language.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createServiceClient, readAnswer } from '../../src/client/http.ts';
import { isUnknownInsight } from '../../src/client/insights.ts';
import { ERROR_CODE_TEXTS, ERROR_CODES, type ErrorCode } from '../../src/contract/error-codes.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { SubscribeResponse } from '../../src/contract/index.ts';
import { CLIENT_ERROR_TEXTS } from '../../src/lib/constants.ts';
import { codeText, errorText } from '../../src/lib/error-text.ts';
import { m } from '../../src/paraglide/messages.js';
import { getLocale, overwriteGetLocale } from '../../src/paraglide/runtime.js';

const LOCALES = ['si', 'ta'] as const;
const codes = Object.keys(ERROR_CODE_TEXTS) as ErrorCode[];
/** A code's main English text with its `{name}` places filled by `params`. */
const english = (code: ErrorCode, params: Record<string, string | number> = {}) =>
  ERROR_CODES[code].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

describe('the error messages', () => {
  it('are one per code: every code has an error_ message, and every error_ message a code', () => {
    const { $schema: _schema, ...messages } = JSON.parse(readFileSync('messages/errors/en.json', 'utf8')) as Record<
      string,
      string
    >;
    expect(Object.keys(messages).sort()).toEqual(codes.map((code) => `error_${code}`).sort());
  });

  it("say in English exactly the code's main text", () => {
    const messages = m as unknown as Record<
      string,
      (inputs: Record<string, string>, options: { locale: string }) => string
    >;
    for (const code of codes) {
      const names = Object.fromEntries(
        [...ERROR_CODES[code].matchAll(/\{(\w+)\}/g)].map(([place, name]) => [name!, place]),
      );
      expect(messages[`error_${code}`]!(names, { locale: 'en' }), code).toBe(ERROR_CODES[code]);
    }
  });

  it('give a code in Sinhala and Tamil, and in English its exact text', () => {
    expect(codeText('required', {}, 'en')).toBe(ERROR_CODES.required);
    for (const locale of LOCALES) {
      expect(codeText('required', {}, locale)).toBe(m.error_required({}, { locale }));
      expect(codeText('required', {}, locale)).not.toBe(ERROR_CODES.required);
    }
    expect(m.error_required({}, { locale: 'si' })).toBe('මෙම ක්ෂේත්‍රය අවශ්‍යයි.');
    expect(m.error_required({}, { locale: 'ta' })).toBe('இந்தப் புலம் அவசியம்.');
  });

  it('fill a template code with its values', () => {
    expect(codeText('too_long', { max: 40 }, 'en')).toBe('At most 40 characters.');
    expect(codeText('too_long', { max: 40 }, 'si')).toBe('උපරිම අක්ෂර 40කි.');
    expect(codeText('too_long', { max: 40 }, 'ta')).toBe('அதிகபட்சம் 40 எழுத்துகள்.');
    expect(codeText('rate_limited', { minutes: 15 }, 'ta')).toBe(
      m.error_rate_limited({ minutes: 15 }, { locale: 'ta' }),
    );
  });

  it('turn every English text of every code into its message, values included', () => {
    for (const locale of LOCALES) {
      for (const code of codes) {
        for (const text of ERROR_CODE_TEXTS[code]) {
          if (typeof text !== 'string') continue;
          expect(errorText(text, undefined, undefined, locale), text).toBe(codeText(code, {}, locale));
        }
      }
      expect(errorText('At most 40 characters.', undefined, undefined, locale)).toBe(
        codeText('too_long', { max: 40 }, locale),
      );
      expect(errorText('The image is empty.', 'upload_empty', { what: 'image' }, locale)).toContain('(image)');
    }
  });

  it('leave English as it is, and a text without a message in English', () => {
    expect(errorText(ERROR_CODES.invalid_mobile_no, 'invalid_mobile_no', undefined, 'en')).toBe(
      ERROR_CODES.invalid_mobile_no,
    );
    for (const locale of LOCALES) {
      expect(errorText('Invalid length: Expected <=200 but received 201', undefined, undefined, locale)).toBe(
        'Invalid length: Expected <=200 but received 201',
      );
      // A team console refusal, by its code.
      expect(errorText('Report not found.', undefined, undefined, locale)).toBe(
        m.error_report_not_found({}, { locale }),
      );
      expect(errorText('Invalid type: Expected string but received 1', 'no_such_code', undefined, locale)).toBe(
        'Invalid type: Expected string but received 1',
      );
    }
  });

  it('say a sign-in wait in seconds, or in minutes for a long one, as the API did', () => {
    expect(m.account_sign_in_wait_minutes({ minutes: 10 }, { locale: 'en' })).toBe(API_MESSAGES.signInWait(600));
    for (const locale of LOCALES) {
      expect(errorText(API_MESSAGES.signInWait(600), 'sign_in_wait', { minutes: 10 }, locale)).toBe(
        m.account_sign_in_wait_minutes({ minutes: 10 }, { locale }),
      );
      expect(errorText(API_MESSAGES.signInWait(600), undefined, undefined, locale)).toBe(
        m.account_sign_in_wait_minutes({ minutes: 10 }, { locale }),
      );
      expect(errorText(API_MESSAGES.signInWait(30), 'sign_in_wait', { seconds: 30 }, locale)).toBe(
        m.error_sign_in_wait({ seconds: 30 }, { locale }),
      );
    }
    expect(m.account_sign_in_wait_minutes({ minutes: 10 }, { locale: 'si' })).toContain('මිනිත්තු 10');
    expect(m.account_sign_in_wait_minutes({ minutes: 10 }, { locale: 'ta' })).toContain('10 நிமிடங்கள்');
  });
});

describe("the API client's errors", () => {
  const original = getLocale;
  afterEach(() => overwriteGetLocale(original));

  /** A client whose every call gets this answer. */
  const answering = (status: number, body: unknown) =>
    createServiceClient('http://offerlanka.test/api', {
      fetch: async () => Response.json(body, { status }),
    });
  const failure = async (status: number, body: unknown) => {
    const error = await readAnswer(SubscribeResponse, answering(status, body).post('new/subscribe', { json: {} })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };
  const invalidEmail = {
    status: false,
    message: `subscribeEmail: ${ERROR_CODES.invalid_email}`,
    code: 'invalid_email',
    issues: [{ path: 'subscribeEmail', message: ERROR_CODES.invalid_email, code: 'invalid_email' }],
  };

  it('are in English on an English page, as the server wrote them', async () => {
    expect(await failure(400, invalidEmail)).toMatchObject({
      message: ERROR_CODES.invalid_email,
      code: 'invalid_email',
      issues: invalidEmail.issues,
    });
  });

  it('are in the page language on a Sinhala or Tamil page, their issues too', async () => {
    for (const locale of LOCALES) {
      overwriteGetLocale(() => locale);
      const text = m.error_invalid_email({}, { locale });
      expect(await failure(400, invalidEmail)).toMatchObject({
        status: 400,
        message: text,
        code: 'invalid_email',
        issues: [{ path: 'subscribeEmail', message: text }],
      });
      const limited = await failure(429, {
        status: false,
        message: english('rate_limited', { minutes: 5 }),
        code: 'rate_limited',
        params: { minutes: 5 },
      });
      expect(limited.message).toBe(codeText('rate_limited', { minutes: 5 }, locale));
      // A general text the browser gives (a proxy's page instead of our answer) has a code too.
      expect((await failure(500, 'not json')).message).toBe(codeText('server_error', {}, locale));
    }
  });

  it("say 'no connection' and 'too slow' in the page's language, though no answer came", () => {
    const english = { network: CLIENT_ERROR_TEXTS.network, timeout: CLIENT_ERROR_TEXTS.timeout };
    expect(english.network).toBe('We could not reach OfferLanka. Check your connection and try again.');
    for (const locale of LOCALES) {
      overwriteGetLocale(() => locale);
      expect(CLIENT_ERROR_TEXTS.network).toBe(m.client_error_network({}, { locale }));
      expect(CLIENT_ERROR_TEXTS.timeout).toBe(m.client_error_timeout({}, { locale }));
      expect([CLIENT_ERROR_TEXTS.network, CLIENT_ERROR_TEXTS.timeout]).not.toContain(english.network);
    }
  });

  it('keep the code, by which other code recognises an answer whatever its language (an unknown insight)', async () => {
    overwriteGetLocale(() => 'si');
    const body = { status: false, message: ERROR_CODES.unknown_insight, code: 'unknown_insight' };
    const error = await failure(404, body);
    expect(error.message).toBe(m.error_unknown_insight({}, { locale: 'si' }));
    expect(isUnknownInsight(error)).toBe(true);
  });
});
