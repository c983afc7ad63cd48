// People's Bank: a WordPress site. The credit card hub (/special-offers/) links to one page per
// category (/promotion-category/<category>/?cardType=credit_card), which lists its offers as
// article.offer-card: the rate badge, the merchant (.promo-short), a short text the card cuts off
// ("...See more"), the validity (.valid-date) and a link to the promotion's own page
// (/promotion/<slug>/). That page has the offer's conditions whole (the maximum bill, what is
// excluded, the stay period), its place and the full-size banner, so each one is read too.
//
// Images: the bank's media host refuses hot-linked images (requests from other sites' pages,
// told by their Referer). The pipeline does not hot-link: it downloads each banner once,
// server-side and with no Referer, and serves its own copy. So imageUrl is given as the page
// writes it; a banner the host still refuses only leaves the offer without one (never a failure).
//
// Sources (the live pages were not reachable from here):
// - CSAbeywickrame/sl-bank-offers · lib/sources/bankRegistry.ts @ 6c68003: /special-offers/ → hops
//   "/promotion-category/.*cardType=credit_card" → detail pages "/promotion/[a-z0-9-]+/", all static.
// - DFanso/lk-card-offers · scripts/scrape-peoples.ts @ 140a816: the credit category pages, .offer-card, the share
//   button's data-title / data-permalink / data-description / data-notes / data-location, .promo-short,
//   .merchant-name ("...See more"), .valid-date, .offer-image img; images downloaded with the bank's own Referer
//   "(CDN blocks hotlinking)" (scripts/SCRAPERS.md @ acdc4ab).
// - ArdenoStudio/lankawa · src/lib/integrations/card-offers.test.ts @ 68af303: article.offer-card, .discount-badge,
//   .offer-image a[href=/promotion/…] img, .card-content .promo-short, span.valid-date ("Till July 31, 2026<br>((Every
//   Monday &amp; Wednesday))"), the calendar button's data-title "Keells &#8211; 25% off &#8211; Credit".
// - Index file 53779181640: the promotion page (.single-card: .hero-left img, .title, .desc <p>s, .validity
//   "Validity: …", a .meta-row div "Location: …", a.terms-link to the terms PDF) and the validity wordings.
// - Index file 71641070578: the hubs /special-offers/ (credit) and /special-offers-debit/ (debit), "observed 2026-07".
import { load } from 'cheerio';
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { type Category, readCategoryHub, readCategoryPages } from './category-pages.ts';
import {
  absoluteUrl,
  cleanText,
  type Elements,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  labelledValue,
  readDetailPages,
  structureError,
  textIn,
  textOf,
  uniqueKeys,
} from './shared.ts';

const BANK = "People's Bank";
const CARD = 'article.offer-card';

/** What a category page's card gives. */
interface Card {
  itemKey: string;
  url: string;
  title: string;
  merchantName: string;
  rateText?: string | undefined;
  dateText?: string | undefined;
  categoryText?: string | undefined;
  imageUrl?: string | undefined;
}

/** What a promotion's own page adds. */
interface Promotion {
  title?: string | undefined;
  description: string[];
  dateText?: string | undefined;
  location?: string | undefined;
  imageUrl?: string | undefined;
}

export const peoplesAdapter: SourceAdapter = {
  adapter: 'peoples',
  title: "People's Bank card offers",
  bankName: BANK,
  defaultUrl: 'https://www.peoplesbank.lk/special-offers/',

  async read({ url, fetcher }) {
    const categories = await readCategoryHub(fetcher, url, {
      source: `${BANK} special offers`,
      isCategory: (link) =>
        link.pathname.startsWith('/promotion-category/') && link.searchParams.get('cardType') === 'credit_card',
      expected: 'links to credit card category pages (/promotion-category/<category>/?cardType=credit_card)',
    });
    const { pages, failures } = await readCategoryPages(fetcher, networksLast(categories), {
      source: `${BANK} promotions`,
      card: CARD,
    });
    const cards: Card[] = [];
    for (const { category, url: pageUrl, $ } of pages) {
      $(CARD).each((_, element) => {
        const read = readCard($(element), pageUrl, category);
        if ('reason' in read) failures.push(read);
        else cards.push(read);
      });
    }

    const promotions = await readDetailPages(fetcher, uniqueKeys(cards), (card) => card.url, readPromotionPage);
    const items = promotions.details.map(({ entry, detail }) => toSourceItem(entry, detail));
    return { items, failures: [...failures, ...promotions.failures] };
  },
};

/** The card-network categories (Visa, Mastercard) repeat offers of the others: read last, their repeats are dropped. */
function networksLast(categories: Category[]): Category[] {
  const isNetwork = (category: Category) =>
    /^\/promotion-category\/(?:visa|master)/.test(new URL(category.url).pathname);
  return [...categories.filter((category) => !isNetwork(category)), ...categories.filter(isNetwork)];
}

function readCard(card: Elements, pageUrl: string, category: Category): Card | ItemFailure {
  // The calendar and share buttons carry the post's title and its place as data attributes.
  const button = card.find('[data-title]').first();
  const merchantName = textIn(card, '.promo-short') || cleanText(button.attr('data-location'));
  const title = cleanText(button.attr('data-title')) || merchantName;
  const href =
    card.find('.offer-image a[href], .promo-short a[href]').first().attr('href') ??
    card.find('[data-permalink]').first().attr('data-permalink') ??
    card.find('a[href*="/promotion/"]').first().attr('href');
  const url = absoluteUrl(href, pageUrl);
  const slug = url ? /^\/promotion\/([^/]+)\/?$/.exec(new URL(url).pathname)?.[1] : undefined;
  if (!url || !slug)
    return {
      itemKey: url ?? (title || pageUrl),
      title,
      reason: 'offer card has no link to its promotion page (/promotion/<slug>/)',
    };
  if (!merchantName) return { itemKey: slug, title, reason: 'offer card has no merchant name (.promo-short)' };

  return {
    // The promotion's slug ('keells-25-off-credit') is the bank's id for the offer.
    itemKey: slug,
    url,
    title,
    merchantName,
    rateText: textIn(card, '.discount-badge') || undefined,
    // 'Till July 31, 2026<br>((Every Monday & Wednesday))' reads as one line.
    dateText: textIn(card, '.valid-date') || undefined,
    categoryText: category.name || undefined,
    imageUrl: absoluteUrl(card.find('.offer-image img').first().attr('src'), pageUrl),
  };
}

/** The promotion page's .single-card: .title, .desc, the .meta-row lines ('Location: …', 'Validity: …') and the banner. */
function readPromotionPage(page: FetchedText): Promotion {
  const $ = load(page.text);
  const card = $('.single-card').first();
  if (card.length === 0) throw structureError(`${BANK} promotion page ${page.url}`, '.single-card');
  const validity = textIn(card, '.validity');
  const metaLines = card
    .find('.meta-row')
    .children()
    .toArray()
    .map((element) => textOf($(element).html()));
  return {
    title: textIn(card, '.title') || undefined,
    description: htmlLines(card.find('.desc').first().html()),
    dateText: labelledValue(validity, /^validity$/i) ?? (validity || undefined),
    location: metaLines.map((line) => labelledValue(line, /^location$/i)).find(Boolean),
    imageUrl: absoluteUrl(card.find('.hero-left img').first().attr('src'), page.url),
  };
}

function toSourceItem(card: Card, promotion: Promotion): SourceItem {
  return {
    itemKey: card.itemKey,
    url: card.url,
    title: promotion.title ?? card.title,
    merchantName: card.merchantName,
    description: htmlParagraphs(promotion.description),
    rateText: card.rateText,
    dateText: promotion.dateText ?? card.dateText,
    categoryText: card.categoryText,
    // The page's banner is the full-size one; the card's is a thumbnail.
    imageUrl: promotion.imageUrl ?? card.imageUrl,
    promoCode: findPromoCode(promotion.description.join('\n')),
    locations: promotion.location ? [promotion.location] : undefined,
  };
}
