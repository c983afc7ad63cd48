// Pan Asia Bank: one WordPress page, /card-offers/, whose offers are not in its HTML but in an inline
// script, `var arr_offers = [{cat, img, text, date, backtext, offer_type}, …]`, from which the page's
// script draws a grid of flip cards: the front has the flyer (img), a badge (text: '25% OFF') and the
// day the card was posted (date); the back has the offer as written (backtext). There are no offer
// pages, so the one page is all that is read. The merchant is only named in the back's prose
// ('… at Softlogic Glomark every Thursday …'), and the validity too: the posted date is not the
// validity, so it is not passed on.
//
// The site is behind Sucuri's firewall (CloudProxy). To a client it does not trust it answers a 307,
// a 403 'Access Denied' page, or a JavaScript challenge that sets a cookie and reloads; any of these
// fails the run with the reason, and is never read as a listing with no offers.
//
// Facts from:
//   ArdenoStudio/lankawa · docs/AMANA_PABC_SDB_OFFERS_RESEARCH.md @ 34975f2 (the arr_offers keys, the
//     category ids, the Sucuri cookie challenge, no REST route for the offers)
//   anjulalk/cardstock · packages/worker/src/adapters/panasia.ts @ 4504f1d and sources/panasia.json @ c381c73
//     (the flip card's badge, posted date and back text; '307 and no Location header'; no offer pages)
//   DFanso/lk-card-offers · scripts/SCRAPERS.md @ d555b6b (every page answers with a Sucuri challenge)
//   CSAbeywickrame/sl-bank-offers · lib/sources/bankRegistry.ts @ 6c68003 (https://www.pabcbank.com/card-offers/)
import { load } from 'cheerio';
import { FetchError } from '../../fetch/polite-fetch.ts';
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { readJsLiteral } from './js-literal.ts';
import { merchantAfterAt, sentencesOf } from './offer-wording.ts';
import {
  absoluteUrl,
  cleanText,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  structureError,
  textOf,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Pan Asia Bank';
const SOURCE = `${BANK} listing`;

/** The page's category filter, by arr_offers' `cat` id (lankawa's research, July 2026). */
const CATEGORIES: Record<string, string> = {
  '4': 'Hotel',
  '8': 'Healthcare',
  '9': 'Fashion',
  '10': 'Jewellery',
  '12': 'Restaurants',
  '13': 'Lifestyle',
  '14': 'Automobile',
  '15': 'Online Shopping',
  '16': 'Other',
  '18': 'Supermarkets',
  '19': 'BizClass',
};

export const panAsiaAdapter: SourceAdapter = {
  adapter: 'pan-asia',
  title: 'Pan Asia Bank card offers',
  bankName: BANK,
  defaultUrl: 'https://www.pabcbank.com/card-offers/',

  async read({ url, fetcher }) {
    let page: FetchedText;
    try {
      page = await fetcher.text(url);
    } catch (error) {
      throw firewallRefusal(error) ?? error;
    }
    const entries = readCatalogue(page);
    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    entries.forEach((entry, index) => {
      const read = readOffer(entry, index, page.url);
      if ('reason' in read) failures.push(read);
      else items.push(read);
    });
    return { items: uniqueKeys(items), failures };
  },
};

/** The run's error for an answer Sucuri gives a client it blocks: a 403, a 307 without a Location, a redirect loop. */
function firewallRefusal(error: unknown): Error | undefined {
  if (!(error instanceof FetchError)) return undefined;
  const refused =
    (error.kind === 'http' && (error.status === 403 || error.status === 307)) || error.kind === 'redirect';
  if (!refused) return undefined;
  return new Error(
    `${SOURCE}: ${error.message} — pabcbank.com is behind the Sucuri firewall, which answers so to a client it blocks ` +
      `or sends to its JavaScript challenge: the offers were not read (replay a capture from a browser that passed it)`,
    { cause: error },
  );
}

// The challenge's script and its cookie are named sucuri_cloudproxy…; the block page is titled
// 'Sucuri WebSite Firewall - Access Denied' and names Sucuri's address.
const SUCURI_CHALLENGE = /sucuri_cloudproxy/i;
const SUCURI_BLOCK = /Sucuri\s+Web\s*Site\s+Firewall|cloudproxy@sucuri\.net|sucuri\.net\/privacy-policy/i;

/** The arr_offers array of the page's inline script; a Sucuri page or a page without it throws. */
function readCatalogue(page: FetchedText): unknown[] {
  const $ = load(page.text);
  const scripts = $('script')
    .toArray()
    .map((script) => $(script).text());
  for (const script of scripts) {
    const assignment = /\barr_offers\s*=\s*/.exec(script);
    if (!assignment) continue;
    let value: unknown;
    try {
      value = readJsLiteral(script, assignment.index + assignment[0].length).value;
    } catch (error) {
      throw new Error(
        `${SOURCE}: the offers catalogue (arr_offers) in ${page.url} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!Array.isArray(value)) throw structureError(SOURCE, 'the offers catalogue as an array (var arr_offers = […])');
    return value;
  }
  if (SUCURI_CHALLENGE.test(page.text)) {
    throw new Error(
      `${SOURCE}: ${page.url} answered the Sucuri firewall's JavaScript challenge, not the offers page: ` +
        'the importer runs no script to pass it, so the offers were not read (replay a capture from a browser that passed it)',
    );
  }
  if (SUCURI_BLOCK.test(page.text)) {
    throw new Error(
      `${SOURCE}: ${page.url} answered the Sucuri firewall's 'Access Denied' page, not the offers page: the request was blocked and the offers were not read`,
    );
  }
  throw structureError(SOURCE, 'the offers catalogue (var arr_offers = […] in an inline script)');
}

/** A field of an arr_offers entry as text ('' when it is absent or not text). */
function field(entry: Record<string, unknown>, key: string): string {
  const value = entry[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function readOffer(entry: unknown, index: number, pageUrl: string): SourceItem | ItemFailure {
  const position = `arr_offers[${index}]`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return { itemKey: position, reason: `${position} is not an offer (an object)` };
  const offer = entry as Record<string, unknown>;
  const badge = textOf(field(offer, 'text'));
  const lines = htmlLines(field(offer, 'backtext'));
  const imageUrl = absoluteUrl(field(offer, 'img'), pageUrl);
  // The flyer's file is the only thing the catalogue gives that tells one offer from another.
  if (!imageUrl)
    return {
      itemKey: position,
      title: lines[0] ?? badge,
      reason: 'offer has no image (img), which is its only identity',
    };
  const itemKey = imageKey(imageUrl);
  if (lines.length === 0) return { itemKey, title: badge, reason: 'offer has no text on its back (backtext)' };

  const sentences = lines.flatMap(sentencesOf);
  const named = sentences
    .map((sentence) => ({ sentence, merchantName: merchantAfterAt(sentence) }))
    .find((found) => found.merchantName);
  if (!named)
    return {
      itemKey,
      title: sentences[0],
      reason: 'no merchant named in the offer\'s text (expected "… at <merchant> with …")',
    };

  const types = offer.offer_type;
  const cardsText = (Array.isArray(types) ? types : [types])
    .filter((type): type is string => typeof type === 'string')
    .map(cleanText)
    .filter(Boolean)
    .join(' & ');
  return {
    itemKey,
    url: pageUrl,
    // The sentence that names the merchant is the offer's headline: 'Take 25% off … at Softlogic Glomark every Thursday …'.
    title: named.sentence,
    merchantName: named.merchantName!,
    description: htmlParagraphs(lines),
    rateText: badge || undefined,
    cardsText: cardsText || undefined,
    categoryText: CATEGORIES[field(offer, 'cat').trim()],
    imageUrl,
    promoCode: findPromoCode(lines.join('\n')),
  };
}

/** The flyer's path under wp-content/uploads ('2026/09/Keells.jpg'), else its whole path. */
function imageKey(imageUrl: string): string {
  const path = new URL(imageUrl).pathname;
  const upload = /\/wp-content\/uploads\/(.+)$/.exec(path)?.[1] ?? path;
  try {
    return decodeURIComponent(upload);
  } catch {
    return upload;
  }
}
