// My Cards and the richer filters in a real browser: a guest chooses cards, signs in, and finds them
// in another browser; "Your card" marks and "My cards only"; Valid today, Ending soon, card
// network, in store / online and the four orders, each with its chip, its URL and Back.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyCardData } from '../../src/contract/offer-search.ts';
import type { OfferData } from '../../src/contract/index.ts';
import { LOAD_FAILURE_ID } from '../../src/lib/after-paint.ts';
import { someCardCanUse } from '../../src/lib/card-match.ts';
import { ENDING_SOON_DAYS, OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { bankPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { isValidToday } from '../../src/lib/valid-today.ts';
import { MY_CARDS_STORAGE_KEY } from '../../src/stores/my-cards.ts';
import {
  createSignedInAccount,
  DESKTOP,
  offerListSettled,
  PHONE,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  startUsingOfferList,
} from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);

async function openHome(page: Page, query = '') {
  await page.goto(`/${query}`);
  await startUsingOfferList(page);
}
const cardIds = (page: Page) =>
  page
    .locator('.offer-browser article.offer-card')
    .evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-offer-id'))));
const markedIds = (page: Page) =>
  page
    .locator('.offer-browser article.offer-card[data-your-card]')
    .evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-offer-id'))));
const chipNames = (page: Page) => page.locator('.filter-chip > span').allTextContents();
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
/** The list once it shows the first page of `expected` (no skeletons). */
async function expectListOf(page: Page, expected: OfferData[]) {
  await expect
    .poll(async () => (await offerListSettled(page)) && (await cardIds(page)).join(), { timeout: 15_000 })
    .toBe(
      expected
        .slice(0, OFFERS_PAGE_SIZE)
        .map((offer) => offer.offerId)
        .join(),
    );
}
const newestFirst = (a: OfferData, b: OfferData) => b.createAt.localeCompare(a.createAt) || b.offerId - a.offerId;

/** A card some listed offers list by name (and others do not), as the My Cards dialog offers it. */
function listedCard(): { card: MyCardData; bankName: string; optionLabel: string } {
  for (const offer of site.listed) {
    if (offer.eligibility.cardScope !== 'listed') continue;
    const listed = offer.eligibility.cards.find((card) => card.tier !== null);
    if (!listed) continue;
    const bank = site.banks.find((candidate) => candidate.bankId === offer.bankId)!;
    const index = bank.issuedCards!.findIndex(
      (card) =>
        card.network === listed.network &&
        card.kind === listed.kind &&
        card.tier?.toLowerCase() === listed.tier!.toLowerCase(),
    );
    if (index < 0) continue;
    const issued = bank.issuedCards![index]!;
    return {
      card: { bankId: bank.bankId, network: issued.network, kind: issued.kind, tier: issued.tier },
      bankName: bank.bankName,
      optionLabel: String(index),
    };
  }
  throw new Error('no listed offer names a tiered card its bank issues');
}

/** Adds a card in the My Cards dialog, opened by `opener` (the header's control unless told). */
async function addCardInDialog(page: Page, bankName: string, optionValue: string, opener = '[data-my-cards-button]') {
  await page.locator(opener).click();
  const dialog = page.getByRole('dialog', { name: /My cards/ });
  await dialog.getByLabel('Bank', { exact: true }).selectOption({ label: bankName });
  await dialog.getByLabel('Card', { exact: true }).selectOption(optionValue);
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('My Cards', () => {
  it('invites a visitor without cards in one line, in the header and the filter bar', () =>
    withJs(async (page) => {
      await openHome(page);
      expect(await page.locator('[data-my-cards-button]').getAttribute('aria-label')).toBe('My cards: add your cards');
      const line = page.locator('.filter-my-cards');
      expect(await line.innerText()).toBe('Add your cards to see offers you can use.');
      const box = (await line.boundingBox())!;
      expect(box.height).toBeLessThan(40); // one line
    }, PHONE));

  it("a guest's cards mark the offers they can use, and My cards only lists exactly those", () =>
    withJs(async (page) => {
      const { card, bankName, optionLabel } = listedCard();
      const usable = site.listed.filter((offer) => someCardCanUse([card], offer)).sort(newestFirst);
      await openHome(page);
      await addCardInDialog(page, bankName, optionLabel);
      expect(await page.locator('[data-my-cards-button]').getAttribute('aria-label')).toBe('My cards, 1 chosen');
      expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), MY_CARDS_STORAGE_KEY))!)).toEqual([
        card,
      ]);

      // The marks on the first page: exactly the usable offers among them.
      const shown = await cardIds(page);
      await expect
        .poll(() => markedIds(page))
        .toEqual(shown.filter((id) => usable.some((offer) => offer.offerId === id)));

      await page.getByRole('button', { name: 'My cards only' }).click();
      await expectListOf(page, usable);
      expect(query(page)).toMatchObject({ mine: '1' });
      expect(await chipNames(page)).toEqual(['My cards only']);
      // Every card shown is marked, and the count is the usable offers'.
      expect((await markedIds(page)).length).toBe((await cardIds(page)).length);
      if (usable.length > OFFERS_PAGE_SIZE) {
        expect(await page.getByRole('button', { name: /^Load more offers/ }).innerText()).toBe(
          `Load more offers (${usable.length - OFFERS_PAGE_SIZE})`,
        );
      }

      // Removing the card empties the list, with the invitation to add cards.
      await page.locator('[data-my-cards-button]').click();
      await page
        .getByRole('dialog', { name: /My cards/ })
        .getByRole('button', { name: /^Remove / })
        .click();
      await page
        .getByRole('dialog', { name: /My cards/ })
        .getByRole('button', { name: 'Done' })
        .click();
      await expect
        .poll(() => page.locator('.offer-browser-problem').innerText())
        .toContain('Add your cards to see the offers they can use.');
    }));

  it('opens on a press that comes before the page is idle, when its code has not yet started', () =>
    withJs(async (page) => {
      // An idle moment that never comes: a busy phone. The press itself starts the control.
      await page.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
      await page.goto('/about-us');
      await page.locator('[data-my-cards-button]').click();
      await page
        .getByRole('dialog', { name: /My cards/ })
        .getByLabel('Bank', { exact: true })
        .waitFor();
      // The control now works as ever: closed, a second press opens it again.
      await page
        .getByRole('dialog', { name: /My cards/ })
        .getByRole('button', { name: 'Done' })
        .click();
      await page.getByRole('dialog', { name: /My cards/ }).waitFor({ state: 'hidden' });
      await page.locator('[data-my-cards-button]').click();
      await page
        .getByRole('dialog', { name: /My cards/ })
        .getByLabel('Bank', { exact: true })
        .waitFor();
    }));

  it('loads no code of its own at load for a guest who keeps no cards, and follows the cards wherever they then come from', () =>
    withJs(async (page) => {
      const { card, bankName, optionLabel } = listedCard();
      const headerCode: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/_astro/my-cards-header.')) headerCode.push(request.url());
      });
      const headerLabel = () => page.locator('[data-my-cards-button]').getAttribute('aria-label');
      await openHome(page);
      // The page's idle moments have come and gone (the header's own wait is at most 2 s). The idle
      // wait has a bound of its own: page.evaluate has none, and a starved renderer may have no idle time.
      await page.evaluate(
        () => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve, { timeout: 5_000 }), 2_500)),
      );
      expect(headerCode).toEqual([]);
      expect(await headerLabel()).toBe('My cards: add your cards');

      // Cards saved in another tab: this one's header follows.
      const otherTab = await page.context().newPage();
      await otherTab.goto('/about-us');
      await otherTab.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [MY_CARDS_STORAGE_KEY, JSON.stringify([card])],
      );
      await expect.poll(headerLabel).toBe('My cards, 1 chosen');
      await otherTab.close();

      // On a fresh page, the dialog opened from the filter bar rather than the header: the header still follows.
      await page.evaluate((key) => localStorage.removeItem(key), MY_CARDS_STORAGE_KEY);
      await openHome(page);
      expect(await headerLabel()).toBe('My cards: add your cards');
      await addCardInDialog(page, bankName, optionLabel, '.filter-my-cards button');
      await expect.poll(headerLabel).toBe('My cards, 1 chosen');
    }));

  it("shows a returning guest's cards and marks once the page is idle, with no press", () =>
    withJs(async (page) => {
      const { card } = listedCard();
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [MY_CARDS_STORAGE_KEY, JSON.stringify([card])],
      );
      await page.goto(bankPagePath(site.banks.find((bank) => bank.bankId === card.bankId)!));
      await expect
        .poll(() => page.locator('[data-my-cards-button]').getAttribute('aria-label'))
        .toBe('My cards, 1 chosen');
      const cards = page.locator('[data-static-cards] article.offer-card');
      const ids = (articles: Element[]) => articles.map((article) => Number(article.getAttribute('data-offer-id')));
      const usable = (await cards.evaluateAll(ids)).filter((id) =>
        someCardCanUse(
          [card],
          site.listed.find((offer) => offer.offerId === id)!,
        ),
      );
      expect(usable.length).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('[data-static-cards] article.offer-card[data-your-card]').evaluateAll(ids))
        .toEqual(usable);
    }, PHONE));

  it("hydrates home in every language with a returning guest's cards, then shows them in the filter bar", () =>
    withJs(async (page) => {
      const { card } = listedCard();
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [MY_CARDS_STORAGE_KEY, JSON.stringify([card])],
      );
      // React's hydration mismatch is error #418 in its production build ("Hydration failed" in development).
      const hydrationErrors: string[] = [];
      const note = (text: string) => {
        if (/#418|hydrat/i.test(text)) hydrationErrors.push(`${page.url()}: ${text}`);
      };
      page.on('console', (message) => {
        if (message.type() === 'error') note(message.text());
      });
      page.on('pageerror', (error) => note(`${error.message}\n${error.stack ?? ''}`));
      for (const home of ['/', '/si/', '/ta/']) {
        await page.goto(home);
        // Scrolled to by hand: a mismatch would redraw the list, and a locator's scroll would lose it.
        await page.evaluate(() => document.querySelector('.offer-browser')?.scrollIntoView());
        await page.locator('astro-island:not([ssr]) .offer-browser[data-hydrated]').waitFor(); // at once: cards are stored
        // The personal part follows once hydrated: My cards only, and the cards' Edit button.
        await page.locator('.filter-my-cards .filter-my-cards-edit').waitFor();
        expect(await page.locator('.filter-my-cards-add').count()).toBe(0);
      }
      expect(hydrationErrors).toEqual([]);
    }));

  it('says so when its code does not load, on a page without React', () =>
    withJs(async (page) => {
      await page.route('**/_astro/mount-my-cards.*', (route) => route.abort('connectionrefused'));
      await page.goto('/about-us');
      await page.locator('[data-my-cards-button]').click();
      await expect
        .poll(() => page.locator(`#${LOAD_FAILURE_ID}[role="alert"]`).textContent())
        .toBe('We could not reach OfferLanka. Check your connection and try again.');
      expect(await page.getByRole('dialog', { name: /My cards/ }).count()).toBe(0);
    }));

  it('chosen as a guest, saved to the account at sign-in, and found in a second browser', async () => {
    const account = await createSignedInAccount(site, 'Dilani');
    const { card, bankName, optionLabel } = listedCard();
    await withJs(async (page) => {
      await openHome(page);
      await addCardInDialog(page, bankName, optionLabel);
      await page.goto('/sign-in');
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
      await page.getByLabel('Mobile number').fill(account.mobileNo);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('html[data-signed-in]').waitFor({ state: 'attached' });
      await expect
        .poll(
          async () =>
            (
              await (
                await fetch(`${site.url}/api/user/cards`, { headers: { authorization: `Bearer ${account.token}` } })
              ).json()
            ).data,
        )
        .toEqual([card]);
    });
    // Another browser, signed in as the same user, nothing stored before.
    await withSignedInPage(site, account, PHONE, async (page) => {
      await openHome(page);
      await expect
        .poll(() => page.locator('[data-my-cards-button]').getAttribute('aria-label'))
        .toBe('My cards, 1 chosen');
      await page.locator('[data-my-cards-button]').click();
      await expect.poll(() => page.getByRole('list', { name: 'Your cards' }).innerText()).toContain(bankName);
    });
  });
});

describe('My cards only on a bank page', () => {
  it("lists the bank's offers one of the cards can use in place of the rows, with ?mine=1 and Back", () =>
    withJs(async (page) => {
      const { card, bankName, optionLabel } = listedCard();
      const bank = site.banks.find((candidate) => candidate.bankId === card.bankId)!;
      const usable = site.listed
        .filter((offer) => offer.bankId === bank.bankId && someCardCanUse([card], offer))
        .sort(newestFirst);
      await page.goto(bankPagePath(bank));
      await page.locator('[data-bank-my-cards]:not([hidden])').waitFor();
      expect(await page.locator('[data-bank-my-cards] [data-my-cards-invite]').innerText()).toBe(
        'Add your cards to see offers you can use.',
      );
      await page.locator('[data-my-cards-button]').waitFor();
      await addCardInDialog(page, bankName, optionLabel);
      await page.getByRole('button', { name: 'My cards only' }).click();
      const list = page.locator('[data-my-cards-list] article.offer-card');
      await expect
        .poll(
          async () =>
            (await list.evaluateAll((articles) => articles.map((a) => Number(a.getAttribute('data-offer-id'))))).join(),
          { timeout: 15_000 },
        )
        .toBe(
          usable
            .slice(0, OFFERS_PAGE_SIZE)
            .map((offer) => offer.offerId)
            .join(),
        );
      expect(await page.locator('[data-my-cards-list] [role="status"]').innerText()).toBe(
        `${usable.length} ${usable.length === 1 ? 'offer fits' : 'offers fit'} your cards.`,
      );
      expect(await page.locator('[data-static-cards]').isVisible()).toBe(false);
      expect(query(page)).toEqual({ mine: '1' });

      await page.goBack();
      await expect.poll(() => page.locator('[data-static-cards]').isVisible()).toBe(true);
      expect(await page.locator('[data-my-cards-list]').isVisible()).toBe(false);
    }, PHONE));
});

describe('My Cards in the header search', () => {
  it('marks the results the cards can use, and My cards only hides the others', () =>
    withJs(async (page) => {
      const { card, bankName, optionLabel } = listedCard();
      const bank = site.banks.find((candidate) => candidate.bankId === card.bankId)!;
      const byPath = new Map(site.listed.map((offer) => [offerCanonicalPath(offer), offer]));
      await openHome(page);
      await page.locator('[data-my-cards-button]').waitFor();
      await addCardInDialog(page, bankName, optionLabel);
      await page.getByRole('button', { name: 'Search offers' }).click();
      await page.locator('[data-search-ui] input').fill(bank.bankName);
      const results = page.locator('.pagefind-ui__result');
      await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const shown = async () =>
        results.evaluateAll((items) =>
          items.map((item) => ({
            path: new URL(item.querySelector('a')!.href).pathname,
            marked: item.hasAttribute('data-your-card'),
            visible: (item as HTMLElement).offsetParent !== null,
          })),
        );
      // Each result is marked exactly when the card can use its offer.
      await expect
        .poll(async () =>
          (await shown()).every(({ path, marked }) => marked === someCardCanUse([card], byPath.get(path)!)),
        )
        .toBe(true);

      await page.getByLabel('My cards only').check();
      await expect.poll(async () => (await shown()).filter((result) => result.visible).length).toBeGreaterThan(0);
      for (const result of await shown()) expect(result.visible, result.path).toBe(result.marked);
    }));
});

describe('filters and order', () => {
  it('Valid today and Ending soon: chips, the URL, the list, and Back', () =>
    withJs(async (page) => {
      await openHome(page);
      await page.getByRole('button', { name: 'Valid today' }).click();
      await expectListOf(
        page,
        site.listed.filter((offer) => isValidToday({ ...offer, eligibility: offer.eligibility })).sort(newestFirst),
      );
      expect(query(page)).toEqual({ today: '1' });
      expect(await chipNames(page)).toEqual(['Valid today']);

      await page.getByRole('button', { name: 'Ending soon' }).click();
      const soon = Date.now() + ENDING_SOON_DAYS * 86_400_000;
      await expectListOf(
        page,
        site.listed
          .filter((offer) => isValidToday(offer) && offer.offerEnd !== null && Date.parse(offer.offerEnd) <= soon)
          .sort(newestFirst),
      );
      expect(query(page)).toEqual({ today: '1', ending: '1' });

      await page.goBack();
      await expect.poll(() => chipNames(page)).toEqual(['Valid today']);
      await page.getByRole('button', { name: 'Remove Valid today' }).click();
      await expect.poll(() => page.url()).toBe(`${site.url}/`);
      await expectListOf(page, [...site.listed].sort(newestFirst));
    }));

  it("card network and in store / online from 'Cards & more', each a chip that removes it", () =>
    withJs(async (page) => {
      await openHome(page);
      await page.getByRole('button', { name: /^Filter(, \d+ chosen)?$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'All filters' });
      await dialog.getByRole('tab', { name: 'Cards & more' }).click();
      await dialog.getByLabel('American Express').check();
      await dialog.getByLabel('Online', { exact: true }).check();
      await dialog.getByRole('button', { name: 'View results' }).click();
      expect(query(page)).toEqual({ network: 'amex', channel: 'online' });
      expect(await chipNames(page)).toEqual(['American Express', 'Online']);
      const networksOf = (offer: OfferData) => {
        const bank = site.banks.find((candidate) => candidate.bankId === offer.bankId)!;
        const { cardScope, cards } = offer.eligibility;
        return (
          cardScope === 'listed'
            ? cards
            : bank.issuedCards!.filter((card) => cardScope === 'all' || card.kind === 'credit')
        ).map((card) => card.network);
      };
      const online = (offer: OfferData) =>
        offer.eligibility.channel === 'online' || offer.eligibility.channel === 'both';
      await expectListOf(
        page,
        site.listed.filter((offer) => networksOf(offer).includes('amex') && online(offer)).sort(newestFirst),
      );

      await page.getByRole('button', { name: 'Remove American Express' }).click();
      await expectListOf(page, site.listed.filter(online).sort(newestFirst));
      expect(query(page)).toEqual({ channel: 'online' });
    }));

  it('sorts by Ending soon, Most viewed and Biggest discount, shown as a chip; a reload keeps it', () =>
    withJs(async (page) => {
      await openHome(page);
      const sort = page.getByRole('combobox', { name: 'Sort by' });
      await sort.selectOption({ label: 'Most viewed' });
      // Views change as the other files browse: the order is the API's of the moment (its sorting is tested in tests/api).
      const mostViewed = async () =>
        (
          await (
            await fetch(`${site.url}/api/offers/search/1/${OFFERS_PAGE_SIZE}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ sort: 'mostViewed' }),
            })
          ).json()
        ).data as OfferData[];
      await expect
        .poll(async () => (await cardIds(page)).join(), { timeout: 15_000 })
        .toBe((await mostViewed()).map((offer) => offer.offerId).join());
      expect(query(page)).toEqual({ sort: 'most-viewed' });
      expect(await chipNames(page)).toEqual(['Sorted: Most viewed']);

      await sort.selectOption({ label: 'Ending soon' });
      const end = (offer: OfferData) => (offer.offerEnd ? Date.parse(offer.offerEnd) : Infinity);
      await expectListOf(
        page,
        [...site.listed].sort((a, b) => end(a) - end(b) || b.offerId - a.offerId),
      );

      await sort.selectOption({ label: 'Biggest discount' });
      const rate = (offer: OfferData) =>
        ['off', 'upto', 'discount'].includes(offer.offerType) && offer.offerRate && /^\d/.test(offer.offerRate)
          ? Number(offer.offerRate)
          : -1;
      await expect.poll(async () => (await offerListSettled(page)) && query(page).sort).toBe('biggest-discount');
      const rates = (await cardIds(page)).map((id) => rate(site.listed.find((offer) => offer.offerId === id)!));
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      expect(rates[0]).toBe(Math.max(...site.listed.map(rate)));

      await page.reload();
      await startUsingOfferList(page);
      expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('biggestDiscount');
      await page.getByRole('button', { name: 'Remove Sorted: Biggest discount' }).click();
      await expect.poll(() => page.url()).toBe(`${site.url}/`);
    }));
});
