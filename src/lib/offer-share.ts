// Sharing an offer (issue 17): the words and the links. Pure code for the share menu in the browser
// (src/islands/offer/share-menu.ts, loaded on the first press) and the calendar files on the server.
import type { OfferData } from '../contract/index.ts';
import type { Weekday } from '../contract/card-constants.ts';
import { offerTags } from './format-offer.ts';
import { withLinkLocale } from './locale-path.ts';
import { m } from '../paraglide/messages.js';
import type { Locale } from '../paraglide/runtime.js';
import { localText } from './translated.ts';

/** What a shared offer says: its discount (its first rate tag), the merchant and the bank. */
export interface ShareSubject {
  /** '20% off', or undefined for an offer without a rate: its title is said instead. */
  discount?: string | undefined;
  header: string;
  merchantName: string;
  bankName: string;
}

export const shareSubjectOf = (
  offer: Pick<OfferData, 'offerType' | 'offerRate' | 'header' | 'merchant' | 'bank'> &
    Partial<Pick<OfferData, 'translations' | 'instalmentMonths'>>,
  locale?: Locale,
): ShareSubject => ({
  discount: offerTags(offer, locale)[0],
  header: localText(offer, 'header', locale).text,
  merchantName: offer.merchant.merchantName,
  bankName: offer.bank.bankName,
});

/** '20% off at Pizza Hut with Commercial Bank credit cards', by default in the page's language. */
export function offerShareText({ discount, header, merchantName, bankName }: ShareSubject, locale?: Locale): string {
  return m.pages_share_text({ discount: discount ?? header, merchantName, bankName }, { locale });
}

/** The canonical URL of a canonical path on the site at `siteOrigin`. */
export const absoluteUrl = (path: string, siteOrigin: string) => new URL(path, siteOrigin).toString();

export type ShareTarget = 'whatsapp' | 'facebook' | 'x';

/** The share links of the menu shown where the browser has no Web Share API: WhatsApp first, the most used messenger in Sri Lanka. */
export function shareLinks(url: string, text: string): { target: ShareTarget; label: string; href: string }[] {
  const u = encodeURIComponent(url);
  return [
    { target: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { target: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { target: 'x', label: 'X', href: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${u}` },
  ];
}

/** The path, under the main API's base, of an offer's .ics file in the page's language (GET {API}/offers/{offerId}/calendar.ics). */
export const offerCalendarPath = (offerId: number, locale?: Locale) =>
  withLinkLocale(`offers/${offerId}/calendar.ics`, locale);
/** The same file as one weekday's event repeating weekly (the week planners' Add to calendar; contract/calendar.ts OfferCalendarQuery). */
export const offerWeekdayCalendarPath = (offerId: number, weekday: Weekday, locale?: Locale) =>
  withLinkLocale(`offers/${offerId}/calendar.ics?weekday=${weekday}`, locale);
/** The path, under the main API's base, of a favourites feed (GET {API}/calendar/{token}.ics). */
export const calendarFeedPath = (token: string) => `calendar/${token}.ics`;

/** An offer that ends gets Add to calendar: there is an end to be reminded of, and it is not over. */
export const offerHasCalendar = (offer: Pick<OfferData, 'offerEnd' | 'status'>) =>
  offer.offerEnd !== null && offer.status !== 'expired';

/** The share controls' words, each read in the page's language when it is used (getters, not values fixed at load). */
export const SHARE_TEXTS = {
  get share() {
    return m.pages_share();
  },
  get addToCalendar() {
    return m.pages_share_add_to_calendar();
  },
  get copyLink() {
    return m.pages_share_copy_link();
  },
  get copied() {
    return m.pages_share_copied();
  },
  get copyFailed() {
    return m.pages_share_copy_failed();
  },
};
