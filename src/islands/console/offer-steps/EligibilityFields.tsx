// Part of step 3, Offer Details: who can use the offer and when, all optional. The cards are the
// chosen bank's own (its issued cards, from GET get/all/banks): all of them, all its credit cards,
// or the ones ticked. Then the days (none means every day), a time window, the minimum bill and
// the discount cap in rupees, and in store or online (with the website for online).
import {
  CHANNEL_NAMES, CHANNELS, WEEKDAY_NAMES, WEEKDAYS, cardName, type CardScope, type CardSpecData, type Channel,
} from '../../../contract/eligibility.ts';
import type { BankData } from '../../../contract/index.ts';
import { SelectField, TextField } from '../../ui/Field.tsx';
import type { EligibilityFormValues } from '../offer-form.ts';
import { fieldId, type StepProps } from './step-props.ts';

const sameCard = (a: CardSpecData, b: CardSpecData) => a.network === b.network && a.kind === b.kind && a.tier === b.tier;

export default function EligibilityFields({ values, set, shown, touch, bank }: StepProps & { bank: BankData | undefined }) {
  const form = values.eligibility;
  const change = (patch: Partial<EligibilityFormValues>) => set('eligibility', { ...form, ...patch });
  const error = shown('eligibility');
  const bankName = bank?.bankName ?? 'the bank';
  const scopes: [CardScope, string][] = [['all', `All ${bankName} cards`], ['credit', `All ${bankName} credit cards`], ['listed', 'Only these cards:']];
  const toggleCard = (card: CardSpecData) =>
    change({ cards: form.cards.some((chosen) => sameCard(chosen, card)) ? form.cards.filter((chosen) => !sameCard(chosen, card)) : [...form.cards, card] });
  const toggleDay = (day: (typeof WEEKDAYS)[number]) => change({ days: form.days.includes(day) ? form.days.filter((d) => d !== day) : [...form.days, day] });
  const online = form.channel === 'online' || form.channel === 'both';

  return (
    <fieldset className="offer-eligibility" aria-describedby={error ? `${fieldId('eligibility')}-error` : undefined} onBlur={() => touch('eligibility')}>
      <legend>Who can use it, and when (optional)</legend>
      <fieldset className="offer-eligibility-cards">
        <legend>Cards</legend>
        {scopes.map(([scope, label], i) => (
          <label key={scope} className="offer-check">
            <input type="radio" name="eligibility-scope" id={i === 0 ? fieldId('eligibility') : undefined} checked={form.cardScope === scope}
              onChange={() => change({ cardScope: scope })} />
            <span>{label}</span>
          </label>
        ))}
        {form.cardScope === 'listed' && (
          <ul className="offer-eligibility-list" aria-label={`${bankName} cards`}>
            {(bank?.issuedCards ?? []).map((card) => (
              <li key={cardName(card) + card.kind}>
                <label className="offer-check">
                  <input type="checkbox" checked={form.cards.some((chosen) => sameCard(chosen, card))} onChange={() => toggleCard(card)} />
                  <span>{cardName(card)}{card.kind === 'credit' ? ' credit' : ''}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <fieldset className="offer-eligibility-days">
        <legend>Days</legend>
        <p className="auth-hint">None ticked means every day.</p>
        <div className="offer-eligibility-row">
          {WEEKDAYS.map((day) => (
            <label key={day} className="offer-check">
              <input type="checkbox" checked={form.days.includes(day)} onChange={() => toggleDay(day)} />
              <span>{WEEKDAY_NAMES[day].slice(0, 3)}<span className="visually-hidden">{WEEKDAY_NAMES[day].slice(3)}</span></span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="offer-row">
        <TextField id="offer-eligibility-from" label="From (time, optional)" type="time" value={form.timeFrom} onChange={(event) => change({ timeFrom: event.target.value })} />
        <TextField id="offer-eligibility-to" label="To" type="time" value={form.timeTo} onChange={(event) => change({ timeTo: event.target.value })} />
      </div>
      <div className="offer-row">
        <TextField id="offer-eligibility-min-bill" label="Minimum bill (Rs., optional)" inputMode="numeric" autoComplete="off" value={form.minBill}
          onChange={(event) => change({ minBill: event.target.value })} />
        <TextField id="offer-eligibility-cap" label="Largest discount (Rs., optional)" inputMode="numeric" autoComplete="off" value={form.maxDiscount}
          onChange={(event) => change({ maxDiscount: event.target.value })} />
      </div>
      <SelectField id="offer-eligibility-channel" label="Where" value={form.channel} onChange={(event) => change({ channel: event.target.value as Channel | '' })}>
        <option value="">Not stated</option>
        {CHANNELS.map((channel) => <option key={channel} value={channel}>{CHANNEL_NAMES[channel]}</option>)}
      </SelectField>
      {online && (
        <TextField id="offer-eligibility-website" label="Website (for online use)" type="url" inputMode="url" placeholder="https://" value={form.website}
          onChange={(event) => change({ website: event.target.value })} />
      )}
      {error && <p className="auth-error" id={`${fieldId('eligibility')}-error`}>{error}</p>}
    </fieldset>
  );
}
