// The Visa Sri Lanka offers portal through capture replay, on a MODELLED answer
// (tests/fixtures/importers/banks/visa-lk/perks-offers.json: its "_fixture" says what it is modelled
// on and what is made up). No real answer of this API has been saved by any peer.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createVisaLkAdapter,
  VISA_PAGE_LIMIT,
  visaLkAdapter,
  visaPerksRequest,
} from '../../../../src/server/importers/adapters/banks/visa-lk.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { PoliteFetcher, SourceAdapter, SourceItem } from '../../../../src/server/importers/types.ts';
import { bankFinder } from '../../../../src/server/importers/resolve.ts';
import { BANKS } from '../../../../src/server/seed/data.ts';
import { harOf, type CapturedAnswer } from '../../../support/real-data.ts';
import { recordedReplay, requestLine } from '../../../support/replay-requests.ts';

const NOW = new Date('2026-09-20T04:30:00.000Z');
const ENDPOINT = 'https://www.visa.com.lk/offers/api/portal/portal/perks/';
const FIXTURE = readFileSync(
  new URL('../../../fixtures/importers/banks/visa-lk/perks-offers.json', import.meta.url),
  'utf8',
);
type Group = { resultCount: number; metadataDefinition: unknown; perks: Array<Record<string, unknown>> };
const ANSWER = JSON.parse(FIXTURE) as { perksGroups: Group[] };
const GROUP = ANSWER.perksGroups[0]!;
const PERKS = 'https://www.visa.com.lk/en_lk/visa-offers-and-perks';
const IMAGES = 'https://www.visa.com/images/merchantoffers';

/** The portal's answer holding these perks, in one group with its definitions. */
const answerOf = (perks: Array<Record<string, unknown>>, resultCount: number = perks.length) =>
  JSON.stringify({ perksGroups: [{ ...GROUP, resultCount, perks }] });
/** Page `index` of `limit` perks, as the POST asks for it and the portal answers it. */
const pageAnswer = (
  index: number,
  limit: number,
  body = answerOf(GROUP.perks.slice(index * limit, (index + 1) * limit)),
): CapturedAnswer => ({ url: ENDPOINT, method: 'POST', requestBody: visaPerksRequest(index, limit), body });

function replay(answers: CapturedAnswer[]) {
  return createReplayFetcher(parseHar(harOf(answers), 'visa-lk.har'), 'visa-lk.har');
}
const read = (fetcher: PoliteFetcher, adapter: SourceAdapter = visaLkAdapter) =>
  adapter.read({ url: adapter.defaultUrl!, fetcher, now: NOW });

const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});

describe('Visa Sri Lanka offers portal adapter (modelled answer of POST /offers/api/portal/portal/perks/)', () => {
  it('reads every perk of the answer, as an item or as a failure with its reason', async () => {
    const fetcher = replay([pageAnswer(0, VISA_PAGE_LIMIT, FIXTURE)]);
    const { items, failures } = await read(fetcher);
    expect(visaLkAdapter.defaultUrl).toBe(ENDPOINT);
    expect(items.length + failures.length).toBe(GROUP.perks.length);
    expect(items.map((item) => item.itemKey).sort()).toEqual([
      '160951',
      '160977',
      '161355',
      '161377',
      '161388',
      '161402',
    ]);
    expect(failures).toEqual([
      { itemKey: '161340', title: 'Coral Reef Divers, Hikkaduwa', reason: "endDate '31-12-2026' is not a date" },
    ]);
    expect(fetcher.requestsTo(ENDPOINT)).toBe(1);
  });

  it('asks with one POST: the site, locale and kind of perks, page 0 of 400, as JSON from visa.com.lk', async () => {
    const { fetcher, sent } = recordedReplay([pageAnswer(0, VISA_PAGE_LIMIT, FIXTURE)], 'visa-lk.har');
    await read(fetcher);
    expect(sent.map(requestLine)).toEqual([`POST ${ENDPOINT}`]);
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      siteId: 'www.visa.com.lk',
      perkTypeRequests: [
        { requestIdentifier: null, perkType: 'OFFERS', locale: 'en_lk', pageRequest: { index: 0, limit: 400 } },
      ],
    });
    expect(sent[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      origin: 'https://www.visa.com.lk',
      referer: `${PERKS}/`,
      accept: 'application/json',
    });
  });

  it("leaves each item's bank to the words the pipeline reads: one bank, none, or several to refuse", async () => {
    const { items } = await read(replay([pageAnswer(0, VISA_PAGE_LIMIT, FIXTURE)]));
    expect(visaLkAdapter.bankName).toBeUndefined();
    expect(items.every((item) => item.bankName === undefined)).toBe(true);
    const banksNamed = bankFinder(BANKS.map((bank) => ({ bankName: bank.name })));
    const namedBy = (item: SourceItem) => {
      for (const text of [item.title, item.cardsText, item.description, item.termsText]) {
        const named = banksNamed(text ?? '').map((bank) => bank.bankName);
        if (named.length > 0) return named;
      }
      return [];
    };
    expect(Object.fromEntries(items.map((item) => [item.itemKey, namedBy(item)]))).toEqual({
      161402: ['Seylan Bank'],
      161388: ['Hatton National Bank'],
      160951: [],
      160977: [],
      161355: ['Sampath Bank', 'Commercial Bank'],
      161377: ["People's Bank"],
    });
  });

  it('gives every item its key, title, merchant and absolute links', async () => {
    const { items } = await read(replay([pageAnswer(0, VISA_PAGE_LIMIT, FIXTURE)]));
    expect(items.map(identity)).toEqual([
      {
        itemKey: '161402',
        title: 'Harbour Lights Restaurant',
        merchantName: 'Harbour Lights Restaurant',
        url: `${PERKS}/harbour-lights-restaurant/161402`,
        imageUrl: `${IMAGES}/2026-08/1786012345678.lk-harbourlights-608x220.jpg`,
      },
      {
        itemKey: '161388',
        title: 'Serenity Spa Colombo',
        merchantName: 'Serenity Spa Colombo',
        url: `${PERKS}/serenity-spa-colombo/161388`,
        imageUrl: `${IMAGES}/2026-08/1786198765432.lk-serenityspa-608x220.jpg`,
      },
      {
        itemKey: '160951',
        title: 'Solavita',
        merchantName: 'Solavita',
        url: `${PERKS}/solavita/160951`,
        imageUrl: `${IMAGES}/2026-02/1772304349392.th-solavita-608x220.jpg`,
      },
      {
        // No merchantName: the title is the merchant.
        itemKey: '160977',
        title: 'Visa Airport Dining',
        merchantName: 'Visa Airport Dining',
        url: `${PERKS}/visa-airport-dining/160977`,
        imageUrl: `${IMAGES}/2026-03/1774329095562.ap-airportdining-608x220.jpg`,
      },
      {
        // A relative image path, on the portal's host.
        itemKey: '161377',
        title: 'Ceylon Leather Co.',
        merchantName: 'Ceylon Leather Co.',
        url: `${PERKS}/ceylon-leather-co/161377`,
        imageUrl: 'https://www.visa.com.lk/images/merchantoffers/2026-09/1788976543210.lk-ceylonleather-608x220.jpg',
      },
      {
        // Two banks named: passed on, for the pipeline to refuse with the banks it finds.
        itemKey: '161355',
        title: 'Lanka Eats Delivery',
        merchantName: 'Lanka Eats Delivery',
        url: `${PERKS}/lanka-eats-delivery/161355`,
        imageUrl: 'https://www.visa.com/images/merchantoffers/2026-09/1788512345670.lk-lankaeats-608x220.jpg',
      },
    ]);
  });

  it('passes the texts on as written, with the epoch times as Sri Lanka days', async () => {
    const { items } = await read(replay([pageAnswer(0, VISA_PAGE_LIMIT, FIXTURE)]));
    expect(items[0]).toEqual({
      itemKey: '161402',
      url: `${PERKS}/harbour-lights-restaurant/161402`,
      title: 'Harbour Lights Restaurant',
      merchantName: 'Harbour Lights Restaurant',
      description: '<p>Enjoy 20% off on the total bill with your Seylan Visa Signature and Infinite Credit Cards</p>',
      rateText: 'Enjoy 20% off on the total bill with your Seylan Visa Signature and Infinite Credit Cards',
      validFrom: '2026-09-01',
      validThrough: '2026-12-31',
      // The card ids, by the labels the group defines.
      cardsText: 'Visa Signature, Visa Infinite',
      spendText: 'Minimum bill Rs. 5,000.\nMax discount Rs. 2,500 per card per day.',
      categoryText: 'Dining',
      imageUrl: `${IMAGES}/2026-08/1786012345678.lk-harbourlights-608x220.jpg`,
      termsText: [
        'Offer valid every Friday & Saturday till 31st December 2026.',
        'Minimum bill Rs. 5,000.',
        'Max discount Rs. 2,500 per card per day.',
        'Reservations: 011 234 5678',
      ].join('\n'),
    });
    expect(items[1]).toEqual({
      itemKey: '161388',
      url: `${PERKS}/serenity-spa-colombo/161388`,
      title: 'Serenity Spa Colombo',
      merchantName: 'Serenity Spa Colombo',
      description: '<p>15% savings on all spa treatments with HNB Visa Credit Cards</p>',
      rateText: '15% savings on all spa treatments with HNB Visa Credit Cards',
      validFrom: '2026-08-15',
      validThrough: '2026-11-30',
      cardsText: 'Visa Classic, Visa Gold, Visa Platinum',
      spendText: 'Valid for bills above Rs. 10,000',
      categoryText: 'Lifestyle',
      imageUrl: `${IMAGES}/2026-08/1786198765432.lk-serenityspa-608x220.jpg`,
      promoCode: 'HNBSPA15',
      termsText: [
        'Valid till 30th November 2026',
        'Valid for bills above Rs. 10,000',
        'Use promo code HNBSPA15 when booking online',
      ].join('\n'),
    });
    expect(
      items
        .slice(2, 5)
        .map((item) => [item.rateText, item.validFrom, item.validThrough, item.cardsText, item.categoryText]),
    ).toEqual([
      ['15% discount.', '2026-03-01', '2026-12-31', undefined, 'Dining'],
      [
        'Enjoy 20% savings at selected airport dining outlets across the participating APAC countries.',
        '2026-03-01',
        '2026-12-31',
        undefined,
        'Travel',
      ],
      [
        'Enjoy 20% off with People’s Bank Visa Credit Cards',
        '2026-09-10',
        '2027-01-31',
        'Visa Gold, Visa Platinum',
        'Shopping',
      ],
    ]);
  });

  it('reads start and end dates given as ISO dates or epoch seconds too', async () => {
    const perk = { ...GROUP.perks[2]!, startDate: '2026-09-01', endDate: 1798741799 };
    const { items } = await read(replay([pageAnswer(0, VISA_PAGE_LIMIT, answerOf([perk]))]));
    expect([items[0]!.validFrom, items[0]!.validThrough]).toEqual(['2026-09-01', '2026-12-31']);
  });

  it('pages with pageRequest.index until a page holds fewer perks than the limit', async () => {
    const adapter = createVisaLkAdapter({ pageLimit: 3 });
    const { fetcher, sent } = recordedReplay(
      [0, 1, 2].map((index) => pageAnswer(index, 3)),
      'visa-lk-pages.har',
    );
    const { items, failures } = await read(fetcher, adapter);
    expect(sent.map((request) => JSON.parse(request.body!).perkTypeRequests[0].pageRequest)).toEqual([
      { index: 0, limit: 3 },
      { index: 1, limit: 3 },
      { index: 2, limit: 3 },
    ]);
    expect(items.map((item) => item.itemKey)).toEqual(['161402', '161388', '160951', '160977', '161377', '161355']);
    expect(failures.map((failure) => failure.itemKey)).toEqual(['161340']);
  });

  it('stops at an empty page after a full one', async () => {
    const adapter = createVisaLkAdapter({ pageLimit: 7 });
    const { fetcher, sent } = recordedReplay([pageAnswer(0, 7), pageAnswer(1, 7, answerOf([]))], 'visa-lk-pages.har');
    const { items } = await read(fetcher, adapter);
    expect(sent).toHaveLength(2);
    expect(items).toHaveLength(6);
  });

  it('refuses a false-empty answer: no perks on the first page', async () => {
    for (const body of ['{"perksGroups":[]}', answerOf([])]) {
      await expect(read(replay([pageAnswer(0, VISA_PAGE_LIMIT, body)]))).rejects.toThrow(
        'Visa Sri Lanka offers portal: the portal answered no perks — refused as a false-empty answer (it has answered {"perksGroups": []} before)',
      );
    }
  });

  it('refuses a page holding fewer perks than its resultCount, or than a total beyond one page', async () => {
    await expect(read(replay([pageAnswer(0, VISA_PAGE_LIMIT, answerOf(GROUP.perks.slice(0, 6), 7))]))).rejects.toThrow(
      'Visa Sri Lanka offers portal (page 1, index 0): the answer holds 6 of the 7 offers its total gives (a cut or false-empty answer)',
    );
    // Three pages of 3, where the count says 641: the portal's total, not reached.
    const adapter = createVisaLkAdapter({ pageLimit: 3 });
    const counted = [0, 1, 2].map((index) =>
      pageAnswer(index, 3, answerOf(GROUP.perks.slice(index * 3, (index + 1) * 3), 641)),
    );
    await expect(read(replay(counted), adapter)).rejects.toThrow(
      'Visa Sri Lanka offers portal: the answer holds 7 of the 641 offers its total gives (a cut or false-empty answer)',
    );
  });

  it('refuses a page that repeats the last, or more perks than were asked for', async () => {
    const adapter = createVisaLkAdapter({ pageLimit: 3 });
    const repeated = replay([pageAnswer(0, 3), pageAnswer(1, 3, answerOf(GROUP.perks.slice(0, 3)))]);
    await expect(read(repeated, adapter)).rejects.toThrow(
      'Visa Sri Lanka offers portal (page 2, index 1): repeats perks already read — the portal no longer pages by pageRequest.index',
    );
    await expect(read(replay([pageAnswer(0, 3, FIXTURE)]), adapter)).rejects.toThrow(
      'Visa Sri Lanka offers portal (page 1, index 0): 7 perks where 3 were asked for — the portal no longer honours pageRequest.limit',
    );
  });

  it('fails the run on a challenge page or an answer of another shape', async () => {
    const challenge = replay([
      pageAnswer(
        0,
        VISA_PAGE_LIMIT,
        '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>',
      ),
    ]);
    await expect(read(challenge)).rejects.toThrow(
      `POST ${ENDPOINT} answered Cloudflare's challenge or block page, not the page: the site's firewall turned the importer away`,
    );
    const maintenance = replay([
      pageAnswer(
        0,
        VISA_PAGE_LIMIT,
        '<!DOCTYPE html><html><head><title>Offers</title></head><body>Back soon</body></html>',
      ),
    ]);
    await expect(read(maintenance)).rejects.toThrow(
      `Visa Sri Lanka offers portal: ${ENDPOINT} answered an HTML page (a firewall's challenge or block page?) where JSON was asked for`,
    );
    await expect(
      read(replay([pageAnswer(0, VISA_PAGE_LIMIT, JSON.stringify({ perks: GROUP.perks }))])),
    ).rejects.toThrow(
      'Visa Sri Lanka offers portal (page 1, index 0): expected a JSON object with a perksGroups array not found — the page structure may have changed',
    );
  });
});
