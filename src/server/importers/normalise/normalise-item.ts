// One source item to the typed offer the pipeline stores: each field from the item's structured
// value when it has one, else read from its text. Refusals come back as a failure with a reason.
import * as v from 'valibot';
import { Eligibility, type EligibilityInput } from '../../../contract/eligibility.ts';
import {
  OFFER_HEADER_MAX,
  OFFER_TITLE_MAX,
  SRI_LANKA_UTC_OFFSET_MS,
  VALIDITY_TEXT_MAX,
} from '../../../contract/limits.ts';
import type { BankContext, ItemFailure, NormalisedItem, SourceItem } from '../types.ts';
import { readCards, structuredCards } from './cards.ts';
import { readOfferDates, readStructuredDate, structuredDates } from './dates.ts';
import { readDays, readTimeWindow } from './days.ts';
import { readChannel } from './channel.ts';
import { customRate, discountRates, readRate, structuredRate, type OfferRate } from './rates.ts';
import { readSpend } from './spend.ts';
import { readSteps } from './steps.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import { collapseSpaces, cutAtWord, plainText } from './text.ts';

/** An item normalised, or refused with its reason (`ended` when the offer is already over: no draft can mend that). */
export type NormaliseResult = { item: NormalisedItem } | { failure: ItemFailure; ended?: true };

const DAY_MS = 86_400_000;
const ELLIPSIS = '…';
/** A headline's words for an offer of money off. */
const SAVINGS_WORDS = /\b(?:savings?|offers?|discounts?|deals?)\b/i;

/** A day as YYYY-MM-DD in Sri Lanka, for reasons. */
const sriLankaDay = (instant: Date) => new Date(instant.getTime() + SRI_LANKA_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** A refusal from deep in a field's reading, caught once in normaliseItem and returned as the item's failure. */
class Refusal extends Error {}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** The offer's rate: the feed's percentage, else the rate text, else the first percentage in the title, else the description's one rate, else the title as free text. */
function rateOf(item: SourceItem, description: string): OfferRate {
  if (item.discountPercent !== undefined) {
    return (
      structuredRate(item.discountPercent, item.discountKind ?? 'off') ??
      refuse(`Impossible discount: ${item.discountPercent}%.`)
    );
  }
  const rateText = item.rateText?.trim();
  if (rateText) return readRate(rateText);
  const titleRate = readRate(item.title);
  if (titleRate.offerType !== 'customize') return titleRate;
  // A headline that promises savings without a rate, over a body with several ('Enjoy special
  // savings': 10% on services, 15% on parts), has no one percentage: it is shown as written. A
  // headline that is only a name leaves the body's first rate.
  const rate = readRate(description);
  if (rate.offerType === 'customize') return customRate(item.title);
  const severalRates = rate.offerType !== 'upto' && discountRates(description).length > 1;
  return severalRates && SAVINGS_WORDS.test(item.title) ? customRate(item.title) : rate;
}

type Validity = Pick<NormalisedItem, 'offerDateType' | 'offerStart' | 'offerEnd' | 'validTimeDateDescription'>;

/** The offer's validity: the feed's dates, else the date text, else the first dates in the title, description or terms. */
function validityOf(item: SourceItem, description: string, terms: string, now: Date): Validity {
  for (const [field, edge] of [
    ['validFrom', 'start'],
    ['validThrough', 'end'],
  ] as const) {
    const value = item[field];
    if (value !== undefined && readStructuredDate(value, edge) === null) refuse(`Impossible ${field}: '${value}'.`);
  }
  if (item.validFrom !== undefined || item.validThrough !== undefined) {
    const dates = structuredDates(item.validFrom, item.validThrough);
    if (dates) return { ...dates, validTimeDateDescription: null };
    if (item.validThrough !== undefined)
      refuse(`Impossible validity: validThrough ${item.validThrough} is before validFrom ${item.validFrom}.`);
  }
  const dateText = item.dateText?.trim() || null;
  const texts = dateText ? [dateText] : [item.title, description, terms];
  for (const text of texts) {
    const dates = readOfferDates(text, now);
    if (dates) return { ...dates, validTimeDateDescription: null };
  }
  // Dates that do not read, and a start with no end (a feed's validFrom alone, 'from 1st June
  // onwards'), are kept as words for the offer page.
  const asWritten =
    dateText ?? (item.validFrom ? `Valid from ${sriLankaDay(readStructuredDate(item.validFrom, 'start')!)}` : null);
  return {
    offerDateType: 'other',
    offerStart: null,
    offerEnd: null,
    validTimeDateDescription:
      asWritten === null ? null : cutAtWord(collapseSpaces(asWritten), VALIDITY_TEXT_MAX, ELLIPSIS),
  };
}

/** The description as given, with the terms appended as a paragraph of their own. */
function descriptionWithTerms(description: string, terms: string | undefined): string {
  const termsText = terms?.trim();
  if (!termsText) return description;
  const termsHtml = /<[a-z][^>]*>/i.test(termsText)
    ? termsText
    : `<p>${escapeHtml(termsText).replace(/\r?\n/g, '<br>')}</p>`;
  return description.trim() ? `${description}\n${termsHtml}` : termsHtml;
}

function eligibilityOf(item: SourceItem, bank: BankContext, text: string): EligibilityInput {
  const hasStructuredCards = item.cards !== undefined || item.cardScope !== undefined;
  const cards = hasStructuredCards
    ? structuredCards(item.cards, item.cardScope, bank)
    : readCards(item.cardsText ?? text, bank);
  // Some cards not issued by the bank are dropped from the list; none issued at all refuses the item.
  if (cards.cardScope === 'listed' && cards.cards.length === 0 && cards.unmatched.length > 0) {
    refuse(`Cards not issued by ${bank.bankName} in the catalogue: ${cards.unmatched.join(', ')}`);
  }
  const hasStructuredTime = item.timeFrom !== undefined || item.timeTo !== undefined;
  const time = hasStructuredTime
    ? { timeFrom: item.timeFrom ?? null, timeTo: item.timeTo ?? null }
    : ((item.daysText ? readTimeWindow(item.daysText) : null) ??
      readTimeWindow(text) ?? { timeFrom: null, timeTo: null });
  const spend = readSpend(item.spendText ?? text);
  return {
    cardScope: cards.cardScope,
    cards: cards.cards,
    days: item.days ?? readDays(item.daysText ?? text),
    ...time,
    minBill: item.minBill ?? spend.minBill,
    maxDiscount: item.maxDiscount ?? spend.maxDiscount,
    channel: item.channel ?? readChannel(text),
    website: item.website?.trim() || null,
    ...readSteps(text, item.promoCode),
  };
}

/**
 * The item normalised, or a failure with the reason: no title or merchant, no bank, an end more
 * than a day past, an impossible feed value, or eligibility the contract refuses. Fields without
 * their own text (daysText, spendText, cardsText, dateText) are read from the title, description
 * and terms.
 */
export function normaliseItem(item: SourceItem, bank: BankContext | null, now: Date): NormaliseResult {
  const title = collapseSpaces(item.title ?? '');
  const fail = (reason: string): NormaliseResult => ({
    failure: { itemKey: item.itemKey, title: title || undefined, reason },
  });
  if (!title) return fail('Empty title.');
  const merchantName = collapseSpaces(item.merchantName ?? '');
  if (!merchantName) return fail('Empty merchant name.');
  if (!bank) return fail('No bank: the item does not name a bank in the catalogue.');

  // The words of the description and terms, for reading; the description itself is kept as HTML.
  const description = plainText(item.description ?? '');
  const terms = plainText(item.termsText ?? '');
  // The validity line often names the days too ('Every Friday & Saturday until 30th June 2026').
  const text = [title, description, terms, item.dateText ?? ''].join('\n');
  try {
    const rate = rateOf(item, description);
    const validity = validityOf(item, description, terms, now);
    if (validity.offerEnd && validity.offerEnd.getTime() < now.getTime() - DAY_MS) {
      return { ...fail(`Ended on ${sriLankaDay(validity.offerEnd)}`), ended: true };
    }
    const eligibility = v.safeParse(Eligibility, eligibilityOf(item, bank, text));
    if (!eligibility.success) {
      const issue = eligibility.issues[0];
      const path = v.getDotPath(issue);
      return fail(`Eligibility${path ? ` ${path}` : ''}: ${issue.message}`);
    }
    return {
      item: {
        itemKey: item.itemKey,
        url: item.url ?? null,
        bankName: bank.bankName,
        merchantName,
        categoryText: collapseSpaces([item.categoryText ?? '', title, description].join(' ')),
        header: cutAtWord(title, OFFER_HEADER_MAX, ELLIPSIS),
        label: title.length <= OFFER_TITLE_MAX ? title : cutAtWord(merchantName, OFFER_TITLE_MAX, ELLIPSIS),
        description: descriptionWithTerms(item.description ?? '', item.termsText),
        offerType: rate.offerType,
        offerRate: rate.offerRate,
        instalmentMonths: rate.instalmentMonths ?? null,
        offerDateType: validity.offerDateType,
        offerStart: validity.offerStart,
        offerEnd: validity.offerEnd,
        validTimeDateDescription: validity.validTimeDateDescription,
        promoCode: item.promoCode?.trim() || null,
        imageUrl: item.imageUrl ?? null,
        locations: [...new Set((item.locations ?? []).map(collapseSpaces).filter(Boolean))],
        eligibility: eligibility.output,
      },
    };
  } catch (error) {
    if (error instanceof Refusal) return fail(error.message);
    throw error;
  }
}
