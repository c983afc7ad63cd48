// What the bank adapters share: readable text out of HTML, absolute URLs, reading a listing that
// may run over several pages, and reading each offer's own page.
import { load, type CheerioAPI } from 'cheerio';
import type { FetchedText, ItemFailure, PoliteFetcher } from '../../types.ts';
import { absoluteUrl } from '../absolute-url.ts';

/** A selection of elements as cheerio's find() returns it (cheerio does not export its node types). */
export type Elements = ReturnType<ReturnType<CheerioAPI['root']>['find']>;

/** Listings longer than this are refused rather than cut short (see readPages). */
export const MAX_LISTING_PAGES = 20;

/** Collapses whitespace (non-breaking spaces too) and drops zero-width characters. */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// Tags that start or end a line of text. Without breaks, '<p>Up to</p><p>25%</p>' reads 'Up to25%'.
const LINE_BREAKING_TAG =
  /<\/?(?:p|div|li|ul|ol|h[1-6]|tr|table|section|article|figure|figcaption|header|footer|nav)\b[^>]*>|<br\s*\/?>/gi;

/** The lines of an HTML fragment, entities decoded: paragraphs, list items and <br> end a line. */
export function htmlLines(html: string | null | undefined): string[] {
  // The source's own line wrapping is only whitespace; the tags decide where lines end.
  const marked = (html ?? '').replace(/\s+/g, ' ').replace(LINE_BREAKING_TAG, (tag) => `\n${tag}`);
  return load(marked, null, false).root().text().split('\n').map(cleanText).filter(Boolean);
}

/** An HTML fragment as one line of text. */
export function textOf(html: string | null | undefined): string {
  return htmlLines(html).join(' ');
}

/** Lines as simple HTML paragraphs, escaped: the pipeline keeps a description as HTML. */
export function htmlParagraphs(lines: string[]): string | undefined {
  if (lines.length === 0) return undefined;
  return lines
    .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');
}

/** The text of the first element under scope that matches selector ('' when there is none). */
export function textIn(scope: Elements, selector: string): string {
  return textOf(scope.find(selector).first().html());
}

export { absoluteUrl };

/** The value of a 'Label: value' line when its label matches ('Address : No. 12, Galle Road'). */
export function labelledValue(line: string, label: RegExp): string | undefined {
  const match = /^([^:]{1,40}):(.*)$/.exec(line);
  if (!match || !label.test(cleanText(match[1]))) return undefined;
  return cleanText(match[2]) || undefined;
}

/** The code a text gives after 'promo code' ('Promo code – SAVE10', 'use promo code SEYLAN12'). */
export function findPromoCode(text: string): string | undefined {
  const label = /\bpromo(?:tion)?\s*code\b/i.exec(text);
  if (!label) return undefined;
  // Codes are written in capitals and digits; this keeps 'promo code applies' from reading 'applies'.
  const after = text.slice(label.index + label[0].length);
  return /^\s*(?:[:\-–—]|is)?\s*["“']?([A-Z0-9][A-Z0-9_-]{2,})\b/.exec(after)?.[1];
}

/** The error a page without its expected structure throws: the run fails rather than reading nothing. */
export function structureError(page: string, expected: string): Error {
  return new Error(`${page}: expected ${expected} not found — the page structure may have changed`);
}

/**
 * A JSON answer's value. An answer that is not JSON (a firewall's challenge or block page, a
 * maintenance page in HTML) throws, failing the run: it must never read as 'no offers'.
 */
export function readJsonAnswer(page: FetchedText, source: string): unknown {
  try {
    return JSON.parse(page.text);
  } catch {
    const what = /^\s*</.test(page.text) ? "an HTML page (a firewall's challenge or block page?)" : 'no JSON';
    throw new Error(`${source}: ${page.url} answered ${what} where JSON was asked for`);
  }
}

/**
 * Throws when a listing holds fewer rows than its own total says (a cut or throttled answer), or
 * none where its total says there are some (Sampath without its headers answers `data: []`).
 */
export function checkRowsAgainstTotal(rows: number, total: unknown, source: string): void {
  if (typeof total !== 'number' || !Number.isFinite(total)) return;
  if (rows < total)
    throw new Error(
      `${source}: the answer holds ${rows} of the ${total} offers its total gives (a cut or false-empty answer)`,
    );
}

/** One listing page as read: what it holds, and the next page's URL when there is one. */
export interface ListingPage<Content> {
  content: Content;
  nextUrl?: string | undefined;
}

/**
 * Reads a listing from its first page, following next-page URLs one page at a time (the fetcher
 * paces each host). A listing longer than maxPages throws rather than returning part of it: a cut
 * list would make the offers on the missing pages look ended.
 */
export async function readPages<Content>(
  fetcher: PoliteFetcher,
  firstUrl: string,
  readPage: (page: FetchedText) => ListingPage<Content>,
  options: { source: string; maxPages?: number; accept?: string },
): Promise<Content[]> {
  const maxPages = options.maxPages ?? MAX_LISTING_PAGES;
  const contents: Content[] = [];
  const visited = new Set<string>();
  let url: string | undefined = firstUrl;
  // A pager that links back to a page already read ends the listing.
  while (url && !visited.has(url)) {
    if (contents.length === maxPages) {
      throw new Error(
        `${options.source}: more than ${maxPages} pages — raise the page cap if the listing really is this long`,
      );
    }
    visited.add(url);
    const page = readPage(await fetcher.text(url, options.accept ? { accept: options.accept } : undefined));
    contents.push(page.content);
    url = page.nextUrl;
  }
  return contents;
}

/** An HTML page as read, with the URL it came from (after redirects) for resolving its links. */
export interface HtmlPage {
  url: string;
  $: CheerioAPI;
}

/**
 * Reads an HTML listing and its further pages (rel="next" links). Each page must hold the offers
 * container, or the read throws: a maintenance page or a redesign must not read as 'no offers'.
 */
export function readHtmlListing(
  fetcher: PoliteFetcher,
  url: string,
  options: { source: string; container: string; maxPages?: number },
): Promise<HtmlPage[]> {
  return readPages(
    fetcher,
    url,
    (page) => {
      const $ = load(page.text);
      if ($(options.container).length === 0) throw structureError(options.source, options.container);
      return { content: { url: page.url, $ }, nextUrl: nextPageUrl($, page.url) };
    },
    options,
  );
}

/** The page's rel="next" link (a pager's next button, or a <link> in the head), absolute. */
export function nextPageUrl($: CheerioAPI, pageUrl: string): string | undefined {
  return absoluteUrl($('a[rel~="next"], link[rel~="next"]').first().attr('href'), pageUrl);
}

/**
 * Fetches each offer's own page, one at a time (the fetcher paces the host) and each URL once.
 * An offer whose page cannot be fetched becomes a failure; readDetail throws when a page does not
 * have the expected structure, which fails the run.
 */
export async function readDetailPages<Entry extends { itemKey: string; title: string }, Detail>(
  fetcher: PoliteFetcher,
  entries: Entry[],
  pageUrl: (entry: Entry) => string,
  readDetail: (page: FetchedText, entry: Entry) => Detail,
  options: { accept?: string } = {},
): Promise<{ details: Array<{ entry: Entry; detail: Detail }>; failures: ItemFailure[] }> {
  const details: Array<{ entry: Entry; detail: Detail }> = [];
  const failures: ItemFailure[] = [];
  const fetched = new Map<string, FetchedText>();
  for (const entry of entries) {
    const url = pageUrl(entry);
    let page = fetched.get(url);
    if (!page) {
      try {
        page = await fetcher.text(url, options.accept ? { accept: options.accept } : undefined);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push({
          itemKey: entry.itemKey,
          title: entry.title,
          reason: `offer page ${url} could not be fetched: ${message}`,
        });
        continue;
      }
      fetched.set(url, page);
    }
    details.push({ entry, detail: readDetail(page, entry) });
  }
  return { details, failures };
}

/**
 * Gives each listed offer a key of its own. A block the listing repeats (one offer under two
 * category rows, or on two pages when the list shifts while it is read) is dropped; a different
 * offer behind an already-used link gets '#2', '#3' in page order.
 */
export function uniqueKeys<
  Entry extends { itemKey: string; title: string; rateText?: string | undefined; dateText?: string | undefined },
>(entries: Entry[]): Entry[] {
  const kept = new Map<string, Entry[]>();
  const unique: Entry[] = [];
  for (const entry of entries) {
    const sameKey = kept.get(entry.itemKey) ?? [];
    const repeated = sameKey.some(
      (earlier) =>
        earlier.title === entry.title && earlier.rateText === entry.rateText && earlier.dateText === entry.dateText,
    );
    if (repeated) continue;
    sameKey.push(entry);
    kept.set(entry.itemKey, sameKey);
    unique.push(sameKey.length === 1 ? entry : { ...entry, itemKey: `${entry.itemKey}#${sameKey.length}` });
  }
  return unique;
}
