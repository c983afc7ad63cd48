// DFCC Bank: the credit card offers hub (/cards/card-offers/credit-card-offers) links to one page
// per category (/cards/card-offers/<category>), server-rendered (Next.js), which lists its offers
// as a.cardd cards: the banner (img.offerMainImage, whose alt text is often the merchant), the rate
// badge (.discount-badgee), the card tags, the offer text (.cardOfferText: the offer sentence, then
// any '*…' lines) and the validity (.cardOfferValid). The card has the whole offer; the promotion
// pages it links to (/cards/cards-promotions/<slug>) route to "Page Not Found" in a browser, so they
// are not read. The card names no merchant on its own: it is the one the offer text writes
// ("… at <merchant> with DFCC …"), else the banner's alt text when that is a name.
//
// Sources (the live pages were not reachable from here):
// - Index file 70469046460: the hubs /cards/card-offers/credit-card-offers (and …/debit-card-offers), category links
//   /cards/card-offers/<slug> (not dfcc-cards, dfcc-card-offers, credit-card-offers, debit-card-offers,
//   debit-card-promotions), the Visa and Mastercard pages repeating the others' offers; a.cardd with
//   .cardOfferText, .card-tags .tag, .discount-badgee, .cardOfferValid, img.offerMainImage.
// - DFanso/lk-card-offers · scripts/scrape-dfcc.ts @ 2662fd1: the category slugs (supermarkets-credit,
//   dining-promotion-credit, hotels-credit, …, visa-offers, mastercard-offers) read by a plain HTTP fetch;
//   .cardOfferItem, img.offerMainImage (alt "isn't always usable"), .cardOfferText, .cardOfferValid, .Offerpercentage p,
//   merchants from "at X with DFCC"; scripts/SCRAPERS.md @ acdc4ab: "~130 offers, paginated by category slug".
// - ArdenoStudio/lankawa · src/lib/integrations/card-offers.test.ts @ 68af303: <div class="bIRM"><p class="cardOfferValid">.
// - Index file 71646847778: "Confirmed live 2026-08-01: every "Read More" link 200s … but client-side-routes to
//   'Page Not Found (404)'"; the validity is only in .cardOfferValid.
// - Index file 63534299646: a.cardd links holding p.cardOfferText and p.cardOfferValid.
// Other peers give the hub as /cards/credit-card-offers (CSAbeywickrame/sl-bank-offers · lib/sources/bankRegistry.ts
// @ 6c68003, lankawa · docs/CARD_OFFER_AGGREGATORS_RESEARCH.md @ a319ab3) and the categories at the site's root
// (DFanso): check the hub's address and its links on the live site first.
import type { ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { type Category, readCategoryHub, readCategoryPages } from './category-pages.ts';
import {
  absoluteUrl,
  cleanText,
  type Elements,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  textIn,
  uniqueKeys,
} from './shared.ts';

const BANK = 'DFCC Bank';
const CARD = 'a.cardd';

/** Pages under /cards/card-offers/ that are hubs, not categories. */
const HUBS = new Set([
  'dfcc-cards',
  'dfcc-card-offers',
  'credit-card-offers',
  'debit-card-offers',
  'debit-card-promotions',
]);
const CATEGORY_PATH = /^\/cards\/card-offers\/([a-z0-9-]+)\/?$/;
const NETWORK = /visa|master/;

export const dfccAdapter: SourceAdapter = {
  adapter: 'dfcc',
  title: 'DFCC Bank card offers',
  bankName: BANK,
  defaultUrl: 'https://www.dfcc.lk/cards/card-offers/credit-card-offers',

  async read({ url, fetcher }) {
    const hubHost = new URL(url).hostname;
    const categories = await readCategoryHub(fetcher, url, {
      source: `${BANK} credit card offers`,
      isCategory: (link) => {
        const slug = CATEGORY_PATH.exec(link.pathname)?.[1];
        return link.hostname === hubHost && slug !== undefined && !HUBS.has(slug);
      },
      expected: 'links to category pages (/cards/card-offers/<category>)',
    });
    const { pages, failures } = await readCategoryPages(fetcher, networksLast(categories), {
      source: `${BANK} card offers`,
      card: CARD,
    });
    const items: SourceItem[] = [];
    for (const { category, url: pageUrl, $ } of pages) {
      $(CARD).each((_, element) => {
        const read = readCard($(element), pageUrl, category);
        if ('reason' in read) failures.push(read);
        else items.push(read);
      });
    }
    return { items: uniqueKeys(items), failures };
  },
};

const slugOf = (category: Category) => CATEGORY_PATH.exec(new URL(category.url).pathname)?.[1] ?? '';

/** The Visa and Mastercard pages repeat offers of the other categories: read last, their repeats are dropped. */
function networksLast(categories: Category[]): Category[] {
  const isNetwork = (category: Category) => NETWORK.test(slugOf(category));
  return [...categories.filter((category) => !isNetwork(category)), ...categories.filter(isNetwork)];
}

function readCard(card: Elements, pageUrl: string, category: Category): SourceItem | ItemFailure {
  const lines = htmlLines(card.find('.cardOfferText').first().html());
  const title = lines[0] ?? '';
  const url = absoluteUrl(card.attr('href'), pageUrl);
  if (!url) return { itemKey: title || pageUrl, title, reason: 'offer card has no link to its promotion page' };
  // The promotion's slug ('/cards/cards-promotions/<slug>') is the bank's id for the offer.
  const itemKey = new URL(url).pathname.split('/').filter(Boolean).pop() ?? url;
  if (!title) return { itemKey, reason: 'offer card has no offer text (.cardOfferText)' };
  const text = lines.join('\n');
  const image = card.find('img.offerMainImage').first();
  const merchantName = merchantIn(title) ?? merchantFromAlt(image.attr('alt'));
  if (!merchantName) {
    return {
      itemKey,
      title,
      reason:
        'no merchant name: the offer text names none ("… at <merchant> with DFCC …") and the banner\'s alt text is not a name',
    };
  }

  return {
    itemKey,
    url,
    title,
    merchantName,
    description: htmlParagraphs(lines),
    rateText: textIn(card, '.discount-badgee') || textIn(card, '.Offerpercentage') || undefined,
    dateText: textIn(card, '.cardOfferValid') || undefined,
    // 'with DFCC Visa Credit Cards'; else the card's tags ('Credit Card').
    cardsText: /\bDFCC\b[^.;]*?\bcard(?:holder)?s\b/i.exec(text)?.[0] ?? (textIn(card, '.card-tags') || undefined),
    // A Visa or Mastercard page names the card network, not the offer's category.
    categoryText: NETWORK.test(slugOf(category)) ? undefined : category.name || undefined,
    imageUrl: absoluteUrl(image.attr('src'), pageUrl),
    promoCode: findPromoCode(text),
  };
}

// '… on dine-in at Olive & Ember, Colombo 07 with DFCC Credit Cards.' The merchant runs to the first
// comma, full stop, 'outlet(s)', or 'with' / 'using' / 'for' / 'on'.
const AT_MERCHANT = /\bat\s+(?:all\s+)?(.+?)(?:\s+outlets?\b|\s+(?:with|using|for|on)\s|[,;.](?:\s|$)|$)/i;

/** The merchant the offer sentence names after 'at', when it is written as a name. */
function merchantIn(sentence: string): string | undefined {
  const name = AT_MERCHANT.exec(sentence)?.[1]?.trim();
  return name && /^[A-Z0-9]/.test(name) ? name : undefined;
}

/** The banner's alt text when it is a name, not a file name or a word like 'web banner'. */
function merchantFromAlt(alt: string | undefined): string | undefined {
  const text = cleanText(alt);
  if (!/[a-z]/i.test(text) || /^\d/.test(text) || /\.(?:jpe?g|png|webp|gif)$/i.test(text)) return undefined;
  if (/\b(?:web\s?banners?|banner|image|img|photo|logo|untitled|screenshot|whatsapp)\b/i.test(text)) return undefined;
  return text;
}
