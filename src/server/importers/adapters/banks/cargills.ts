// Cargills Bank publishes its card offers only as flyers: two WordPress pages (card promotions, and
// Mastercard promotions) whose content is a column of JPEGs under /wp-content/uploads/, most with an
// empty alt and no heading or validity in the markup, each followed by (or wrapped in) a link to the
// offer's terms as a PDF. Everything the offer says is in the image. So each flyer becomes an item for
// the team to complete (flyer: true): its image, its terms' PDF (else its link, else the page) as its
// URL, and the text the page carries — the alt text, a caption (whose dates become dateText), a link's
// words, and failing those the PDF's or the image's file name made readable ('Banana-Bunks-Kandy-Offer-
// Terms-and-Conditions.pdf' reads 'Banana Bunks Kandy'). The merchant is passed on only where that
// text names it ('… at <merchant> with …', '<merchant> – 25% savings'). A terms PDF with no flyer is
// an item too; an image with no address is a failure: nothing the page shows is left out silently.
//
// The theme's markup is not known beyond this: the flyers are looked for in the page's content
// (.entry-content, else article, main or #content), never in its header, menus or footer, and each
// page must show at least one, or the run fails (a redesign must not read as the end of every offer).
//
// Facts from:
//   DFanso/lk-card-offers · scripts/SCRAPERS.md @ d555b6b ('~28 promo JPGs in wp-content/uploads/2018/04/ —
//     all with empty alt, no <h2>/<h3> headings, no validity text in the markup'; file names such as
//     'KFC-EDM-1-1', 'Banana-Bunks-Kandy')
//   CSAbeywickrame/sl-bank-offers · lib/sources/bankRegistry.ts @ 6c68003 (the two pages; 'offers live only
//     in flyer JPEGs on these two listing pages (page text is nav-menu chrome)'), and its scrape
//     data/cargills-scrape-2026-06-12.json @ b28fbc2 (each offer's terms at /wp-content/uploads/<y>/<m>/<name>.pdf)
//   ArdenoStudio/lankawa · docs/CARD_OFFER_AGGREGATORS_RESEARCH.md @ a319ab3 (no aggregator carries
//     Cargills' catalogue: the bank's pages are the source)
import { type CheerioAPI, load } from 'cheerio';
import type { ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { merchantAfterAt, sentencesOf } from './offer-wording.ts';
import {
  absoluteUrl,
  cleanText,
  type Elements,
  htmlLines,
  htmlParagraphs,
  structureError,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Cargills Bank';
const CARD_PROMOTIONS = 'https://www.cargillsbank.com/products/cargills-bank-cards-promotions/';
const MASTERCARD_PROMOTIONS = 'https://www.cargillsbank.com/products/mastercard-promotions/';

/** Where a WordPress theme puts a page's own content, most specific first. */
const CONTENT = ['.entry-content', 'article', 'main', '#content'];
/** Parts of the content that are not the page's own: a flyer is never looked for there. */
const CHROME = 'header, nav, footer, aside, form, .widget, .sidebar';
/** The boxes WordPress and its page builders put an image and its caption in. */
const CAPTION_BOX = 'figure, .wp-caption, .gallery-item, .elementor-widget-image';
const CAPTION = 'figcaption, .wp-caption-text, .gallery-caption, .widget-image-caption';

const UPLOADS = /\/wp-content\/uploads\//;
const PDF = /\.pdf$/i;
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp)$/i;
// Link words that say nothing of the offer.
const GENERIC_LINK =
  /^(?:terms(?:\s*(?:&|and)\s*conditions)?|t\s*&\s*cs?|click here|download|view(?: more)?|read more|more details|details|here|pdf)\b/i;
// A caption line that gives the validity: 'Valid till 31st October 2026', 'Every Friday in October'.
const DATE_LINE =
  /\b(?:valid|till|until|from|every)\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b20\d\d\b/i;

/** A flyer as the page shows it. */
interface Flyer {
  imageUrl?: string | undefined;
  /** The terms' PDF, when the page links one to the flyer. */
  pdfUrl?: string | undefined;
  /** Where the image links to when that is a page (not a PDF, not the image itself). */
  linkUrl?: string | undefined;
  alt: string;
  captionLines: string[];
  linkText: string;
}

export const cargillsAdapter: SourceAdapter = {
  adapter: 'cargills',
  title: 'Cargills Bank card promotions',
  bankName: BANK,
  defaultUrl: CARD_PROMOTIONS,

  async read({ url, fetcher }) {
    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    // The card promotions and the Mastercard promotions: two pages, read one after the other.
    for (const pageUrl of [...new Set([url, MASTERCARD_PROMOTIONS])]) {
      const page = await fetcher.text(pageUrl);
      const source = `${BANK} promotions page ${page.url}`;
      const $ = load(page.text);
      const content = CONTENT.map((selector) => $.root().find(selector).first()).find((found) => found.length > 0);
      if (!content) throw structureError(source, `the page's content (${CONTENT.join(', ')})`);
      const read = readFlyers($, content, page.url);
      // Images it cannot read do not stand in for flyers: a lazy loader changed, say, must not end every offer.
      if (read.flyers.length === 0)
        throw structureError(
          source,
          "a flyer (an image under /wp-content/uploads/ or a terms PDF) in the page's content",
        );
      items.push(...read.flyers.map((flyer) => toSourceItem(flyer, page.url)));
      failures.push(...read.failures);
    }
    // A flyer on both pages is one offer.
    return { items: uniqueKeys(items), failures };
  },
};

/**
 * The content's flyers in page order. A terms PDF belongs to the flyer it wraps, or to the flyer
 * before it in the same block of the content or the block just before (an image's paragraph, then
 * the link's), when that flyer has none; any other PDF not linked already is an offer of its own.
 */
function readFlyers($: CheerioAPI, content: Elements, pageUrl: string): { flyers: Flyer[]; failures: ItemFailure[] } {
  const flyers: Flyer[] = [];
  const failures: ItemFailure[] = [];
  // The last flyer, and the block of the content it sits in.
  let last: { flyer: Flyer; block: Elements } | undefined;
  const blockOf = (element: Elements): Elements => {
    const top = element.parentsUntil(content).last();
    return top.length > 0 ? top : element;
  };
  let images = 0;
  for (const node of content.find('img, a[href]').toArray()) {
    const element = $(node);
    if (element.closest(CHROME).length > 0) continue;
    if (node.tagName === 'a') {
      // A flyer inside the link is read with the flyer (an icon beside its words is not one).
      if (
        element
          .find('img')
          .toArray()
          .some((image) => isFlyerImage(imageSource($(image), pageUrl)))
      )
        continue;
      const href = absoluteUrl(element.attr('href'), pageUrl);
      if (!href || !PDF.test(new URL(href).pathname)) continue;
      const linkText = cleanText(element.text());
      // A second link to terms already linked (the flyer's own link, then a 'Terms & Conditions' under it).
      if (flyers.some((flyer) => flyer.pdfUrl === href)) continue;
      const block = blockOf(element);
      const near = last !== undefined && [last.block.get(0), last.block.next().get(0)].includes(block.get(0));
      if (last && near && !last.flyer.pdfUrl) {
        last.flyer.pdfUrl = href;
        last.flyer.linkText ||= linkText;
      } else {
        flyers.push({ pdfUrl: href, alt: '', captionLines: [], linkText });
        last = undefined;
      }
      continue;
    }

    images++;
    const alt = cleanText(element.attr('alt')) || cleanText(element.attr('title'));
    const box = element.closest(CAPTION_BOX);
    const captionLines = box.length > 0 ? htmlLines(box.find(CAPTION).first().html()) : [];
    const source = imageSource(element, pageUrl);
    if (!source) {
      // An image with no address: a lazy-loading placeholder whose real address is missing, say.
      failures.push({
        itemKey: `${pageUrl}#image-${images}`,
        title: alt || captionLines[0],
        reason: `image ${images} of the page's content has no address to read it from (src, data-src, data-lazy-src)`,
      });
      last = undefined;
      continue;
    }
    if (!isFlyerImage(source)) continue;

    const link = element.closest('a[href]');
    const href = link.length > 0 ? absoluteUrl(link.attr('href'), pageUrl) : undefined;
    const hrefPath = href ? new URL(href).pathname : '';
    const flyer: Flyer = {
      // A link to the image file itself is the full-size flyer.
      imageUrl: href && IMAGE_FILE.test(hrefPath) ? href : (largestImage(element, pageUrl) ?? source),
      pdfUrl: href && PDF.test(hrefPath) ? href : undefined,
      linkUrl: href && !PDF.test(hrefPath) && !IMAGE_FILE.test(hrefPath) ? href : undefined,
      alt,
      captionLines,
      linkText: '',
    };
    flyers.push(flyer);
    last = { flyer, block: blockOf(element) };
  }
  return { flyers, failures };
}

/** The flyers are uploads; theme graphics and icons live elsewhere. */
const isFlyerImage = (url: string | undefined) => url !== undefined && UPLOADS.test(new URL(url).pathname);

/** The image's address: a lazy loader's real one before the placeholder in src. */
function imageSource(image: Elements, pageUrl: string): string | undefined {
  for (const attribute of ['data-lazy-src', 'data-src', 'src']) {
    const url = absoluteUrl(image.attr(attribute), pageUrl);
    if (url) return url;
  }
  return undefined;
}

/** The widest candidate of the image's srcset, when it has one. */
function largestImage(image: Elements, pageUrl: string): string | undefined {
  const candidates = (image.attr('data-lazy-srcset') ?? image.attr('data-srcset') ?? image.attr('srcset') ?? '')
    .split(',')
    .map((candidate) => /^\s*(\S+)\s+(\d+)w\s*$/.exec(candidate))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ url: absoluteUrl(match[1], pageUrl), width: Number(match[2]) }));
  return candidates.sort((a, b) => b.width - a.width).find((candidate) => candidate.url)?.url;
}

function toSourceItem(flyer: Flyer, pageUrl: string): SourceItem {
  const dateLines = flyer.captionLines.filter((line) => DATE_LINE.test(line));
  const words = [flyer.alt, ...flyer.captionLines.filter((line) => !dateLines.includes(line))].filter(Boolean);
  const linkText = GENERIC_LINK.test(flyer.linkText) ? '' : flyer.linkText;
  const title =
    words[0] ||
    linkText ||
    readableFileName(flyer.pdfUrl) ||
    readableFileName(flyer.imageUrl) ||
    'Cargills Bank card offer';
  const key = flyer.imageUrl ?? flyer.pdfUrl!;
  return {
    itemKey: uploadKey(key),
    url: flyer.pdfUrl ?? flyer.linkUrl ?? pageUrl,
    title,
    merchantName: merchantNamed([...words, linkText].filter(Boolean)) ?? '',
    description: htmlParagraphs(flyer.captionLines),
    dateText: dateLines.join(' ') || undefined,
    imageUrl: flyer.imageUrl,
    flyer: true,
  };
}

/** The merchant the page's words name: '… at <merchant> with …', or '<merchant> – 25% savings …'. */
function merchantNamed(texts: string[]): string | undefined {
  for (const text of texts) {
    const atName = sentencesOf(text).map(merchantAfterAt).find(Boolean);
    if (atName) return atName;
    const dashed = /^(.{2,60}?)\s+[–—-]\s+.*(?:\d\s*%|\boff\b|\bsavings?\b|\bfree\b)/i.exec(text)?.[1];
    if (dashed) return cleanText(dashed);
  }
  return undefined;
}

/**
 * A file's name as words: 'Banana-Bunks-Kandy-Offer-Terms-and-Conditions.pdf' reads 'Banana Bunks
 * Kandy', 'KFC-EDM-1-1-1024x1024.jpg' reads 'KFC'. WordPress's size and copy suffixes, the words
 * 'Terms and Conditions' (with an 'Offer' before them) and 'EDM' (the bank's name for a flyer) go.
 */
function readableFileName(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let name = new URL(url).pathname.split('/').pop() ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    /* the name as written */
  }
  name = name.replace(/\.[a-z0-9]{2,4}$/i, '').replace(/-\d+x\d+$/, '');
  // '-1', '-2' are WordPress's copies of a name already used; a year ('-2023') stays.
  while (/-\d{0,2}$/.test(name) && name.length > 1) name = name.replace(/-\d{0,2}$/, '');
  const words = name
    .replace(/[-_]+/g, ' ')
    .replace(/\b(?:offer\s+)?terms\s*(?:and|&)?\s*conditions\b/gi, ' ')
    .replace(/\bEDM\b/g, ' ');
  return cleanText(words) || undefined;
}

/** The path under wp-content/uploads, without WordPress's size suffix: the same flyer at any size. */
function uploadKey(url: string): string {
  const { pathname } = new URL(url);
  let path = /\/wp-content\/uploads\/(.+)$/.exec(pathname)?.[1] ?? pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    /* the path as written */
  }
  return path.replace(/-\d+x\d+(\.[a-z0-9]{2,4})$/i, '$1');
}
