// What an offer's link-preview image draws, and its key (src/lib/preview-image.ts): the key
// follows exactly what the image shows, so an image is rendered again only when that changes.
import { describe, expect, it } from 'vitest';
import { previewImageAlt, previewImageKey, previewImagePath, previewImageSpec } from '../../src/lib/preview-image.ts';
import type { OfferData } from '../../src/contract/index.ts';

function offer(changes: Partial<OfferData> = {}): OfferData {
  const merchant = {
    merchantId: 3,
    merchantName: 'Pizza Hut',
    logoURL: null,
    contactNo: null,
    webURL: null,
    slug: 'pizza-hut',
  };
  return {
    offerId: 42,
    header: 'Weekend dinner deal',
    label: 'Dinner for two',
    description: '',
    translations: {},
    bannerImageURL: null,
    offerTerms: '',
    offerType: 'off',
    offerRate: '20',
    instalmentMonths: null,
    offerDateType: 'fromTo',
    offerStart: '2026-11-30T18:30:00.000Z',
    offerEnd: '2026-12-10T18:29:59.000Z', // 10 December, 23:59:59 in Colombo
    validTimeDateDescription: null,
    promoCode: null,
    hotLine: { mobileNo: [], email: [] },
    cardTypes: [],
    status: 'accepted',
    withdrawn: false,
    location: [],
    source: null,
    views: 0,
    interest: 0,
    createAt: '2026-11-20T04:00:00.000Z',
    bankId: 1,
    categoryId: 2,
    merchantId: 3,
    bank: {
      bankId: 1,
      bankName: 'Commercial Bank',
      slug: 'commercial-bank',
      logoURL: '/api/images/cb.svg',
      thumbnailURL: '',
      cardTypes: [],
      issuedCards: [],
      color: '#0057a8',
    },
    category: { categoryId: 2, id: 2, categoryName: 'Dining', slug: 'dining', iconName: 'dining', translations: {} },
    merchant,
    merchantData: merchant,
    eligibility: undefined as unknown as OfferData['eligibility'],
    ...changes,
  };
}
const keyOf = (o: OfferData) => previewImageKey(previewImageSpec(o));

describe('offer preview image', () => {
  it("draws the bank, the merchant, the discount and the end date in Sri Lanka's day", () => {
    const spec = previewImageSpec(offer());
    expect(spec).toEqual({
      bankName: 'Commercial Bank',
      bankColor: '#0057a8',
      bankLogoUrl: '/api/images/cb.svg',
      merchantName: 'Pizza Hut',
      discount: '20% off',
      endText: 'Valid until December 10th 2026',
    });
    expect(previewImageAlt(spec)).toBe(
      '20% off at Pizza Hut with Commercial Bank credit cards. Valid until December 10th 2026',
    );
    // Without a rate the label is the headline; without an end date there is no date line.
    expect(previewImageSpec(offer({ offerRate: null, offerEnd: null }))).toMatchObject({
      discount: 'Dinner for two',
      endText: '',
    });
  });

  it('keeps its key while what it draws is the same, and changes it with any of it', () => {
    const key = keyOf(offer());
    expect(key).toMatch(/^[0-9a-f]{20}$/);
    expect(previewImagePath(key)).toBe(`/og/${key}.png`);
    // Counts, the description and other offers' fields are not drawn.
    expect(
      keyOf(offer({ views: 900, interest: 12, description: 'New text', header: 'Other header', offerId: 43 })),
    ).toBe(key);
    const changes: Partial<OfferData>[] = [
      { offerRate: '25' },
      { offerType: 'upto' },
      { offerEnd: '2026-12-11T18:29:59.000Z' },
      { merchant: { ...offer().merchant, merchantName: 'Pizza Hut Colombo' } },
      { bank: { ...offer().bank, bankName: 'ComBank' } },
      { bank: { ...offer().bank, color: '#000000' } },
      { bank: { ...offer().bank, logoURL: '/api/images/cb-new.png' } },
    ];
    const keys = changes.map((change) => keyOf(offer(change)));
    expect(new Set([key, ...keys]).size).toBe(changes.length + 1);
  });
});
