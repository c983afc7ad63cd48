// Banks whose offers are listed category by category: a hub page links to one page per category
// (People's Bank, DFCC Bank). The hub is read for its category links, then each category page in
// turn (and its further pages, by rel="next"), one request at a time.
import { load, type CheerioAPI } from 'cheerio';
import type { ItemFailure, PoliteFetcher } from '../../types.ts';
import { absoluteUrl, cleanText, nextPageUrl, readPages, structureError } from './shared.ts';

/** Hubs linking to more category pages than this are refused rather than read in part. */
export const MAX_CATEGORIES = 40;

/** A category page a hub links to, with the hub's name for it. */
export interface Category {
  url: string;
  name: string;
}

/** One page of a category, as read. */
export interface CategoryPage {
  category: Category;
  url: string;
  $: CheerioAPI;
}

/**
 * The hub's links to category pages, each once, in page order (the name is the link's text, or
 * its image's alt text). A hub with none throws: a redesign or a firewall's page must not read as
 * a bank with no offers; one with more than maxCategories throws rather than reading part of them.
 */
export async function readCategoryHub(
  fetcher: PoliteFetcher,
  hubUrl: string,
  options: { source: string; isCategory: (url: URL) => boolean; expected: string; maxCategories?: number },
): Promise<Category[]> {
  const page = await fetcher.text(hubUrl);
  const $ = load(page.text);
  const categories = new Map<string, Category>();
  $('a[href]').each((_, element) => {
    const link = $(element);
    const href = absoluteUrl(link.attr('href'), page.url);
    if (!href) return;
    const url = new URL(href);
    url.hash = '';
    if (!options.isCategory(url)) return;
    const name = cleanText(link.text()) || cleanText(link.find('img').attr('alt'));
    // A category linked twice (a menu and a tile) is read once, under the first name given.
    const known = categories.get(url.href);
    if (!known) categories.set(url.href, { url: url.href, name });
    else if (!known.name) known.name = name;
  });
  if (categories.size === 0) throw structureError(options.source, options.expected);
  const maxCategories = options.maxCategories ?? MAX_CATEGORIES;
  if (categories.size > maxCategories) {
    throw new Error(
      `${options.source}: more than ${maxCategories} category pages — raise the cap if the hub really links to this many`,
    );
  }
  return [...categories.values()];
}

/**
 * Reads every category page and its further pages. A page that cannot be fetched throws: its
 * offers would otherwise look ended. A category whose pages hold no offer card is a failure with
 * its reason (a bank may leave a category empty for a while); when no category holds any, the
 * read throws: that is a redesign or a firewall's page, not a bank without offers.
 */
export async function readCategoryPages(
  fetcher: PoliteFetcher,
  categories: Category[],
  options: { source: string; card: string; maxPagesPerCategory?: number },
): Promise<{ pages: CategoryPage[]; failures: ItemFailure[] }> {
  const pages: CategoryPage[] = [];
  const failures: ItemFailure[] = [];
  for (const category of categories) {
    const read = await readPages(
      fetcher,
      category.url,
      (page) => {
        const $ = load(page.text);
        return { content: { category, url: page.url, $ }, nextUrl: nextPageUrl($, page.url) };
      },
      { source: `${options.source} ${category.url}`, maxPages: options.maxPagesPerCategory ?? 10 },
    );
    if (read.every(({ $ }) => $(options.card).length === 0)) {
      failures.push({
        itemKey: category.url,
        title: category.name,
        reason: `category page lists no offers (${options.card}): empty, or its structure changed`,
      });
    }
    pages.push(...read);
  }
  if (pages.every(({ $ }) => $(options.card).length === 0)) {
    throw structureError(
      options.source,
      `offer cards (${options.card}) on any of the ${categories.length} category pages`,
    );
  }
  return { pages, failures };
}
