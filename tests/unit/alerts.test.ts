// The e-mail settings (env.ts) and an alert's list link, written as the filter bar writes its URL.
import { describe, expect, it } from 'vitest';
import { OfferSearchRequest } from '../../src/contract/offer-search.ts';
import { alertListPath } from '../../src/lib/alert-list-path.ts';
import { readEnv } from '../../src/server/env.ts';
import { NO_FILTER, queryWithFilter } from '../../src/stores/offer-filters.ts';
import * as v from 'valibot';

describe('MAIL_PROVIDER and SMTP_*', () => {
  it('defaults to the console in development and refuses it in production', () => {
    expect(readEnv({}).MAIL_PROVIDER).toBe('console');
    expect(() =>
      readEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' }),
    ).toThrow(/SMTP_HOST is required/);
    expect(() =>
      readEnv({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example/send',
        MAIL_PROVIDER: 'console',
      }),
    ).toThrow(/MAIL_PROVIDER=console .* refused/);
    const env = readEnv({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMTP_HOST: 'smtp.example',
      SMTP_PORT: '465',
      SMTP_SECURE: '1',
    });
    expect(env).toMatchObject({
      MAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example',
      SMTP_PORT: 465,
      SMTP_SECURE: true,
      DIGEST_CRON: '0 9 * * 1',
    });
  });

  it('checks the port and the schedule', () => {
    expect(() => readEnv({ SMTP_PORT: 'twenty-five' })).toThrow(/SMTP_PORT/);
    expect(() => readEnv({ DIGEST_CRON: 'every monday' })).toThrow(/DIGEST_CRON must be a cron pattern/);
    expect(() => readEnv({ MAIL_PROVIDER: 'sendgrid' })).toThrow(/MAIL_PROVIDER/);
  });
});

describe('alertListPath', () => {
  it('writes the filter as the home page reads it (stores/offer-filters.ts)', () => {
    const searches = [
      {},
      { bankIds: [3, 1], categoryIds: [2] },
      { networks: ['visa', 'amex'], channel: 'online', validToday: true, endingSoon: true, sort: 'biggestDiscount' },
      { channel: 'inStore', sort: 'endingSoon' },
      { cards: [{ bankId: 1 }], sort: 'mostViewed' },
    ] as const;
    for (const input of searches) {
      const search = v.parse(OfferSearchRequest, input);
      const filter = { ...NO_FILTER, ...search, mine: search.cards.length > 0 };
      expect(alertListPath(search), JSON.stringify(input)).toBe(`/${queryWithFilter('', filter)}`);
    }
  });
});
