// One whole offer as the API answers it (OfferData), for unit tests of what is made from an offer:
// Pizza Hut's dinner deal with Commercial Bank, 20% off from 1 to 10 December 2026 in Colombo, no
// conditions. Each test changes what it is about.
import { NO_ELIGIBILITY } from '../../src/contract/eligibility.ts';
import type { OfferData } from '../../src/contract/index.ts';

export const PIZZA_HUT = {
  merchantId: 3,
  merchantName: 'Pizza Hut',
  logoURL: null,
  contactNo: null,
  webURL: null,
  slug: 'pizza-hut',
};

export function offerData(changes: Partial<OfferData> = {}): OfferData {
  const merchant = changes.merchant ?? PIZZA_HUT;
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
    // 1 December 00:00 and 10 December 23:59:59 in Colombo (+05:30): in UTC the start is still 30 November.
    offerStart: '2026-11-30T18:30:00.000Z',
    offerEnd: '2026-12-10T18:29:59.000Z',
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
    merchantId: merchant.merchantId,
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
    eligibility: NO_ELIGIBILITY,
    ...changes,
  };
}
