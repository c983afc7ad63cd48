// Cargills Bank's adapter, replayed from captures built on MODELLED pages (no real payload of the
// two promotions pages exists; each fixture's header says what it is modelled on:
// tests/fixtures/importers/banks/cargills/), and on the live terms PDFs' addresses that a peer
// scraped (the real-data folder's offer texts), read at test time.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cargillsAdapter } from '../../../../src/server/importers/adapters/banks/cargills.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { SourceItem } from '../../../../src/server/importers/types.ts';
import { type CapturedAnswer, harOf, REAL_DATA_ABSENT, REAL_DATA_DIR, realFile } from '../../../support/real-data.ts';

const FIXTURES = new URL('../../../fixtures/importers/banks/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const CARDS_PAGE = 'https://www.cargillsbank.com/products/cargills-bank-cards-promotions/';
const MASTERCARD_PAGE = 'https://www.cargillsbank.com/products/mastercard-promotions/';
const UPLOADS = 'https://www.cargillsbank.com/wp-content/uploads';
const NOW = new Date('2026-09-20T04:30:00.000Z');

const cardsPage = fixture('cargills/cards-promotions.html');
const mastercardPage = fixture('cargills/mastercard-promotions.html');
const BOTH_PAGES: CapturedAnswer[] = [
  { url: CARDS_PAGE, body: cardsPage },
  { url: MASTERCARD_PAGE, body: mastercardPage },
];

async function read(answers: CapturedAnswer[]) {
  const fetcher = createReplayFetcher(parseHar(harOf(answers), 'cargills.har'), 'cargills.har');
  const result = await cargillsAdapter.read({ url: cargillsAdapter.defaultUrl!, fetcher, now: NOW });
  return { ...result, fetcher };
}

const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});

describe('Cargills Bank adapter', () => {
  it('reads both promotions pages once each, every flyer as an item for the team and an unreadable image as a failure', async () => {
    const { items, failures, fetcher } = await read(BOTH_PAGES);
    // 7 on the card promotions page, 3 on the Mastercard page, one of which repeats the first page's.
    expect(items).toHaveLength(9);
    expect(items.every((item) => item.flyer === true)).toBe(true);
    expect(failures).toEqual([
      {
        itemKey: `${CARDS_PAGE}#image-6`,
        reason: "image 6 of the page's content has no address to read it from (src, data-src, data-lazy-src)",
      },
    ]);
    expect([fetcher.requestsTo(CARDS_PAGE), fetcher.requestsTo(MASTERCARD_PAGE)]).toEqual([1, 1]);
  });

  it('gives each flyer its key, a title from the page, the merchant where the page names one, its terms and its image', async () => {
    const { items } = await read(BOTH_PAGES);
    expect(items.map(identity)).toEqual([
      {
        // Empty alt, no caption: the title is the terms PDF's name.
        itemKey: '2018/04/Tamarind-Tree-EDM-1-1.jpg',
        title: 'Tamarind Tree Restaurant',
        merchantName: '',
        url: `${UPLOADS}/2018/04/Tamarind-Tree-Restaurant-Offer-Terms-and-Conditions.pdf`,
        imageUrl: `${UPLOADS}/2018/04/Tamarind-Tree-EDM-1-1.jpg`,
      },
      {
        // The figure's own link is the PDF; the widest image of its srcset is the flyer.
        itemKey: '2026/08/Harbour-Bay-Hotel.jpg',
        title: 'Harbour Bay Hotel',
        merchantName: '',
        url: `${UPLOADS}/2026/08/Harbour-Bay-Hotel-Offer-Terms-Conditions-1.pdf`,
        imageUrl: `${UPLOADS}/2026/08/Harbour-Bay-Hotel.jpg`,
      },
      {
        itemKey: '2026/09/Lotus-Tea-Lounge.jpg',
        title: '20% savings at Lotus Tea Lounge with Cargills Bank Credit Cards',
        merchantName: 'Lotus Tea Lounge',
        url: `${UPLOADS}/2026/09/Lotus-Tea-Lounge-Terms-and-Conditions.pdf`,
        imageUrl: `${UPLOADS}/2026/09/Lotus-Tea-Lounge.jpg`,
      },
      {
        // Lazy-loaded: the real address is in data-lazy-src(set), not the placeholder in src.
        itemKey: '2018/04/Easy-Pay-EDM-1-1.jpg',
        title: 'Easy Pay 0 Interest 24 Months',
        merchantName: '',
        url: `${UPLOADS}/2018/04/Easy-Pay-0-Interest-24-Months-Terms-and-Conditions-.pdf`,
        imageUrl: `${UPLOADS}/2018/04/Easy-Pay-EDM-1-1.jpg`,
      },
      {
        // No terms: the page is its link, and the lightbox's full-size image its flyer.
        itemKey: '2026/09/Fresh-Harvest-Supermarket-EDM.jpg',
        title: 'Fresh Harvest Supermarket',
        merchantName: '',
        url: CARDS_PAGE,
        imageUrl: `${UPLOADS}/2026/09/Fresh-Harvest-Supermarket-EDM.jpg`,
      },
      {
        // Terms with no flyer (a block apart from the flyer before it): an offer of its own.
        itemKey: '2018/04/Terms-and-Conditions-Balance-Transfer.pdf',
        title: 'Balance Transfer Plan – Terms and Conditions',
        merchantName: '',
        url: `${UPLOADS}/2018/04/Terms-and-Conditions-Balance-Transfer.pdf`,
        imageUrl: undefined,
      },
      {
        // 'Click here' says nothing: the PDF's name does.
        itemKey: '2026/09/Cool-Breeze-AC-EDM.jpg',
        title: 'Cool Breeze AC',
        merchantName: '',
        url: `${UPLOADS}/2026/09/Cool-Breeze-AC-Offer-Terms-Conditions.pdf`,
        imageUrl: `${UPLOADS}/2026/09/Cool-Breeze-AC-EDM.jpg`,
      },
      // The Mastercard page.
      {
        itemKey: '2026/03/Golf-Privileges.jpg',
        title: 'Mastercard Golf Privileges',
        merchantName: '',
        url: 'https://www.mastercard.lk/en-lk/personal/offers/golf-privileges.html',
        imageUrl: `${UPLOADS}/2026/03/Golf-Privileges.jpg`,
      },
      {
        itemKey: '2026/09/Palm-Grove-Villa.jpg',
        title: 'Palm Grove Villa – 25% savings on room rates',
        merchantName: 'Palm Grove Villa',
        url: `${UPLOADS}/2026/09/Palm-Grove-Villa-Offer-Terms-Conditions.pdf`,
        imageUrl: `${UPLOADS}/2026/09/Palm-Grove-Villa.jpg`,
      },
    ]);
  });

  it('passes on the text the page carries: captions as the description, their dates as dateText', async () => {
    const { items } = await read(BOTH_PAGES);
    expect(items[1]).toEqual({
      itemKey: '2026/08/Harbour-Bay-Hotel.jpg',
      url: `${UPLOADS}/2026/08/Harbour-Bay-Hotel-Offer-Terms-Conditions-1.pdf`,
      title: 'Harbour Bay Hotel',
      merchantName: '',
      description: '<p>Valid till 31st October 2026</p>',
      dateText: 'Valid till 31st October 2026',
      imageUrl: `${UPLOADS}/2026/08/Harbour-Bay-Hotel.jpg`,
      flyer: true,
    });
    expect(items[8]).toEqual({
      itemKey: '2026/09/Palm-Grove-Villa.jpg',
      url: `${UPLOADS}/2026/09/Palm-Grove-Villa-Offer-Terms-Conditions.pdf`,
      title: 'Palm Grove Villa – 25% savings on room rates',
      merchantName: 'Palm Grove Villa',
      description:
        '<p>Palm Grove Villa – 25% savings on room rates</p><p>Valid from 1st October to 31st December 2026</p>',
      dateText: 'Valid from 1st October to 31st December 2026',
      imageUrl: `${UPLOADS}/2026/09/Palm-Grove-Villa.jpg`,
      flyer: true,
    });
    // A flyer with no caption has no text beyond its title.
    expect(items[0]).toEqual({
      itemKey: '2018/04/Tamarind-Tree-EDM-1-1.jpg',
      url: `${UPLOADS}/2018/04/Tamarind-Tree-Restaurant-Offer-Terms-and-Conditions.pdf`,
      title: 'Tamarind Tree Restaurant',
      merchantName: '',
      imageUrl: `${UPLOADS}/2018/04/Tamarind-Tree-EDM-1-1.jpg`,
      flyer: true,
    });
  });

  it('fails the run when a page has no content area, or no flyer in it, rather than ending every offer', async () => {
    const redesigned = fixture('redesigned.html');
    await expect(
      read([
        { url: CARDS_PAGE, body: redesigned },
        { url: MASTERCARD_PAGE, body: mastercardPage },
      ]),
    ).rejects.toThrow(
      `Cargills Bank promotions page ${CARDS_PAGE}: expected a flyer (an image under /wp-content/uploads/ or a terms PDF) in the page's content not found — the page structure may have changed`,
    );
    // Images without an address are no flyers: a lazy loader that changed must not end every offer.
    const placeholders =
      '<html><body><div class="entry-content"><p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" class="lazyload" alt=""></p></div></body></html>';
    await expect(
      read([
        { url: CARDS_PAGE, body: placeholders },
        { url: MASTERCARD_PAGE, body: mastercardPage },
      ]),
    ).rejects.toThrow(
      `Cargills Bank promotions page ${CARDS_PAGE}: expected a flyer (an image under /wp-content/uploads/ or a terms PDF) in the page's content not found`,
    );
    // The first page read well does not make up for the second.
    const shell =
      '<!DOCTYPE html><html><head><title>Cargills Bank</title></head><body><div id="app"></div></body></html>';
    await expect(
      read([
        { url: CARDS_PAGE, body: cardsPage },
        { url: MASTERCARD_PAGE, body: shell },
      ]),
    ).rejects.toThrow(
      `Cargills Bank promotions page ${MASTERCARD_PAGE}: expected the page's content (.entry-content, article, main, #content) not found`,
    );
  });

  it('fails the run when a page cannot be had', async () => {
    await expect(
      read([
        { url: CARDS_PAGE, body: cardsPage },
        { url: MASTERCARD_PAGE, status: 503, body: 'Service Unavailable' },
      ]),
    ).rejects.toThrow(`GET ${MASTERCARD_PAGE} answered 503`);
  });
});

// The addresses of Cargills' live terms PDFs, as a peer scraped them in June 2026: each beside a
// flyer on a page built here, the titles read from their names must be the offers' names.
describe.skipIf(!REAL_DATA_DIR)(
  `Cargills Bank adapter on the live terms PDFs' names (skipped: ${REAL_DATA_ABSENT})`,
  () => {
    const rows = () =>
      (JSON.parse(realFile('offer-texts/cargills-scrape-2026-06-12.json')) as Array<{ source_url: string }>)
        .map((row) => row.source_url)
        .filter((url) => url.endsWith('.pdf'));

    it('titles every flyer by its terms PDF\'s name, without the words "Terms and Conditions"', async () => {
      const pdfs = rows();
      expect(pdfs.length).toBeGreaterThanOrEqual(20);
      const blocks = pdfs.map(
        (pdf, index) =>
          `<p><img src="${UPLOADS}/2026/06/flyer-${index + 1}.jpg" alt=""></p><p><a href="${pdf}">Terms &amp; Conditions</a></p><hr>`,
      );
      const page = `<html><body><div class="entry-content">${blocks.join('\n')}</div></body></html>`;
      const { items, failures } = await read([
        { url: CARDS_PAGE, body: page },
        { url: MASTERCARD_PAGE, body: mastercardPage },
      ]);
      expect(failures).toEqual([]);
      const onFirstPage = items.slice(0, pdfs.length);
      expect(onFirstPage.map((item) => item.url)).toEqual(pdfs);
      for (const item of onFirstPage) {
        expect(item.title).toMatch(/\w{2}/);
        expect(item.title).not.toMatch(/terms|conditions|\.pdf|-/i);
      }
      const titleOf = (fragment: string) => onFirstPage.find((item) => item.url!.includes(fragment))?.title;
      expect({
        banana: titleOf('Banana-Bunks-Kandy'),
        kent: titleOf('Kent-Cottage'),
        fresh: titleOf('Fresh-Feast'),
        kfc: titleOf('KFC-Terms'),
        wild: titleOf('WildEscape'),
        emi: titleOf('EMI-2023'),
        ipp: titleOf('IPP-0-Interest-24'),
      }).toEqual({
        banana: 'Banana Bunks Kandy',
        // The name's percent-encoded en dash is decoded.
        kent: 'Kent Cottage – Nuwaraeliya',
        // 'offer' before the terms, and WordPress's copy number '-1', go.
        fresh: 'Fresh Feast',
        kfc: 'KFC',
        // A number inside the name stays.
        wild: 'WildEscape Yala Blocks 35',
        // A year after the terms stays.
        emi: 'EMI 2023',
        ipp: 'IPP 0 Interest 24 months',
      });
    });
  },
);
