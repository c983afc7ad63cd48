// The savings answer: the visitor's bill, in store or online, and a day (today in Sri Lanka first);
// their cards from My Cards, or every card of the banks with an offer at the merchant, bank by bank.
// Each card's saving or the one reason it does not qualify, ranked by lib/savings.ts, the code the
// API runs, on the merchant's offers: no round trip after the data is here. Plain DOM, loaded after
// the first paint, on a merchant's page (the data inline), an offer's page and the offer modal (the
// merchant's data file, pages/savings/[merchantId].json.ts, fetched once).
import { CARD_NETWORK_NAMES, type CardKind } from '../../contract/card-constants.ts';
import { rupeesText } from '../../lib/format-eligibility.ts';
import { shortDate } from '../../lib/offer-dates.ts';
import {
  cardsOfBanks,
  rankSavings,
  type CardSaving,
  type MerchantSavingsData,
  type SavingsCard,
  type SavingsOffer,
} from '../../lib/savings.ts';
import { benefitText, reasonText } from '../../lib/savings-text.ts';
import { sriLankaDate, sriLankaInstant, sriLankaTime } from '../../lib/sri-lanka-date.ts';
import { m } from '../../paraglide/messages.js';
import { $myCards } from '../../stores/my-cards.ts';
import './savings-answer.css';

const DAYS_SHOWN = 7;
const DAY_MS = 86_400_000;
const KIND_WORDS: Record<CardKind, () => string> = {
  credit: m.savings_kind_credit,
  debit: m.savings_kind_debit,
  prepaid: m.savings_kind_prepaid,
};
let answersStarted = 0;

function cardName(card: SavingsCard, bankName: string): string {
  if (card.network === null || card.kind === null) return m.savings_any_card({ bank: bankName });
  return `${CARD_NETWORK_NAMES[card.network]}${card.tier ? ` ${card.tier}` : ''} ${KIND_WORDS[card.kind]()}`;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
};

function radio(name: string, value: string, text: string, checked: boolean): HTMLLabelElement {
  const label = element('label');
  const input = element('input');
  Object.assign(input, { type: 'radio', name, value, checked, defaultChecked: checked });
  label.append(input, ` ${text}`);
  return label;
}

/** Today and the next six days in Sri Lanka, as the day choices. */
function daySelect(): HTMLSelectElement {
  const select = element('select');
  select.name = 'date';
  const today = Date.now();
  for (let i = 0; i < DAYS_SHOWN; i++) {
    const date = sriLankaDate(today + i * DAY_MS);
    const label = i === 0 ? m.savings_today() : shortDate(new Date(sriLankaInstant(date)).toISOString());
    select.append(new Option(label ?? date, date, i === 0, i === 0));
  }
  return select;
}

/** The heading, the question's form, the note on whose cards these are, and the answers' list. */
function answerParts(headingLevel: 2 | 3) {
  const id = `savings-heading-${++answersStarted}`;
  const heading = element(`h${headingLevel}`, 'savings-heading', m.savings_heading());
  heading.id = id;
  const form = element('form', 'savings-form');
  const bill = element('label');
  const billInput = element('input');
  Object.assign(billInput, { name: 'bill', type: 'number', inputMode: 'numeric', min: '1', step: '1' });
  billInput.autocomplete = 'off';
  bill.append(element('span', undefined, m.savings_bill()), billInput);
  const channel = element('fieldset');
  channel.append(
    element('legend', undefined, m.savings_paying()),
    radio('channel', 'inStore', m.pages_channel_in_store(), true),
    radio('channel', 'online', m.pages_channel_online(), false),
  );
  const day = element('label');
  day.append(element('span', undefined, m.savings_day()), daySelect());
  form.append(bill, channel, day);
  const note = element('p', 'savings-note');
  const results = element('ol', 'savings-results');
  results.setAttribute('aria-label', m.savings_results());
  results.setAttribute('aria-live', 'polite');
  return { id, heading, form, note, results };
}

function answerItem(answer: CardSaving, bankName: string, offers: Map<number, SavingsOffer>): HTMLLIElement {
  const item = element('li', answer.qualifies ? 'saving qualifies' : 'saving');
  const offer = answer.offerId === null ? undefined : offers.get(answer.offerId);
  const benefit = offer && benefitText(offer);
  let what: string;
  if (!answer.qualifies) what = reasonText(answer.reason!);
  else if (answer.saving !== null)
    what = `${m.savings_saves({ amount: rupeesText(answer.saving) })}${benefit ? ` · ${benefit}` : ''}`;
  else what = benefit ?? '';
  item.append(
    element('span', 'saving-card', cardName(answer.card, bankName)),
    ' ',
    element('span', 'saving-what', what),
  );
  return item;
}

/**
 * Fills root (an empty, hidden section) with the answer for these offers and shows it; the answer
 * follows the form and My Cards. Returns what stops it (the modal's answer, when the modal closes).
 */
export function startSavingsAnswer(root: HTMLElement, data: MerchantSavingsData, headingLevel: 2 | 3 = 2): () => void {
  if (!data.offers.length) return () => {};
  const { id, heading, form, note, results } = answerParts(headingLevel);
  root.setAttribute('aria-labelledby', id);
  root.replaceChildren(heading, form, note, results);
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
      // Bank by bank, the banks in the order of their best card: that card shown, the bank's others a press away.
      for (const bankId of new Set(ranked.map((saving) => saving.card.bankId))) {
        const bankName = bankNames.get(bankId) ?? '';
        const [best, ...others] = ranked
          .filter((saving) => saving.card.bankId === bankId)
          .map((saving) => answerItem(saving, bankName, offers));
        const group = element('li', 'saving-bank');
        const cards = element('ul');
        cards.append(best!);
        group.append(element('p', 'saving-bank-name', bankName), cards);
        if (others.length) {
          const more = element('details', 'saving-more');
          const rest = element('ul');
          rest.append(...others);
          more.append(element('summary', undefined, m.savings_more_cards({ count: others.length })), rest);
          group.append(more);
        }
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
  const stop = $myCards.subscribe(answer);
  root.hidden = false;
  return stop;
}

/** A merchant's savings data: the page's own (a script element inside root) or its data file. */
export async function savingsDataOf(root: HTMLElement): Promise<MerchantSavingsData> {
  const inline = root.querySelector('script[data-savings-data]')?.textContent;
  if (inline) return JSON.parse(inline) as MerchantSavingsData;
  const response = await fetch(root.dataset.savingsSrc!);
  if (!response.ok) throw new Error(`${root.dataset.savingsSrc} answered ${response.status}`);
  return (await response.json()) as MerchantSavingsData;
}

/** A page's answer (data-savings-answer): started once its data is here; without it the section stays hidden. */
export const startPageSavingsAnswer = (root: HTMLElement) =>
  savingsDataOf(root).then(
    (data) => startSavingsAnswer(root, data),
    (error: unknown) => console.warn('The savings answer has no data:', error),
  );
