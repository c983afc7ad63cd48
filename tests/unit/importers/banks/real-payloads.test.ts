// The four bank adapters on the banks' REAL pages and API answers, as public peers saved them
// (../shared/real-data/bank-payloads/: MANIFEST.md there says where each came from and what its
// peer cut). They are read from there at test time, never copied into the repository, and replayed
// through a HAR as the importer's --replay does, so each test also proves which URLs the adapter
// asks for. Where the folder is absent, the tests skip, saying so.
//
// No real offer page of any of the four banks was saved anywhere: where an adapter reads them, the
// test answers them with a small page MODELLED here (and says so), and their reading stays tested
// on the modelled fixtures in tests/unit/importers/bank-adapters.test.ts.
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { combankAdapter } from '../../../../src/server/importers/adapters/banks/combank.ts';
import { hnbAdapter } from '../../../../src/server/importers/adapters/banks/hnb.ts';
import { ndbAdapter } from '../../../../src/server/importers/adapters/banks/ndb.ts';
import { seylanAdapter } from '../../../../src/server/importers/adapters/banks/seylan.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { PoliteFetcher, SourceAdapter } from '../../../../src/server/importers/types.ts';
import { type CapturedAnswer, harOf, REAL_DATA_ABSENT, REAL_DATA_DIR, realFile } from '../../../support/real-data.ts';
import {
  COMBANK_LINKS,
  COMBANK_LISTING_URL,
  COMBANK_TILE,
  combankBlankOfferPages,
  combankListing,
  combankSample,
  HNB_CREDIT,
  HNB_DEBIT,
  HNB_PEER_URL,
  hnbCreditAnswer,
  hnbEmptyDebit,
  hnbPromotion,
  hnbRowBodies,
  hnbWebListing,
  type HnbWebListing,
  NDB_CARD,
  NDB_LISTING_URL,
  ndbListing,
  occurrences,
  SEYLAN_CARD,
  SEYLAN_LISTING_URL,
  SEYLAN_SLUGS,
  seylanBlankOfferPages,
  seylanListing,
  seylanOfferPage,
} from '../../../support/real-payload-captures.ts';

const NOW = new Date('2026-09-20T10:00:00.000Z');
const PAYLOADS = 'bank-payloads';

/** Reads through a replay of these answers, noting every URL the adapter asks for. */
async function read(adapter: SourceAdapter, answers: CapturedAnswer[], url = adapter.defaultUrl!) {
  const replay = createReplayFetcher(parseHar(harOf(answers), 'real-payloads.har'), 'real-payloads.har');
  const requested: string[] = [];
  const fetcher: PoliteFetcher = {
    text: (pageUrl, options) => {
      requested.push(pageUrl);
      return replay.text(pageUrl, options);
    },
    bytes: (pageUrl, options) => replay.bytes(pageUrl, options),
    stream: (pageUrl, readBody, options) => replay.stream(pageUrl, readBody, options),
  };
  const result = await adapter.read({ url, fetcher, now: NOW });
  return { ...result, requested };
}

const skipped = (what: string) => `${what} (skipped: ${REAL_DATA_ABSENT})`;
const title = (what: string) => (REAL_DATA_DIR ? what : skipped(what));

// ---- NDB ---------------------------------------------------------------------------------------

describe.skipIf(!REAL_DATA_DIR)(title('NDB Bank on its real listing (cardstock, 2026-09-19)'), () => {
  const NDB = NDB_LISTING_URL;
  const page = (id: string) => `https://www.ndbbank.com/cards/card-offers/offer-details/${id}`;
  const IMAGES = 'https://ndbbankweb.ndbbank.com/cardoffer/images';
  const listing = ndbListing;

  it('reads every card of the page, from that one page', async () => {
    const payload = listing();
    const cards = occurrences(payload, NDB_CARD);
    expect(cards).toBe(4);
    expect(occurrences(payload, /<a href="\/cards\/card-offers\/offer-details\/\d+"/)).toBe(cards);
    const { items, failures, requested } = await read(ndbAdapter, [{ url: NDB, body: payload }]);
    expect(items.length + failures.length).toBe(cards);
    expect(failures).toEqual([]);
    expect(requested).toEqual([NDB]);
  });

  it('gives each card its headline, merchant, cards, period, banner and link, as written', async () => {
    const { items } = await read(ndbAdapter, [{ url: NDB, body: listing() }]);
    expect(items).toEqual([
      {
        itemKey: '345',
        url: page('345'),
        title: '22% Savings on Reservations',
        merchantName: 'Club palm Bay - Marawila',
        rateText: '22% Savings on Reservations',
        dateText: 'Until 31st March 2026',
        cardsText: 'Credit Cards',
        // The banner, not the merchant's logo laid over it (img.offercompanylogo).
        imageUrl: `${IMAGES}/2054d624-eb01-4a6c-8d46-ee021d708b82_img-20241104-wa0003.jpg`,
      },
      {
        itemKey: '10512',
        url: page('10512'),
        title: 'Special Offer for NDB Bank Credit Cardholders',
        merchantName: 'Anantara Kalutara Resort',
        rateText: 'Special Offer for NDB Bank Credit Cardholders',
        dateText: '10th September - 24th September 2026',
        cardsText: 'Credit cards',
        imageUrl: `${IMAGES}/ed01d4fc-637b-4b64-9a30-e9624956b31b_anantara-kalutara-image.jpg`,
      },
      {
        itemKey: '10590',
        url: page('10590'),
        title: '40% Savings on Reservations',
        merchantName: 'Mount Randholee Resort and Spa',
        rateText: '40% Savings on Reservations',
        dateText: '01st -30th September 2026',
        cardsText: 'Credit & Debit Cards',
        imageUrl: `${IMAGES}/38fee922-98e9-4282-9b99-4ec1f1014971_mount-randholee.jpg`,
      },
      {
        itemKey: '365',
        url: page('365'),
        title: 'Book your next trip on Agoda and Enjoy a complimentary Third night when you stay three nights',
        merchantName: 'Visa',
        rateText: 'Book your next trip on Agoda and Enjoy a complimentary Third night when you stay three nights',
        dateText: 'Booking Period - Until 31st December 2026',
        cardsText: 'Visa Infinite Cards',
        imageUrl: `${IMAGES}/ffbdb55b-db19-46e8-9346-7311864b2a44_agoda-.jpg`,
      },
    ]);
  });

  it('keeps the phone numbers written loose between the card’s lines out of every field', async () => {
    const payload = listing();
    // The loose text as served: three phone numbers and a lone '.'.
    for (const loose of ['0327 766 555', '0342 220 222 / 0347 226 060', '0812 217 741'])
      expect(payload).toContain(`\n${loose}\n`);
    const { items } = await read(ndbAdapter, [{ url: NDB, body: payload }]);
    const texts = items
      .flatMap((item) => [
        item.title,
        item.merchantName,
        item.rateText,
        item.dateText,
        item.cardsText,
        item.description,
      ])
      .join('\n');
    expect(texts).not.toMatch(/0327|0342|0347|0812|\s\.\s/);
  });

  it('refuses a page without a single offer card (a block page, a redesign): there is no container to tell it from an empty list', async () => {
    const blocked =
      '<!DOCTYPE html><html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.</body></html>';
    await expect(read(ndbAdapter, [{ url: NDB, body: blocked }])).rejects.toThrow(
      'NDB Bank listing: expected .card.offer-card not found — the page structure may have changed',
    );
  });
});

// ---- Seylan ------------------------------------------------------------------------------------

describe.skipIf(!REAL_DATA_DIR)(title('Seylan Bank on its real listing (cardstock, 2026-09-19)'), () => {
  const SEYLAN = SEYLAN_LISTING_URL;
  const SLUGS = SEYLAN_SLUGS;
  const offerPage = seylanOfferPage;
  const listing = seylanListing;
  // MODELLED offer pages that give nothing: the items then show what the real listing alone gives.
  const blankOfferPages = seylanBlankOfferPages();

  const ITEMS = [
    {
      itemKey: 'galis-1_',
      url: offerPage('galis-1_'),
      // The listing shows '20% off for Seylan Credit Cards & 10% Debit Cards...'.
      title: '20% off for Seylan Credit Cards & 10% Debit Cards',
      merchantName: 'GALIS',
      rateText: '20% off for Seylan Credit Cards & 10% Debit Cards',
      // From the calendar link's dates=20261226/20261227: the end is the expiry the card's
      // commented-out block prints ('27th December 2026'), not a day before it.
      validFrom: '2026-12-26',
      validThrough: '2026-12-27',
      // The flyer, not the card's first <img> (the 'upcoming' badge).
      imageUrl: 'https://www.seylan.lk/uploads/GALIS-LINGERIE.jpg',
    },
    {
      itemKey: 'cool-planet-1',
      url: offerPage('cool-planet-1'),
      title: '25% off on Total Bill for Credit Cards, 10% off on Total Bill for Debit Cards',
      merchantName: 'COOL PLANET',
      rateText: '25% off on Total Bill for Credit Cards, 10% off on Total Bill for Debit Cards',
      validFrom: '2026-12-21',
      validThrough: '2026-12-22',
      imageUrl: 'https://www.seylan.lk/uploads/cool-planet.png',
    },
    {
      itemKey: 'sunimals-1',
      url: offerPage('sunimals-1'),
      title: '15% off on total bill for Credit Cards, 10% off on total bill for Debit Cards',
      merchantName: 'SUNIMALS',
      rateText: '15% off on total bill for Credit Cards, 10% off on total bill for Debit Cards',
      validFrom: '2026-12-19',
      validThrough: '2026-12-30',
      imageUrl: 'https://www.seylan.lk/uploads/sunimals.png',
    },
  ];

  it('reads every card of the page, and each card’s offer page once', async () => {
    const payload = listing();
    const cards = occurrences(payload, SEYLAN_CARD);
    expect(cards).toBe(3);
    // The listing's date line is empty on every card, as served.
    expect(occurrences(payload, /new-promotion-date"><\/p>/)).toBe(cards);
    const { items, failures, requested } = await read(seylanAdapter, [
      { url: SEYLAN, body: payload },
      ...blankOfferPages,
    ]);
    expect(items.length + failures.length).toBe(cards);
    expect(failures).toEqual([]);
    // No pager was kept on the sample: the listing ends with its first page.
    expect(requested).toEqual([SEYLAN, ...SLUGS.map(offerPage)]);
  });

  it('gives each card its merchant, its whole offer line, the flyer and the calendar’s days', async () => {
    const { items } = await read(seylanAdapter, [{ url: SEYLAN, body: listing() }, ...blankOfferPages]);
    expect(items).toEqual(ITEMS);
  });

  it('takes the whole offer line from the card’s commented-out block where the listing cuts it mid-way', async () => {
    // MODELLED on the real card: its visible line cut after 40 characters (as a long line is), the
    // commented-out block as served. The cut line alone would lose 'Debit Cards'.
    const cut = listing().replace(
      '25% off on Total Bill for Credit Cards, 10% off on Total Bill for Debit Cards...</p>',
      '25% off on Total Bill for Credit Cards, ...</p>',
    );
    const { items } = await read(seylanAdapter, [{ url: SEYLAN, body: cut }, ...blankOfferPages]);
    expect(items[1]!.title).toBe('25% off on Total Bill for Credit Cards, 10% off on Total Bill for Debit Cards');
    // Without the commented-out block, the cut line is all there is, without its dots.
    const bare = cut.replace(/<!--[\s\S]*?-->/g, '');
    expect((await read(seylanAdapter, [{ url: SEYLAN, body: bare }, ...blankOfferPages])).items[1]!.title).toBe(
      '25% off on Total Bill for Credit Cards,',
    );
  });

  it('takes the validity from the offer page where it writes one, and then leaves the calendar’s days out', async () => {
    // MODELLED on DFanso's description of the offer page (scripts/scrape-seylan.ts @ d555b6b4: the
    // merchant in an <h2>, "Valid from …" in the body text) and the public scraper that reads the
    // text between "Details / Promotions" and "Related Promotions" (code-index file 70553431363).
    const pages = SLUGS.map((slug, index) => ({
      url: offerPage(slug),
      body: `<!DOCTYPE html><html><body><nav>Home Promotions</nav><main><p>Details / Promotions</p><h2>${slug}</h2>
        <p>${['Valid from 26th December 2026 till 27th December 2026', 'Valid till 22.12.2026', 'Cracker deal'][index]}</p>
        <h3>Related Promotions</h3><div class="card"><p>Valid till 31st December 2026</p></div></main></body></html>`,
    }));
    const { items } = await read(seylanAdapter, [{ url: SEYLAN, body: listing() }, ...pages]);
    expect(items.map((item) => [item.itemKey, item.dateText, item.validFrom, item.validThrough])).toEqual([
      ['galis-1_', 'Valid from 26th December 2026 till 27th December 2026', undefined, undefined],
      ['cool-planet-1', 'Valid till 22.12.2026', undefined, undefined],
      // No validity in the offer's own part of its page (a related promotion's is not its own): the calendar's days.
      ['sunimals-1', undefined, '2026-12-19', '2026-12-30'],
    ]);
  });

  it('reads each card alone when a missing </div> nests the next card in it', async () => {
    // The real page closes more <div>s than each card opens; here the test takes every closing tag
    // after each card's commented-out block away, so that the parser nests each card in the one before.
    const nested = listing().replace(/-->[\s\S]*?(?=<div class="col-md-4 promotion-item|$)/g, '-->\n');
    const $ = load(nested);
    expect($('div.promotion-item div.promotion-item').length).toBe(2);
    const { items, failures } = await read(seylanAdapter, [{ url: SEYLAN, body: nested }, ...blankOfferPages]);
    expect({ items, failures }).toEqual({ items: ITEMS, failures: [] });
    // A card that lacks a field never takes it from the card nested in it.
    const untitled = nested.replace(
      '<h5 class="card-title new-promotion-title" ?name=".$result->slug}}">GALIS</h5>',
      '',
    );
    expect(untitled).not.toContain('>GALIS</h5>');
    const read2 = await read(seylanAdapter, [{ url: SEYLAN, body: untitled }, ...blankOfferPages]);
    expect(read2.failures).toEqual([
      {
        itemKey: 'galis-1_',
        title: '20% off for Seylan Credit Cards & 10% Debit Cards...',
        reason: 'promotion card has no merchant name (.new-promotion-title)',
      },
    ]);
    expect(read2.items).toEqual(ITEMS.slice(1));
  });

  it('refuses a page without a single promotion card: there is no container to tell it from an empty list', async () => {
    const withoutCards = load(listing());
    withoutCards('div.promotion-item').remove();
    await expect(read(seylanAdapter, [{ url: SEYLAN, body: withoutCards.html() }])).rejects.toThrow(
      'Seylan Bank listing: expected promotion cards (div.promotion-item) not found — the page structure may have changed',
    );
  });
});

// ---- Commercial Bank ---------------------------------------------------------------------------

describe.skipIf(!REAL_DATA_DIR)(title('Commercial Bank on its real listing (cardstock, 2026-09-20)'), () => {
  const COMBANK = COMBANK_LISTING_URL;
  const THUMBS =
    'https://s3.ap-southeast-1.amazonaws.com/static.combank.cloud/photos/shares/Offers/Thumb%20Images/2026/September';
  const sample = combankSample;
  // The peer's trimming cut the page's offers area away: the capture puts it back (.offers-area).
  const listing = combankListing;
  const LINKS = COMBANK_LINKS;
  // MODELLED offer pages with their container and nothing in it: the items show what the real tiles alone give.
  const blankOfferPages = combankBlankOfferPages();

  it('reads every tile of the page, and each tile’s offer page once', async () => {
    const payload = sample();
    const tiles = occurrences(payload, COMBANK_TILE);
    expect(tiles).toBe(5);
    const { items, failures, requested } = await read(combankAdapter, [
      { url: COMBANK, body: listing() },
      ...blankOfferPages,
    ]);
    expect(items.length + failures.length).toBe(tiles);
    expect(failures).toEqual([]);
    expect(requested).toEqual([COMBANK, ...LINKS]);
  });

  it('gives each tile its headline, merchant, rate badge, validity, cards, category and thumbnail', async () => {
    const { items } = await read(combankAdapter, [{ url: COMBANK, body: listing() }, ...blankOfferPages]);
    expect(items).toEqual([
      {
        itemKey: 'food-restaurants/enjoy-the-art-of-dining-at-hilton-colombo-with-combank-credit-cards',
        url: LINKS[0],
        title: 'Enjoy the art of dining at Hilton Colombo with ComBank Credit Cards',
        merchantName: 'Hilton Colombo',
        rateText: 'Up to 20% Off',
        dateText: 'Offer valid till 30th September 2026',
        cardsText: 'ComBank Credit Cards',
        categoryText: 'Food & Restaurants',
        imageUrl: `${THUMBS}/HIlton-Colombo-credit-cards-thumb.jpg`,
      },
      {
        itemKey: 'supermarket/enjoy-the-best-supermarket-deals-at-laugfs-super-with-combank-credit-cards',
        url: LINKS[1],
        title: 'Enjoy the best supermarket deals at Laugfs Super with ComBank Credit Cards',
        merchantName: 'Laugfs Super',
        rateText: 'Up to 10% Off',
        dateText: 'Offer valid on every Sunday till 27th September 2026',
        cardsText: 'ComBank Credit Cards',
        categoryText: 'Supermarket',
        imageUrl: `${THUMBS}/Laugfs-Total-bill-offer-credit-cards-thumb.jpg`,
      },
      {
        itemKey:
          'travel/visit-your-favourite-holiday-destination-vietnam-airlines-with-find-my-fare-and-combank-credit-cards',
        url: LINKS[2],
        title: 'Visit your favourite holiday destination (Vietnam Airlines) with Find My Fare and ComBank Credit Cards',
        merchantName: 'Find My Fare',
        rateText: 'Up to 20% Off',
        dateText: 'Offer valid till 30th September 2026',
        cardsText: 'ComBank Credit Cards',
        categoryText: 'Travel',
        imageUrl: `${THUMBS}/Find-My-fare-vietnam-offer-thumb.jpg`,
      },
      {
        itemKey: 'premium-card-offers/enjoy-the-art-of-dining-at-hilton-colombo-with-combank-premium-credit-cards',
        url: LINKS[3],
        title: 'Enjoy the art of dining at Hilton Colombo with ComBank Premium Credit Cards',
        merchantName: 'Hilton Colombo',
        rateText: 'Up to 25% Off',
        dateText: 'Offer valid till 30th September 2026',
        // A tier of ComBank's credit cards, not all of them: 'Premium' stays in the words.
        cardsText: 'ComBank Premium Credit Cards',
        categoryText: 'Premium Card Offers',
        imageUrl: `${THUMBS}/HIlton-Colombo-premium-credit-cards-thumb.jpg`,
      },
      {
        itemKey: 'other-offers/go-solar-and-go-green-with-solar-booze-and-combank-credit-cards',
        url: LINKS[4],
        title: 'Go solar and go green with Solar Booze and ComBank Credit Cards',
        merchantName: 'Solar Booze',
        // A 'Best Offer' badge is no rate.
        dateText: 'Offer valid till 31st October 2026',
        cardsText: 'ComBank Credit Cards',
        categoryText: 'Other Offers',
        imageUrl: `${THUMBS}/Solar-Booze-offer-thumb.jpg`,
      },
    ]);
  });

  it('requires the offers area: the peer’s trimmed sample, without it, is refused', async () => {
    await expect(read(combankAdapter, [{ url: COMBANK, body: sample() }])).rejects.toThrow(
      'Commercial Bank listing: expected .offers-area not found — the page structure may have changed',
    );
  });
});

// ---- HNB ---------------------------------------------------------------------------------------

describe.skipIf(!REAL_DATA_DIR)(
  title('HNB on its real API answers (cardstock, 2026-09-19; a promotion body, 2025)'),
  () => {
    // The peer's request; the adapter asks it for each card type.
    const PEER_URL = HNB_PEER_URL;
    const CREDIT = HNB_CREDIT;
    const DEBIT = HNB_DEBIT;
    const promotion = hnbPromotion;
    const offerPage = (id: string) => `https://www.hnb.lk/card-promotion/search/${id}`;
    const IMAGES = 'https://assets.hnb.lk/atdi/merchants';
    // MODELLED: the debit listing answered empty, and each row's body holding only its row's keys;
    // the credit listing's total is reset to the rows the peer kept (tests/support/real-payload-captures.ts).
    const emptyDebit = hnbEmptyDebit;
    type WebListing = HnbWebListing;
    const webListing = hnbWebListing;
    const creditAnswer = hnbCreditAnswer;
    const rowBodies = hnbRowBodies;

    it('refuses the trimmed answer as served: its rows fall short of its total', async () => {
      const payload = webListing();
      const answer = JSON.parse(payload) as WebListing;
      expect([answer.data.length, answer.total]).toEqual([8, 874]);
      await expect(
        read(hnbAdapter, [{ url: CREDIT, body: payload }, emptyDebit, ...rowBodies()], PEER_URL),
      ).rejects.toThrow(
        'Hatton National Bank listing (credit cards): the answer holds 8 of the 874 offers its total gives (a cut or false-empty answer)',
      );
    });

    it('reads every row of the listing (its total set to the rows kept), and each promotion once', async () => {
      const rows = (JSON.parse(webListing()) as WebListing).data.map((row) => String(row.id));
      expect(rows).toHaveLength(8);
      const { items, failures, requested } = await read(
        hnbAdapter,
        [creditAnswer(), emptyDebit, ...rowBodies()],
        PEER_URL,
      );
      expect(items.length + failures.length).toBe(rows.length);
      expect(failures).toEqual([]);
      expect(requested).toEqual([CREDIT, DEBIT, ...rows.map(promotion)]);
      expect(items.map((item) => item.itemKey)).toEqual(rows);
    });

    it('gives each row its headline, merchant, wording of the validity, end, card type, banner and page', async () => {
      const { items } = await read(hnbAdapter, [creditAnswer(), emptyDebit, ...rowBodies()], PEER_URL);
      expect(items[0]).toEqual({
        itemKey: '2369',
        url: offerPage('2369'),
        title: '25% off on fresh Vegetables, Fruits & Seafood for bills above LKR 4,000 at Keells outlets',
        merchantName: 'Keells',
        dateText: 'Valid Until (Every Tuesday)',
        validThrough: '2026-09-29',
        cardsText: 'HNB Credit Cards',
        imageUrl: `${IMAGES}/keells.jpg`,
      });
      expect(items[2]).toEqual({
        itemKey: '4072',
        url: offerPage('4072'),
        title: 'Up to 60% on selected items + Up to 24 months 0% installments at Singer',
        merchantName: 'Singer, Singer Mega, Singer.lk',
        dateText: 'Valid From 2026-11-01 to',
        // The start the listing writes: its rows have no `from`.
        validFrom: '2026-11-01',
        validThrough: '2026-12-31',
        cardsText: 'HNB Credit Cards',
        // The thumb as given, spaces and commas in its folder's name, under the bank's image host.
        imageUrl: `${IMAGES}/Singer,%20Singer%20Mega,%20Singer.lk/Singer,SingerMega,Singer.lk.jpg`,
      });
      expect(items.map((item) => [item.itemKey, item.dateText, item.validFrom, item.validThrough])).toEqual([
        ['2369', 'Valid Until (Every Tuesday)', undefined, '2026-09-29'],
        ['1727', 'Valid Until', undefined, '2026-10-31'],
        ['4072', 'Valid From 2026-11-01 to', '2026-11-01', '2026-12-31'],
        ['3587', 'Valid Until', undefined, '2026-10-31'],
        ['3360', 'Valid From 2026-04-01 to', '2026-04-01', '2026-12-31'],
        ['3454', 'Valid Until', undefined, '2026-10-31'],
        ['3457', 'Valid Until', undefined, '2026-10-31'],
        ['3455', 'Valid Until', undefined, '2026-10-31'],
      ]);
    });

    it('reads a real promotion body: lists under Offer: and Period:, no start where it reads "Valid until"', async () => {
      const body = JSON.parse(realFile(`${PAYLOADS}/hnb/get_web_card_promo-anantaya-chilaw-2025-11.json`)) as Record<
        string,
        string
      >;
      // The body carries no id: the test lists it as 9001, in a one-row credit listing made of the body's own keys (MODELLED).
      const row = {
        id: 9001,
        title: body.title,
        thumb: body.thumb,
        merchant: body.merchant,
        cardType: body.cardType,
        to: body.to,
        valid: body.valid,
      };
      const listing = {
        url: CREDIT,
        body: JSON.stringify({ page: 1, limit: 999, total: 1, totalPages: 1, data: [row] }),
      };
      const { items, failures } = await read(
        hnbAdapter,
        [listing, emptyDebit, { url: promotion(9001), body: JSON.stringify(body) }],
        PEER_URL,
      );
      expect(failures).toEqual([]);
      expect(items).toEqual([
        {
          itemKey: '9001',
          url: offerPage('9001'),
          title: 'Special discount for selected room categories at Anantaya Resorts & Spa - Chilaw',
          merchantName: 'Anantaya Resort & Spa, Chilaw',
          description: [
            'Merchant: Anantaya Resorts &amp; Spa - Chilaw',
            'Offer:',
            'Special discount for Full board, double sharing basis per night stay (Sunday to Thursday)',
            '30% off on FB, HB &amp; BB basis for Friday, Saturday &amp; Long Weekends',
            '(Valid from rack rate basis)',
            'Period:',
            'Booking period: Till 30th November 2025',
            'Staying Period: Till 31st December 2025',
            'Eligibility: All HNB Credit / Debit Cards',
            'Reservations: 0117247325',
            'Location: Chilaw',
            'Special Terms and Conditions:',
            'This offer cannot be combined with any other promotions or discounts.',
            'The offer is not valid for corporate or group bookings.',
            'All bookings are strictly non-refundable and non-cancellable.',
            'Date changes are permitted subject to a penalty fee.',
            'Bookings will be confirmed only upon receipt of full advance payment.',
            'All reservations must be made exclusively through the Findmyfare Call Centre at 011 724 7325.',
          ]
            .map((line) => `<p>${line}</p>`)
            .join(''),
          // The value below each label, as its lines.
          rateText: [
            'Special discount for Full board, double sharing basis per night stay (Sunday to Thursday)',
            '30% off on FB, HB & BB basis for Friday, Saturday & Long Weekends',
            '(Valid from rack rate basis)',
          ].join('\n'),
          dateText: 'Booking period: Till 30th November 2025\nStaying Period: Till 31st December 2025',
          // from = to = 2025-11-30 with 'Valid until': no start.
          validThrough: '2025-11-30',
          cardsText: 'All HNB Credit / Debit Cards',
          // A space after the '/' and '&' in the thumb, as the bank's page appends it.
          imageUrl: `${IMAGES}/%20Anantaya%20Resort%20&%20Spa,%20Chilaw/AnantayaResort&Spa,Chilaw.jpg`,
          locations: ['Chilaw'],
          termsText: [
            'The promotions are open to all holders of Mastercard and Visa Credit / Debit Cards issued by Hatton National Bank PLC.',
            'The card member(s) is/are to settle the total bill via their HNB Mastercard and Visa Credit / Debit Card to be eligible for the discount offered.',
            'The offers cannot be exchanged for cash and/or used in conjunction with any other promotional programs or offers provided by service establishment involved in this promotion.',
            'Hatton National Bank PLC reserves the right to withdraw, modify or change all or any of the rules, terms & conditions applicable to this promotion at any given time without prior notice.',
            'If any dispute arises regarding any of the terms and conditions contained herewith, the decision of the respective service establishment and Hatton National Bank PLC shall be final.',
            'The promotion is bound by the terms & conditions of the respective service establishment and Hatton National Bank PLC.',
            'Hatton National Bank PLC accepts no liability for the quality of goods and services provided by the service establishments involved in this promotion since the Bank is not the supplier of such goods and services.',
            'The General Credit / Debit card terms and conditions will continue to apply.',
          ].join('\n'),
        },
      ]);
    });

    it('reads HNB’s real content HTML (the premium promotions’): labels on their own line and on the value’s', async () => {
      interface PremiumRow {
        id: number;
        title: string;
        thumbUrl: string;
        from: string;
        to: string;
        card_type: string;
        content: string;
      }
      const premium = JSON.parse(
        realFile(`${PAYLOADS}/hnb/cardstock-get_all_pcard_promotions-trimmed-2026-09-19.json`),
      ) as { data: PremiumRow[] };
      expect(premium.data).toHaveLength(3);
      // MODELLED around the real rows: a credit listing of them (the merchant from each content's own
      // 'Merchant:' line; a premium row has no `merchant` key), and each row as its promotion's body.
      const merchantOf = (content: string) => /Merchant:\s*<\/strong>\s*([^<]+)/.exec(content)![1]!.trim();
      const rows = premium.data.map((row) => ({
        id: row.id,
        title: row.title,
        thumb: row.thumbUrl,
        merchant: merchantOf(row.content),
        cardType: row.card_type,
        to: row.to,
      }));
      const listing = {
        url: CREDIT,
        body: JSON.stringify({ page: 1, limit: 999, total: rows.length, totalPages: 1, data: rows }),
      };
      const bodies = premium.data.map((row) => ({
        url: promotion(row.id),
        body: JSON.stringify({
          title: row.title,
          thumb: row.thumbUrl,
          from: row.from,
          to: row.to,
          cardType: row.card_type,
          content: row.content,
        }),
      }));
      const { items, failures } = await read(hnbAdapter, [listing, emptyDebit, ...bodies], PEER_URL);
      expect(items.length + failures.length).toBe(3);
      expect(
        items.map((item) => [
          item.itemKey,
          item.merchantName,
          item.rateText,
          item.dateText,
          item.validFrom,
          item.validThrough,
          item.cardsText,
          item.locations,
        ]),
      ).toEqual([
        [
          '295',
          'Spring Pal (Pvt) Ltd',
          '03 & 06 months 0% installment plans are available for transactions between Rs. 10,000 to Rs. 1 Mn',
          // Its `from`, 2026-03-11, is not a start it states.
          'Till 31st October 2026',
          undefined,
          '2026-10-31',
          'All HNB Credit Cards (except Corporate, Business and Fuel Cards)',
          ['Nawala'],
        ],
        [
          '2455',
          'Era Beach Thalpe',
          '20% off (from rack rates) on Bed & Breakfast, Half Board, Full Board basis',
          // Its `from` is 2026-01-19, five days after the start it states.
          '14th January to 31st December 2026',
          undefined,
          '2026-12-31',
          'All HNB Credit / Debit Cards',
          ['Thalpe'],
        ],
        [
          '4021',
          'SigiriyaJungles',
          'Up to 30% off (from the rack rates) on Full Board and Half Board basis',
          // Its `from` is 2026-08-24, a week before the start it states.
          '01st September to 31st October 2026',
          undefined,
          '2026-10-31',
          'All HNB Credit and Debit Card',
          ['Sigiriya'],
        ],
      ]);
      // A 'Reservations / Contact No:' label over a list is no field: its lines stay in the description.
      expect(items[2]!.description).toContain(
        '<p>Reservations / Contact No:</p><p>Call: 0114508508</p><p>E-mail: reservations@sigiriyajungles.com</p>',
      );
      // Spring Pal's terms carry no 'General Terms' heading: all of them describe this offer.
      expect(items[0]!.termsText).toBeUndefined();
      expect(items[1]!.termsText?.split('\n')).toHaveLength(8);
    });
  },
);
