// A merchant's page (/merchants/{slug}): every bank's offers at the merchant, now, coming and
// recently ended, and a Monday-to-Sunday strip of which bank gives what on each day. Worked out
// here from the build's offers, so that the page reads as markup.
import type { BankDetailData, MerchantData, OfferData } from '../contract/index.ts';
import type { MerchantSavingsData } from '../lib/savings.ts';
import { WEEKDAYS, type Weekday } from '../contract/card-constants.ts';
import { RECENTLY_ENDED_DAYS } from '../lib/constants.ts';
import { weekdayName } from '../lib/format-eligibility.ts';
import { localePath } from '../lib/locale-path.ts';
import { merchantPagePath, offerCanonicalPath } from '../lib/site-urls.ts';
import { runsOnWeekday, weekBankLabels, weekEntry, type WeekEntry } from './week-view.ts';

export type { WeekEntry } from './week-view.ts';

export type PagedMerchant = MerchantData & { slug: string };

export interface MerchantPageProps {
  merchant: PagedMerchant;
  /** Started and not ended, newest first. */
  live: OfferData[];
  /** Not started yet, soonest first. */
  upcoming: OfferData[];
  /** Ended (or withdrawn) within RECENTLY_ENDED_DAYS, latest first. */
  ended: OfferData[];
}

const DAY_MS = 86_400_000;
const startsAfter = (offer: OfferData, now: number) => offer.offerStart !== null && Date.parse(offer.offerStart) > now;

/** One page per merchant with a public offer and a slug; `offers` newest first, as the build reads them. */
export function merchantPages(offers: OfferData[], now = Date.now()): MerchantPageProps[] {
  const byMerchant = new Map<number, MerchantPageProps>();
  for (const offer of offers) {
    const { slug } = offer.merchant;
    if (!slug) continue;
    let page = byMerchant.get(offer.merchantId);
    if (!page)
      byMerchant.set(
        offer.merchantId,
        (page = { merchant: { ...offer.merchant, slug }, live: [], upcoming: [], ended: [] }),
      );
    if (offer.status === 'expired') {
      const endedAt = Date.parse(offer.offerEnd ?? '') || now;
      if (now - endedAt <= RECENTLY_ENDED_DAYS * DAY_MS) page.ended.push(offer);
    } else if (startsAfter(offer, now)) page.upcoming.push(offer);
    else page.live.push(offer);
  }
  for (const page of byMerchant.values()) {
    page.upcoming.sort((a, b) => Date.parse(a.offerStart!) - Date.parse(b.offerStart!));
    page.ended.sort((a, b) => (b.offerEnd ?? '').localeCompare(a.offerEnd ?? ''));
  }
  return [...byMerchant.values()];
}

/** Each weekday's live offers: those that name the day, or no day (every day). */
export function weekStrip(live: OfferData[]): { day: Weekday; name: string; entries: WeekEntry[] }[] {
  const labels = weekBankLabels(live);
  return WEEKDAYS.map((day) => ({
    day,
    name: weekdayName(day),
    entries: live.filter((offer) => runsOnWeekday(offer, day)).map((offer) => weekEntry(offer, labels)),
  }));
}

/** The page's JSON-LD: the merchant, with the offers the banks make there now. */
export function merchantJsonLd(page: MerchantPageProps, site: URL): object[] {
  const { merchant } = page;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: merchant.merchantName,
      url: new URL(localePath(merchantPagePath(merchant)), site).toString(),
      ...(merchant.logoURL ? { logo: new URL(merchant.logoURL, site).toString() } : {}),
      ...(merchant.webURL ? { sameAs: merchant.webURL } : {}),
      makesOffer: page.live.map((offer) => ({
        '@type': 'Offer',
        name: offer.header,
        url: new URL(localePath(offerCanonicalPath(offer)), site).toString(),
        ...(offer.offerStart ? { validFrom: offer.offerStart } : {}),
        ...(offer.offerEnd ? { validThrough: offer.offerEnd } : {}),
        offeredBy: { '@type': 'BankOrCreditUnion', name: offer.bank.bankName },
      })),
    },
  ];
}

/** What the savings answer reads (islands/offer/savings-answer.ts): the offers now and coming, and their banks' cards. */
export function merchantSavingsData(page: MerchantPageProps, banks: BankDetailData[]): MerchantSavingsData {
  const offers = [...page.live, ...page.upcoming];
  const bankIds = new Set(offers.map((offer) => offer.bankId));
  return {
    offers: offers.map(
      ({ offerId, bankId, offerType, offerRate, instalmentMonths, offerStart, offerEnd, eligibility }) => ({
        offerId,
        bankId,
        offerType,
        offerRate,
        instalmentMonths,
        offerStart,
        offerEnd,
        eligibility: {
          cardScope: eligibility.cardScope,
          cards: eligibility.cards,
          days: eligibility.days,
          timeFrom: eligibility.timeFrom,
          timeTo: eligibility.timeTo,
          minBill: eligibility.minBill,
          maxDiscount: eligibility.maxDiscount,
          channel: eligibility.channel,
        },
      }),
    ),
    banks: banks
      .filter((bank) => bankIds.has(bank.bankId))
      .map(({ bankId, bankName, issuedCards }) => ({ bankId, bankName, issuedCards })),
  };
}
