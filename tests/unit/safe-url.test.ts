import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HouseAd, Offer, WebUrl } from '../../src/contract/index.ts';
import OfferCard from '../../src/islands/offer-card/OfferCard.tsx';
import { NO_ELIGIBILITY } from '../../src/contract/eligibility.ts';
import { PLACEHOLDER_IMAGE_URL, safeUrl } from '../../src/contract/safe-url.ts';

describe('safeUrl', () => {
  it.each([
    'https://www.example.lk/offers',
    'http://example.lk',
    'HTTPS://EXAMPLE.LK/a.png',
    '/api/images/bank-hnb.svg',
    '/',
    '/sign-up?x=1#y',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x.png',
    '/\\evil.example',
    '/\t/evil.example',
    'images/x.png',
    'ftp://example.lk',
    'https://exa mple.lk',
    '',
    'http://',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeUndefined();
  });

  it('refuses null and undefined', () => {
    expect(safeUrl(null)).toBeUndefined();
    expect(safeUrl(undefined)).toBeUndefined();
  });
});

describe('the contract', () => {
  it('WebUrl accepts http(s) and site paths only', () => {
    expect(v.is(WebUrl, 'https://www.example.lk')).toBe(true);
    expect(v.is(WebUrl, '/about-us')).toBe(true);
    expect(v.is(WebUrl, 'javascript:alert(1)')).toBe(false);
    expect(v.is(WebUrl, `/${'a'.repeat(5000)}`)).toBe(false);
  });

  it('reads an answer with unsafe URLs as no banner, the placeholder logo and no merchant site', () => {
    const parsed = v.parse(Offer, offerWith('javascript:alert(1)'));
    expect(parsed.bannerImageURL).toBeNull();
    expect(parsed.bank.logoURL).toBe(PLACEHOLDER_IMAGE_URL);
    expect(parsed.merchant.webURL).toBeNull();
    expect(parsed.merchant.logoURL).toBeNull();
  });

  it('leaves out an ad whose link or image is unsafe', () => {
    const ad = { adId: 1, title: 'Ad', body: 'Body', imageUrl: '/api/images/ad-1.svg', linkUrl: '/sign-up' };
    expect(v.is(HouseAd, ad)).toBe(true);
    expect(v.is(HouseAd, { ...ad, linkUrl: 'javascript:alert(1)' })).toBe(false);
    expect(v.is(HouseAd, { ...ad, imageUrl: 'data:image/png;base64,AAAA' })).toBe(false);
  });
});

describe('OfferCard', () => {
  it('renders no javascript: URL given as a banner or logo, and shows the category icon instead', () => {
    const html = renderToString(
      createElement(OfferCard, {
        offer: { ...offerWith('javascript:alert(1)'), eligibility: NO_ELIGIBILITY } as never,
      }),
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('offer-card-fallback');
    expect(html).toContain(`src="${PLACEHOLDER_IMAGE_URL}"`);
  });

  it('renders a safe banner', () => {
    const html = renderToString(
      createElement(OfferCard, {
        offer: { ...offerWith('/api/images/banner-1.svg'), eligibility: NO_ELIGIBILITY } as never,
      }),
    );
    expect(html).toContain('src="/api/images/banner-1.svg"');
  });
});

/** An offer answer whose every URL is `url`. */
function offerWith(url: string) {
  const bank = {
    bankId: 1,
    bankName: 'HNB',
    slug: 'hnb',
    logoURL: url,
    thumbnailURL: url,
    cardTypes: ['Visa'],
    color: '#000',
  };
  const category = { categoryId: 2, id: 2, categoryName: 'Dining', slug: 'dining', iconName: 'dining' };
  const merchant = { merchantId: 3, merchantName: 'Cafe', logoURL: url, contactNo: null, webURL: url };
  return {
    offerId: 9,
    label: 'Label',
    header: 'Header',
    description: '',
    bannerImageURL: url,
    offerType: 'off',
    offerRate: '10',
    offerDateType: 'other',
    offerStart: null,
    offerEnd: null,
    validTimeDateDescription: null,
    promoCode: null,
    hotLine: { mobileNo: [], email: [] },
    cardTypes: [],
    status: 'accepted',
    location: [],
    views: 1,
    interest: 0,
    createAt: new Date(0).toISOString(),
    bankId: 1,
    categoryId: 2,
    merchantId: 3,
    bank,
    category,
    merchant,
    merchantData: merchant,
  };
}
