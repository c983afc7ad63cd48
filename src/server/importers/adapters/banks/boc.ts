// Bank of Ceylon: one server-rendered page lists every card offer (about 72 in 2026), category by
// category, as Swiper slides: <a class="swiper-slide product" href=".../card-offers/<category>/
// <merchant>/product">. A slide has the rate panel (.offers-panel), the merchant (h4), its place
// (.location-name), the offer's lines (.description: the offer, the period, the conditions) and an
// "Expiration date" row (table.highligh-box, the bank's spelling). That is the whole offer, so the
// offer pages are read only for a slide whose lines the listing cuts short ("…"): their
// .offer-txt-info .expand-block has them whole. The category pages (/card-offers/<category>, paged
// by XHR) repeat the listing and are not read.
//
// The site sits behind a CloudFront firewall that answers 403 to many cloud addresses: that, or a
// firewall's challenge page, fails the run with the reason; it never reads as "no offers".
//
// Sources (the live page was not reachable from here):
// - DFanso/lk-card-offers · scripts/SCRAPERS.md @ acdc4ab: CloudFront 403 "on every request from our IP".
// - CSAbeywickrame/sl-bank-offers · lib/sources/bankRegistry.ts @ 6c68003: the listing
//   /personal-banking/card-offers "lists every offer as /personal-banking/card-offers/<category>/<merchant>/product".
// - ArdenoStudio/lankawa · src/lib/integrations/card-offers.test.ts @ 68af303: slide markup (a.swiper-slide.product,
//   .offers-panel .offer, h4, .description <p>s, table.highligh-box "Expiration date : | 30 Jul 2026"), an AWS WAF
//   challenge shell; docs/CARD_OFFER_AGGREGATORS_RESEARCH.md @ a319ab3: "~72 product URLs on index", the categories.
// - Index file 68926430571: "BOC lists every offer on one page, 72 of them", absolute hrefs, "UP TO" / "50% OFF*"
//   panel lines, img.offer-logo, p.location-name. Index file 53949610214: the offer page (.white-section,
//   .offer-logo h2 and img, .offer-info .offer-value / .offer-expire strong, .offer-txt-info .expand-block p).
//   Index file 70489751253: category pages paged by ?page=N answered as JSON {html, finish}.
//   Index file 71444947151: the body's period is the truth where the "Expiration date" row differs from it.
import { load } from 'cheerio';
import { FetchError } from '../../fetch/polite-fetch.ts';
import type { FetchedText, ItemFailure, PoliteFetcher, SourceAdapter, SourceItem } from '../../types.ts';
import {
  absoluteUrl,
  cleanText,
  type Elements,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  labelledValue,
  structureError,
  textIn,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Bank of Ceylon';

/** The offer slides: anchors to …/card-offers/<category>/<merchant>/product. */
const SLIDE = 'a.product';
const OFFER_PATH = /\/personal-banking\/card-offers\/([^/]+)\/([^/]+)\/product\/?$/;

/** What a listing slide gives. */
interface Slide {
  itemKey: string;
  url: string;
  title: string;
  merchantName: string;
  lines: string[];
  rateText?: string | undefined;
  expiry?: string | undefined;
  categoryText: string;
  location?: string | undefined;
  imageUrl?: string | undefined;
}

export const bocAdapter: SourceAdapter = {
  adapter: 'boc',
  title: 'Bank of Ceylon card offers',
  bankName: BANK,
  defaultUrl: 'https://www.boc.lk/personal-banking/card-offers',

  async read({ url, fetcher }) {
    const page = await throughFirewall(`${BANK} listing`, () => fetcher.text(url));
    const $ = load(page.text);
    if ($(SLIDE).length === 0) {
      if (isChallengePage(page.text)) {
        throw new Error(
          `${BANK} listing: ${page.url} answered a firewall's challenge page (AWS WAF) instead of the offers — ${FIREWALL_ADVICE}`,
        );
      }
      // BOC always lists its offers; a page without a single slide is a redesign or a block page.
      throw structureError(`${BANK} listing`, `offer slides (${SLIDE} linking to …/<category>/<merchant>/product)`);
    }

    const slides: Slide[] = [];
    const failures: ItemFailure[] = [];
    $(SLIDE).each((_, element) => {
      const read = readSlide($(element), page.url);
      if ('reason' in read) failures.push(read);
      else slides.push(read);
    });

    const whole = await withWholeLines(fetcher, uniqueKeys(slides));
    return { items: whole.slides.map(toSourceItem), failures: [...failures, ...whole.failures] };
  },
};

const FIREWALL_ADVICE =
  "BOC's CloudFront firewall refuses many cloud and data-centre addresses: run this source from an address it lets through, or replay a browser's capture of the page (--replay)";

/** A fetch the firewall refused (403) fails the run with the reason and what to do about it. */
async function throughFirewall(what: string, fetch: () => Promise<FetchedText>): Promise<FetchedText> {
  try {
    return await fetch();
  } catch (error) {
    if (error instanceof FetchError && error.status === 403)
      throw new Error(`${what}: ${error.message} — ${FIREWALL_ADVICE}`, { cause: error });
    throw error;
  }
}

/** AWS WAF's challenge and CAPTCHA pages, which may come with a 200 or 202. */
function isChallengePage(text: string): boolean {
  return /awsWafCookieDomainList|gokuProps|captcha-delivery|challenge\.js/i.test(text);
}

function readSlide(slide: Elements, pageUrl: string): Slide | ItemFailure {
  const merchantName = textIn(slide, '.product-detail h4');
  const url = absoluteUrl(slide.attr('href'), pageUrl);
  const path = url ? OFFER_PATH.exec(new URL(url).pathname) : null;
  if (!url || !path)
    return {
      itemKey: url ?? (merchantName || pageUrl),
      title: merchantName,
      reason: 'offer slide has no link to an offer page (…/card-offers/<category>/<merchant>/product)',
    };
  // The category and the merchant's slug together are the bank's id for the offer.
  const category = path[1]!;
  const itemKey = `${category}/${path[2]!}`;
  const lines = htmlLines(slide.find('.description').first().html());
  const title = offerLine(lines);
  if (!merchantName) return { itemKey, title, reason: 'offer slide has no merchant name (.product-detail h4)' };
  if (!title) return { itemKey, title: merchantName, reason: 'offer slide has no offer line (.description)' };

  return {
    itemKey,
    url,
    title,
    merchantName,
    lines,
    // 'UP TO' / '40% OFF*' as two lines of the panel; an empty panel gives no rate.
    rateText: textIn(slide, '.offers-panel') || undefined,
    expiry: labelledValue(textIn(slide, 'table.highligh-box'), /^expiration date$/i),
    categoryText: category.replace(/-/g, ' '),
    // 'Haputale, Sri Lanka': the town is the place; 'Island wide' names none.
    location: textIn(slide, '.location-name').replace(/,\s*Sri Lanka$/i, '') || undefined,
    imageUrl: absoluteUrl(slide.find('img.offer-logo').first().attr('src'), pageUrl),
  };
}

// The lines of a slide are 'Label : value' conditions ('Reservations : 077 …', 'Min. Bill : Rs.7,500/-'),
// the offer ('25% off on Food & Beverages for BOC Credit Cardholders'), the period and '*Conditions apply.'
// A label ends in a colon and a space: '6:00 PM' is no label.
const LABELLED = /^[^:]{1,40}:\s+\S/;
const OFFER_WORDS =
  /\d\s*%|\boff\b|\bsavings?\b|\bdiscount\b|\binstal+ments?\b|\bplans?\b|\bfree\b|\bcash\s?back\b|\bbonus\b/i;
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

const isPlainLine = (line: string) => !LABELLED.test(line) && !line.startsWith('*');
const isPeriod = (line: string) => isPlainLine(line) && MONTH.test(line) && /\b20\d\d\b/.test(line);

/** The line that states the offer: the first plain line with a rate or a plan in it, else the first plain line. */
function offerLine(lines: string[]): string | undefined {
  return (
    lines.find((line) => isPlainLine(line) && OFFER_WORDS.test(line)) ??
    lines.find((line) => isPlainLine(line) && !isPeriod(line))
  );
}

/** A slide whose last line ends in an ellipsis was cut short by the listing. */
const isCut = (slide: Slide) => /(?:…|\.\.\.)$/.test(slide.lines.at(-1) ?? '');

/**
 * Gives each cut slide its lines from its offer page (one request each, each URL once). A page
 * that cannot be fetched makes a failure; one the firewall refuses fails the run; one without
 * the expected structure fails the run.
 */
async function withWholeLines(
  fetcher: PoliteFetcher,
  slides: Slide[],
): Promise<{ slides: Slide[]; failures: ItemFailure[] }> {
  const whole: Slide[] = [];
  const failures: ItemFailure[] = [];
  const pages = new Map<string, string[]>();
  for (const slide of slides) {
    if (!isCut(slide)) {
      whole.push(slide);
      continue;
    }
    let lines = pages.get(slide.url);
    if (!lines) {
      let page: FetchedText;
      try {
        page = await throughFirewall(`${BANK} offer page ${slide.url}`, () => fetcher.text(slide.url));
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        failures.push({
          itemKey: slide.itemKey,
          title: slide.title,
          reason: `the listing cuts its text short and its offer page ${slide.url} could not be fetched: ${error.message}`,
        });
        continue;
      }
      lines = readOfferPage(page);
      pages.set(slide.url, lines);
    }
    whole.push({ ...slide, lines });
  }
  return { slides: whole, failures };
}

/** The offer page's lines, whole: .white-section .offer-txt-info .expand-block. */
function readOfferPage(page: FetchedText): string[] {
  const $ = load(page.text);
  const section = $('.white-section').first();
  const block = section.find('.offer-txt-info .expand-block').first();
  if (section.length === 0 || block.length === 0)
    throw structureError(`${BANK} offer page ${page.url}`, '.white-section .offer-txt-info .expand-block');
  return htmlLines(block.html());
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The "Expiration date" row's '30 Sep 2026' as 2026-09-30, or undefined when it is not a date of that form. */
function expiryDate(text: string | undefined): string | undefined {
  const match = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/i.exec(cleanText(text));
  if (!match) return undefined;
  const day = Number(match[1]);
  const monthIndex = MONTHS.indexOf(match[2]!.toLowerCase());
  const date = new Date(Date.UTC(Number(match[3]), monthIndex, day));
  if (monthIndex < 0 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

function toSourceItem(slide: Slide): SourceItem {
  const dateText = slide.lines.find((line) => line !== slide.title && isPeriod(line));
  return {
    itemKey: slide.itemKey,
    url: slide.url,
    title: slide.title,
    merchantName: slide.merchantName,
    description: htmlParagraphs(slide.lines),
    rateText: slide.rateText,
    dateText,
    // The row is a date, not words, but it may run past the offer's own period ('Valid till 31st
    // August 2026' over a 31 Dec 2026 row): it stands in only where the lines give no period.
    validThrough: dateText ? undefined : expiryDate(slide.expiry),
    cardsText: /\bBOC\b.*?\bcard(?:holder)?s\b/i.exec(slide.title)?.[0],
    categoryText: slide.categoryText,
    imageUrl: slide.imageUrl,
    promoCode: findPromoCode(slide.lines.join('\n')),
    locations: slide.location ? [slide.location] : undefined,
  };
}
