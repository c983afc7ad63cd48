// The savings answer: the visitor's bill, in store or online, and a day (today in Sri Lanka first);
// their cards from My Cards, or every card of the banks with an offer at the merchant, bank by bank.
// Each card's saving or the one reason it does not qualify, ranked by lib/savings.ts, the code the
// API runs, and put in words by lib/savings-view.ts, on the merchant's offers: no round trip after
// the data is here. Plain DOM, loaded after the first paint: on a merchant's page it takes over the
// answer the page rendered (the data inline); on an offer's page and in the offer modal it makes its
// own (the merchant's data file, pages/savings/[merchantId].json.ts, fetched once).
import type { MerchantSavingsData } from '../../lib/savings.ts';
import { savingsAnswerView, savingsDays, type SavingLine, type SavingsAnswerView } from '../../lib/savings-view.ts';
import { sriLankaDate, sriLankaTime } from '../../lib/sri-lanka-date.ts';
import { m } from '../../paraglide/messages.js';
import { $myCards } from '../../stores/my-cards.ts';
import './savings-answer.css';

let answersStarted = 0;

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

/** The day choices from today in Sri Lanka: a page built on an earlier day offers that day's. */
function fillDays(select: HTMLSelectElement) {
  const chosen = select.value;
  const days = savingsDays();
  const options = [...select.options];
  if (
    options.length === days.length &&
    days.every((day, i) => options[i]!.value === day.value && options[i]!.text === day.label)
  )
    return;
  select.replaceChildren(...days.map(({ value, label }, i) => new Option(label, value, i === 0, i === 0)));
  if (days.some(({ value }) => value === chosen)) select.value = chosen;
}

interface AnswerParts {
  form: HTMLFormElement;
  note: HTMLElement;
  results: HTMLElement;
}

/** The parts a merchant's page renders in its HTML (components/SavingsAnswer.astro), if root holds them. */
function partsInPage(root: HTMLElement): AnswerParts | null {
  const form = root.querySelector<HTMLFormElement>('form.savings-form');
  const note = root.querySelector<HTMLElement>('.savings-note');
  const results = root.querySelector<HTMLElement>('.savings-results');
  if (!form || !note || !results) return null;
  fillDays(form.elements.namedItem('date') as HTMLSelectElement);
  return { form, note, results };
}

/** The heading, the question's form, the note on whose cards these are, and the answers' list, made into root. */
function makeParts(root: HTMLElement, headingLevel: 2 | 3): AnswerParts {
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
  const select = element('select');
  select.name = 'date';
  fillDays(select);
  day.append(element('span', undefined, m.savings_day()), select);
  form.append(bill, channel, day);
  const note = element('p', 'savings-note');
  const results = element('ol', 'savings-results');
  results.setAttribute('aria-label', m.savings_results());
  results.setAttribute('aria-live', 'polite');
  root.setAttribute('aria-labelledby', id);
  root.replaceChildren(heading, form, note, results);
  return { form, note, results };
}

function lineItem({ qualifies, card, what }: SavingLine): HTMLLIElement {
  const item = element('li', qualifies ? 'saving qualifies' : 'saving');
  item.append(element('span', 'saving-card', card), ' ', element('span', 'saving-what', what));
  return item;
}

/** The answer's list items, as components/SavingsAnswer.astro writes them. */
function resultItems(view: SavingsAnswerView): HTMLLIElement[] {
  if (view.yourCards) return view.lines.map(lineItem);
  return view.banks.map(({ bankName, best, others }) => {
    const group = element('li', 'saving-bank');
    const cards = element('ul');
    cards.append(lineItem(best));
    group.append(element('p', 'saving-bank-name', bankName), cards);
    if (others.length) {
      const more = element('details', 'saving-more');
      const rest = element('ul');
      rest.append(...others.map(lineItem));
      more.append(element('summary', undefined, m.savings_more_cards({ count: others.length })), rest);
      group.append(more);
    }
    return group;
  });
}

/**
 * Answers in root for these offers, following the form and My Cards: in the parts the page rendered,
 * or in parts made into root (an empty, hidden section), which it then shows. Returns what stops it
 * (the modal's answer, when the modal closes).
 */
export function startSavingsAnswer(root: HTMLElement, data: MerchantSavingsData, headingLevel: 2 | 3 = 2): () => void {
  if (!data.offers.length) return () => {};
  const { form, note, results } = partsInPage(root) ?? makeParts(root, headingLevel);

  const answer = () => {
    const fields = new FormData(form);
    const bill = Number(fields.get('bill'));
    const date = String(fields.get('date') || sriLankaDate());
    const view = savingsAnswerView(data, $myCards.get(), {
      bill: Number.isInteger(bill) && bill > 0 ? bill : null,
      channel: fields.get('channel') === 'online' ? 'online' : 'inStore',
      date,
      time: date === sriLankaDate() ? sriLankaTime() : null,
    });
    // Only what changed: the answer the page painted stays as it is when it is still the answer.
    if (note.textContent !== view.note) note.textContent = view.note;
    const answers = element('ol');
    answers.append(...resultItems(view));
    if (answers.innerHTML !== results.innerHTML) results.replaceChildren(...answers.childNodes);
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
