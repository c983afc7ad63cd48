// How the team console writes dates and an offer's state.
import type { TeamOfferData } from '../../contract/team.ts';
import { SITE_TIME_ZONE } from '../../lib/constants.ts';
import { intlLocale } from '../../lib/intl-locale.ts';
import { m } from '../../paraglide/messages.js';
import { getLocale, type Locale } from '../../paraglide/runtime.js';
import { REVIEW_STATUS_LABELS } from '../console/texts.ts';

/** Each language's format, made on first use: a list formats many dates. */
const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A moment as Sri Lanka's clocks show it, by default in the page's language. */
export function dateTimeText(iso: string, locale: Locale = getLocale()): string {
  let format = dateTimeFormats.get(locale);
  if (!format)
    dateTimeFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(intlLocale(locale), {
        timeZone: SITE_TIME_ZONE,
        dateStyle: 'medium',
        timeStyle: 'short',
      })),
    );
  return format.format(new Date(iso));
}

/** Where an offer stands, as the team reads it; `tone` is its badge's class. */
export function teamOfferStatus(offer: TeamOfferData): { label: string; tone: string } {
  if (offer.withdrawnAt) return { label: m.team_withdrawn(), tone: 'expired' };
  if (offer.reviewStatus !== 'accepted')
    return { label: REVIEW_STATUS_LABELS[offer.reviewStatus], tone: offer.reviewStatus };
  return offer.status === 'expired'
    ? { label: m.team_ended(), tone: 'expired' }
    : { label: REVIEW_STATUS_LABELS.accepted, tone: 'accepted' };
}

/** An accepted offer still listed: it can be withdrawn or ended. */
export const isLive = (offer: TeamOfferData) =>
  offer.reviewStatus === 'accepted' && !offer.withdrawnAt && offer.status !== 'expired';
