// The banks' real payloads (../shared/real-data/bank-payloads/, read at test time, never copied
// here) as captures the importers replay: each listing as the peer saved it, put right where the
// peer's trimming broke it (each case says so), and the offer pages no one saved answered by small
// MODELLED pages that give nothing, so that an item shows what the real listing alone gives.
// Shared by the adapters' tests on them (tests/unit/importers/banks/real-payloads.test.ts) and the
// import run that replays them through the pipeline (tests/api/real-payload-replay.test.ts).
import { combankAdapter } from '../../src/server/importers/adapters/banks/combank.ts';
import { hnbAdapter } from '../../src/server/importers/adapters/banks/hnb.ts';
import { ndbAdapter } from '../../src/server/importers/adapters/banks/ndb.ts';
import { seylanAdapter } from '../../src/server/importers/adapters/banks/seylan.ts';
import type { SourceAdapter } from '../../src/server/importers/types.ts';
import { type CapturedAnswer, realFile } from './real-data.ts';

const PAYLOADS = 'bank-payloads';

/** How many times a pattern occurs in a payload: the count of its items, made without the adapter. */
export const occurrences = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

/** One bank's real payload as a capture: the URL its source reads, every answer, and how many offers the payload holds. */
export interface RealCapture {
  adapter: SourceAdapter;
  /** The source's URL the capture answers (the listing's). */
  url: string;
  answers: () => CapturedAnswer[];
  /** The offers on the payload, counted from its markup or rows, not by the adapter. */
  offersListed: () => number;
}

// ---- NDB: the listing alone (the cards carry everything) ----
export const NDB_LISTING_URL = ndbAdapter.defaultUrl!;
export const ndbListing = () => realFile(`${PAYLOADS}/ndb/cardstock-list-trimmed-2026-09-19.html`);
export const NDB_CARD = /<div class="card offer-card\b/;
export const ndbCapture: RealCapture = {
  adapter: ndbAdapter,
  url: NDB_LISTING_URL,
  answers: () => [{ url: NDB_LISTING_URL, body: ndbListing() }],
  offersListed: () => occurrences(ndbListing(), NDB_CARD),
};

// ---- Seylan: the listing, and each card's offer page ----
export const SEYLAN_LISTING_URL = seylanAdapter.defaultUrl!;
export const SEYLAN_SLUGS = ['galis-1_', 'cool-planet-1', 'sunimals-1'];
export const seylanOfferPage = (slug: string) => `https://www.seylan.lk/${slug}`;
export const seylanListing = () => realFile(`${PAYLOADS}/seylan/cardstock-list-trimmed-2026-09-19.html`);
export const SEYLAN_CARD = /<div class="col-md-4 promotion-item\b/;
/** MODELLED: an offer page that gives nothing the adapter reads (no real offer page was saved). */
export const seylanBlankOfferPages = () =>
  SEYLAN_SLUGS.map((slug) => ({
    url: seylanOfferPage(slug),
    body: `<!DOCTYPE html><html><body><h2>${slug}</h2></body></html>`,
  }));
export const seylanCapture: RealCapture = {
  adapter: seylanAdapter,
  url: SEYLAN_LISTING_URL,
  answers: () => [{ url: SEYLAN_LISTING_URL, body: seylanListing() }, ...seylanBlankOfferPages()],
  offersListed: () => occurrences(seylanListing(), SEYLAN_CARD),
};

// ---- Commercial Bank: the listing, its offers area put back, and each tile's offer page ----
export const COMBANK_LISTING_URL = combankAdapter.defaultUrl!;
const COMBANK_OFFER = 'https://www.combank.lk/rewards-promotion';
export const COMBANK_LINKS = [
  `${COMBANK_OFFER}/food-restaurants/enjoy-the-art-of-dining-at-hilton-colombo-with-combank-credit-cards`,
  `${COMBANK_OFFER}/supermarket/enjoy-the-best-supermarket-deals-at-laugfs-super-with-combank-credit-cards`,
  `${COMBANK_OFFER}/travel/visit-your-favourite-holiday-destination-vietnam-airlines-with-find-my-fare-and-combank-credit-cards`,
  `${COMBANK_OFFER}/premium-card-offers/enjoy-the-art-of-dining-at-hilton-colombo-with-combank-premium-credit-cards`,
  `${COMBANK_OFFER}/other-offers/go-solar-and-go-green-with-solar-booze-and-combank-credit-cards`,
];
export const combankSample = () => realFile(`${PAYLOADS}/combank/cardstock-list-trimmed-2026-09-20.html`);
/**
 * The peer's trimming cut the page's offers area away (it kept the tiles alone); the peers say the
 * live page has it (.offers-area: code-index file 46858530386). Put back here.
 */
export const combankListing = () => `<div class="offers-area">${combankSample()}</div>`;
export const COMBANK_TILE = /<a class="reward box-shadow active"/;
/** MODELLED: an offer page with its container and nothing in it (no real offer page was saved). */
export const combankBlankOfferPages = () =>
  COMBANK_LINKS.map((url) => ({
    url,
    body: '<div class="news-content-container"><div class="editor-content"></div></div>',
  }));
export const combankCapture: RealCapture = {
  adapter: combankAdapter,
  url: COMBANK_LISTING_URL,
  answers: () => [{ url: COMBANK_LISTING_URL, body: combankListing() }, ...combankBlankOfferPages()],
  offersListed: () => occurrences(combankSample(), COMBANK_TILE),
};

// ---- HNB: the credit listing (its total reset), the debit listing, and each row's promotion ----
/** The peer's request; the adapter asks it for each card type. */
export const HNB_PEER_URL = 'https://venus.hnb.lk/api/get_all_web_card_promos?page=1&limit=999';
export const HNB_CREDIT = `${HNB_PEER_URL}&cardType=credit`;
export const HNB_DEBIT = `${HNB_PEER_URL}&cardType=debit`;
export const hnbPromotion = (id: string | number) => `https://venus.hnb.lk/api/get_web_card_promo?id=${id}`;
export interface HnbWebListing {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  data: Array<Record<string, string | number>>;
}
export const hnbWebListing = () =>
  realFile(`${PAYLOADS}/hnb/cardstock-get_all_web_card_promos-trimmed-2026-09-19.json`);
/** MODELLED: the debit listing, answered empty (no real debit answer was saved). */
export const hnbEmptyDebit: CapturedAnswer = {
  url: HNB_DEBIT,
  body: JSON.stringify({ page: 1, limit: 999, total: 0, totalPages: 0, data: [] }),
};
/**
 * The peer's trimming cut the rows (8 of the 874 its `total` gives): total is set to the rows it
 * kept. The peer asked without cardType; its rows are all 'credit', and it stands as the credit listing.
 */
export const hnbCreditAnswer = (): CapturedAnswer => {
  const answer = JSON.parse(hnbWebListing()) as HnbWebListing;
  return { url: HNB_CREDIT, body: JSON.stringify({ ...answer, total: answer.data.length }) };
};
/** MODELLED: each row's body holding only the row's own keys (no content, no `from`): no real body was saved for them. */
export const hnbRowBodies = (): CapturedAnswer[] =>
  (JSON.parse(hnbWebListing()) as HnbWebListing).data.map((row) => ({
    url: hnbPromotion(row.id!),
    body: JSON.stringify({
      title: row.title,
      thumb: row.thumb,
      to: row.to,
      valid: row.valid,
      cardType: row.cardType,
      merchant: row.merchant,
      assets: [],
    }),
  }));
export const hnbCapture: RealCapture = {
  adapter: hnbAdapter,
  url: HNB_PEER_URL,
  answers: () => [hnbCreditAnswer(), hnbEmptyDebit, ...hnbRowBodies()],
  offersListed: () => (JSON.parse(hnbWebListing()) as HnbWebListing).data.length,
};

/** Every bank whose real listing was saved. */
export const REAL_CAPTURES: RealCapture[] = [combankCapture, hnbCapture, ndbCapture, seylanCapture];
