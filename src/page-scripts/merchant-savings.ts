// The savings answer on a merchant's page: the visitor's bill, in store or online, and a day (today
// in Sri Lanka first); their cards from My Cards, or every card of the banks with an offer here,
// bank by bank. Each card's saving or the one reason it does not qualify, ranked by lib/savings.ts,
// the code the API runs, on the offers the page carries: no round trip. Plain DOM, loaded after the
// page's first paint (pages/[...locale]/merchants/[merchantSlug].astro).
import { CARD_NETWORK_NAMES, type CardKind } from '../contract/card-constants.ts';
import { rupeesText } from '../lib/format-eligibility.ts';
import { shortDate } from '../lib/offer-dates.ts';
import {
  cardsOfBanks,
  rankSavings,
  type CardSaving,
  type MerchantSavingsData,
  type SavingsCard,
  type SavingsOffer,
} from '../lib/savings.ts';
import { benefitText, reasonText } from '../lib/savings-text.ts';
import { sriLankaDate, sriLankaInstant, sriLankaTime } from '../lib/sri-lanka-date.ts';
import { m } from '../paraglide/messages.js';
import { $myCards } from '../stores/my-cards.ts';

const DAYS_SHOWN = 7;
const DAY_MS = 86_400_000;
const KIND_WORDS: Record<CardKind, () => string> = {
  credit: m.savings_kind_credit,
  debit: m.savings_kind_debit,
  prepaid: m.savings_kind_prepaid,
};

function cardName(card: SavingsCard, bankName: string): string {
  if (card.network === null || card.kind === null) return m.savings_any_card({ bank: bankName });
  return `${CARD_NETWORK_NAMES[card.network]}${card.tier ? ` ${card.tier}` : ''} ${KIND_WORDS[card.kind]()}`;
}

/** Today and the next six days in Sri Lanka, as the day choices. */
function fillDays(select: HTMLSelectElement) {
  const today = Date.now();
  for (let i = 0; i < DAYS_SHOWN; i++) {
    const date = sriLankaDate(today + i * DAY_MS);
    const label = i === 0 ? m.savings_today() : shortDate(new Date(sriLankaInstant(date)).toISOString());
    select.append(new Option(label ?? date, date, i === 0, i === 0));
  }
}

function answerItem(answer: CardSaving, bankName: string, offers: Map<number, SavingsOffer>): HTMLLIElement {
  const item = document.createElement('li');
  item.className = answer.qualifies ? 'saving qualifies' : 'saving';
  const name = document.createElement('span');
  name.className = 'saving-card';
  name.textContent = cardName(answer.card, bankName);
  const what = document.createElement('span');
  what.className = 'saving-what';
  const offer = answer.offerId === null ? undefined : offers.get(answer.offerId);
  const benefit = offer && benefitText(offer);
  if (answer.qualifies) {
    what.textContent =
      answer.saving !== null
        ? `${m.savings_saves({ amount: rupeesText(answer.saving) })}${benefit ? ` · ${benefit}` : ''}`
        : (benefit ?? '');
  } else what.textContent = reasonText(answer.reason!);
  item.append(name, ' ', what);
  return item;
}

export function startMerchantSavings(root: HTMLElement): void {
  const data = JSON.parse(
    root.querySelector('script[data-savings-data]')?.textContent ?? 'null',
  ) as MerchantSavingsData | null;
  const form = root.querySelector<HTMLFormElement>('form[data-savings-form]');
  const results = root.querySelector<HTMLOListElement>('[data-savings-results]');
  const note = root.querySelector<HTMLElement>('[data-savings-note]');
  if (!data || !form || !results || !note) return;
  const daySelect = form.elements.namedItem('date') as HTMLSelectElement;
  fillDays(daySelect);
  const bankNames = new Map(data.banks.map((bank) => [bank.bankId, bank.bankName]));
  const offers = new Map(data.offers.map((offer) => [offer.offerId, offer]));
  const everyCard = cardsOfBanks(data.banks);

  const answer = () => {
    const fields = new FormData(form);
    const bill = Number(fields.get('bill'));
    const date = String(fields.get('date') || sriLankaDate());
    const question = {
      bill: Number.isInteger(bill) && bill > 0 ? bill : null,
      channel: fields.get('channel') === 'online' ? ('online' as const) : ('inStore' as const),
      date,
      time: date === sriLankaDate() ? sriLankaTime() : null,
    };
    const mine = $myCards.get();
    note.textContent = mine.length ? m.savings_your_cards() : m.savings_every_card();
    const ranked = rankSavings(data.offers, mine.length ? mine : everyCard, question);
    const items: HTMLLIElement[] = [];
    if (mine.length) {
      for (const saving of ranked) items.push(answerItem(saving, bankNames.get(saving.card.bankId) ?? '', offers));
    } else {
      // Bank by bank, the banks in the order of their best card.
      for (const bankId of new Set(ranked.map((saving) => saving.card.bankId))) {
        const group = document.createElement('li');
        group.className = 'saving-bank';
        const heading = document.createElement('p');
        heading.className = 'saving-bank-name';
        heading.textContent = bankNames.get(bankId) ?? '';
        const cards = document.createElement('ul');
        cards.append(
          ...ranked
            .filter((saving) => saving.card.bankId === bankId)
            .map((saving) => answerItem(saving, bankNames.get(bankId) ?? '', offers)),
        );
        group.append(heading, cards);
        items.push(group);
      }
    }
    results.replaceChildren(...items);
  };

  form.addEventListener('input', answer);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    answer();
  });
  $myCards.subscribe(answer);
  root.hidden = false;
}
