import { describe, expect, it } from 'vitest';
import { apiImageSrc, categoryIconSrc, resolveApiImage } from '../../src/lib/api-images.ts';

describe('resolveApiImage', () => {
  it.each([
    ['/api', '/api/images/bank-1.svg', '/api/images/bank-1.svg'],
    ['https://api.offerlanka.lk/api', '/api/images/bank-1.svg', 'https://api.offerlanka.lk/api/images/bank-1.svg'],
    [
      'https://api.offerlanka.lk/api',
      '/api/images/upload-ab12.png',
      'https://api.offerlanka.lk/api/images/upload-ab12.png',
    ],
    [
      'https://api.offerlanka.lk/v2',
      '/api/images/icon-dining.svg',
      'https://api.offerlanka.lk/v2/images/icon-dining.svg',
    ],
  ])('%s: %s → %s', (base, url, expected) => {
    expect(resolveApiImage(base, url)).toBe(expected);
  });

  it.each(['/api', 'https://api.offerlanka.lk/api'])('leaves other URLs as they are (base %s)', (base) => {
    for (const url of [
      'https://cdn.example.lk/banner.png',
      'http://example.lk/logo.jpg',
      '/favicon.svg',
      '/api/ads',
      '/api/imagesx/a.svg',
      'https://api.offerlanka.lk/api/images/a.svg',
    ]) {
      expect(resolveApiImage(base, url)).toBe(url);
    }
  });

  it('gives undefined for no URL, so callers keep their fallbacks', () => {
    expect(resolveApiImage('/api', null)).toBeUndefined();
    expect(resolveApiImage('/api', undefined)).toBeUndefined();
    expect(resolveApiImage('https://api.offerlanka.lk/api', '')).toBeUndefined();
  });
});

describe('with the default PUBLIC_API_URL', () => {
  it('apiImageSrc changes nothing', () => {
    expect(apiImageSrc('/api/images/bank-1.svg')).toBe('/api/images/bank-1.svg');
    expect(apiImageSrc(null)).toBeUndefined();
  });

  it('categoryIconSrc is the icon under the API image route', () => {
    expect(categoryIconSrc('dining')).toBe('/api/images/icon-dining.png');
  });
});
