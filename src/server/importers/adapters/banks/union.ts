// Union Bank: a WordPress listing, /credit-cards-offers/, of offer cards (div.single-offer, 24 a page,
// a second page at /page/2/): the merchant's logo or flyer, the merchant (h3), the offer line
// (.offer-val), the dates as the bank writes them (a <p>), and a link to the offer's page
// (/offer/<slug>/). The cards carry what an offer needs but its terms, which are on the offer's page;
// no public scraper describes that page's markup, so it is not read (check it before adding it).
// The card's Google Calendar link has dates too, but padded (the page's '18th to 20th September' is
// 17th to 22nd there): only its text, which repeats the card's lines, stands in for an empty date line.
//
// unionb.com is behind Imperva, which answers a client it takes for a bot with a small challenge page
// (an iframe to /_Incapsula_Resource, 'NOINDEX, NOFOLLOW') or a 403: either fails the run with the
// reason. A near-empty shell without the offers grid fails it too, as a page of unexpected structure.
//
// Facts from:
//   anjulalk/cardstock · packages/worker/src/adapters/union.ts @ 74ae560 and sources/union/fixtures/list.html
//     @ 74ae560 (the card's markup, the prose date over the padded calendar dates, /offer/<slug>/ links)
//   anjulalk/cardstock · sources/union.json @ 74ae560 (the listing URL; 'Imperva returns an 844 byte
//     challenge page (NOINDEX, NOFOLLOW) to anything that is not a browser')
//   CSAbeywickrame/sl-bank-offers · lib/sources/bankRegistry.ts @ 6c68003 (/credit-cards-offers/ and
//     /credit-cards-offers/page/2/; 'a bot-protected SPA — returns an empty shell' to plain clients)
//   DFanso/lk-card-offers · scripts/SCRAPERS.md @ d555b6b ('a 959-byte placeholder homepage')
import { load } from 'cheerio';
import { FetchError } from '../../fetch/polite-fetch.ts';
import type { ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import {
  absoluteUrl,
  cleanText,
  type Elements,
  type HtmlPage,
  nextPageUrl,
  readPages,
  structureError,
  textIn,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Union Bank';
const SOURCE = `${BANK} listing`;

// Two pages in 2026; the cap leaves room and refuses a runaway pager.
const MAX_PAGES = 10;

// The grid's class is from a peer's trimmed copy of the page: check it on the live page.
const GRID = '.offer-wrap';

export const unionAdapter: SourceAdapter = {
  adapter: 'union',
  title: 'Union Bank card offers',
  bankName: BANK,
  defaultUrl: 'https://www.unionb.com/credit-cards-offers/',

  async read({ url, fetcher }) {
    let pages: HtmlPage[];
    try {
      pages = await readPages(
        fetcher,
        url,
        (page) => {
          // An Imperva challenge is small: check it before the page's structure, for a clear reason.
          if (IMPERVA.test(page.text)) {
            throw new Error(
              `${SOURCE}: ${page.url} answered Imperva's bot challenge, not the offers page: the offers were not read (replay a capture from a browser that passed it)`,
            );
          }
          const $ = load(page.text);
          if ($(GRID).length === 0) throw structureError(SOURCE, GRID);
          // WordPress's pager marks its next link 'next page-numbers'; an SEO plugin may add <link rel="next">.
          const next = absoluteUrl($('a.next.page-numbers').first().attr('href'), page.url) ?? nextPageUrl($, page.url);
          return { content: { url: page.url, $ }, nextUrl: next };
        },
        { source: SOURCE, maxPages: MAX_PAGES },
      );
    } catch (error) {
      throw impervaRefusal(error) ?? error;
    }

    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    for (const { url: pageUrl, $ } of pages) {
      $(`${GRID} .single-offer`).each((_, card) => {
        const read = readCard($(card), pageUrl);
        if ('reason' in read) failures.push(read);
        else items.push(read);
      });
    }
    return { items: uniqueKeys(items), failures };
  },
};

const IMPERVA = /_Incapsula_Resource|Incapsula incident ID/i;

/** The run's error for Imperva's refusal by status (a 403 has no body to read). */
function impervaRefusal(error: unknown): Error | undefined {
  if (!(error instanceof FetchError) || error.kind !== 'http' || error.status !== 403) return undefined;
  return new Error(
    `${SOURCE}: ${error.message} — unionb.com is behind Imperva, which refuses a client it takes for a bot: the offers were not read`,
    { cause: error },
  );
}

function readCard(card: Elements, pageUrl: string): SourceItem | ItemFailure {
  const merchantName = textIn(card, '.offer-content h3');
  const title = textIn(card, '.offer-val');
  const href = card.find('a.offer-btn-wrap').attr('href') ?? card.find('.merchant-logo-wrap a').attr('href');
  const url = absoluteUrl(href, pageUrl);
  if (!url)
    return {
      itemKey: merchantName || title || pageUrl,
      title: title || merchantName,
      reason: 'offer card has no link to its offer page',
    };
  // The offer page's slug ('/offer/keells-fridays/') is the bank's id for the offer.
  const slug = /\/offer\/([^/]+)/.exec(new URL(url).pathname)?.[1];
  const itemKey = slug ? decodeURIComponent(slug) : url;
  if (!merchantName) return { itemKey, title, reason: 'offer card has no merchant name (.offer-content h3)' };
  if (!title) return { itemKey, title: merchantName, reason: 'offer card has no offer line (.offer-val)' };

  const image = card.find('.merchant-logo-wrap img').first();
  return {
    itemKey,
    url,
    title,
    merchantName,
    // The offer line is the rate as written: '25% off', 'Buy 1 Get 1 Free', '0% Instalment Plans …'.
    rateText: title,
    dateText: textIn(card, '.offer-content p') || calendarDateText(card) || undefined,
    imageUrl: absoluteUrl(image.attr('data-src') ?? image.attr('src'), pageUrl),
  };
}

/** The date line the calendar link's text repeats ('Merchant | offer | 18th to 20th September 2026'). */
function calendarDateText(card: Elements): string | undefined {
  const href = card.find('a.add-to-calendar').attr('href');
  if (!href) return undefined;
  let text: string | null;
  try {
    text = new URL(href).searchParams.get('text');
  } catch {
    return undefined;
  }
  const last = cleanText(text?.split('|').pop());
  return text?.includes('|') && /\d/.test(last) ? last : undefined;
}
