// The request's language (src/server/http/request-locale.ts, docs/api.md §1.2 "Language"): the
// first Accept-Language tag, by q order, in one of the site's languages; English otherwise.
import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage } from '../../src/server/http/request-locale.ts';

describe('parseAcceptLanguage', () => {
  it.each([
    ['si', 'si'],
    ['ta', 'ta'],
    ['en', 'en'],
    ['SI', 'si'],
    ['si-LK', 'si'],
    ['ta-LK,ta;q=0.9,en;q=0.8', 'ta'],
    [' si-lk ; q=1 , en ; q=0.5', 'si'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,ta;q=0.8,si;q=0.7', 'ta'],
    ['en;q=0.5,si;q=0.9', 'si'],
    ['si;q=0.8,ta;q=0.8', 'si'],
    ['*,ta;q=0.1', 'ta'],
    ['si;q=0,ta;q=0.2', 'ta'],
  ])('reads %j as %s', (header, locale) => {
    expect(parseAcceptLanguage(header)).toBe(locale);
  });

  it.each([
    [undefined],
    [''],
    ['fr'],
    ['de-DE,fr;q=0.9'],
    ['*'],
    ['sinhala'],
    ['tam'],
    ['si;q=0'],
    ['si;q=abc'],
    [',,,;;;q='],
    ['x'.repeat(5000)],
  ])('answers English for %j', (header) => {
    expect(parseAcceptLanguage(header)).toBe('en');
  });
});
