// Part of step 3, Offer Details: who can use the offer and when, all optional. The cards are the
// chosen bank's own (its issued cards, from GET get/all/banks): all of them, all its credit cards,
// or the ones ticked. Then the days (none means every day), a time window, the minimum bill and
// the discount cap in rupees, and in store or online (with the website for online).
import {
  CHANNELS,
  WEEKDAYS,
  cardName,
  type CardScope,
  type CardSpecData,
  type Channel,
  type Weekday,
} from '../../../contract/eligibility.ts';
import type { BankData } from '../../../contract/index.ts';
import { m } from '../../../paraglide/messages.js';
import { SelectField, TextField } from '../../ui/Field.tsx';
import type { EligibilityFormValues } from '../offer-form.ts';
import { fieldId, type StepProps } from './step-props.ts';

/** Each day's short name, shown, and its whole name, for screen readers. */
const DAY_NAMES: Record<Weekday, [short: () => string, name: () => string]> = {
  mon: [m.console_day_mon_short, m.console_day_mon],
  tue: [m.console_day_tue_short, m.console_day_tue],
  wed: [m.console_day_wed_short, m.console_day_wed],
  thu: [m.console_day_thu_short, m.console_day_thu],
  fri: [m.console_day_fri_short, m.console_day_fri],
  sat: [m.console_day_sat_short, m.console_day_sat],
  sun: [m.console_day_sun_short, m.console_day_sun],
};
const CHANNEL_NAMES: Record<Channel, () => string> = {
  inStore: m.console_channel_in_store,
  online: m.console_channel_online,
  both: m.console_channel_both,
};

const sameCard = (a: CardSpecData, b: CardSpecData) =>
  a.network === b.network && a.kind === b.kind && a.tier === b.tier;

export default function EligibilityFields({
  values,
  set,
  shown,
  touch,
  bank,
}: StepProps & { bank: BankData | undefined }) {
  const form = values.eligibility;
  const change = (patch: Partial<EligibilityFormValues>) => set('eligibility', { ...form, ...patch });
  const error = shown('eligibility');
  const bankName = bank?.bankName ?? m.console_the_bank();
  const scopes: [CardScope, string][] = [
    ['all', m.console_cards_all({ bank: bankName })],
    ['credit', m.console_cards_credit({ bank: bankName })],
    ['listed', m.console_cards_listed()],
  ];
  const toggleCard = (card: CardSpecData) =>
    change({
      cards: form.cards.some((chosen) => sameCard(chosen, card))
        ? form.cards.filter((chosen) => !sameCard(chosen, card))
        : [...form.cards, card],
    });
  const toggleDay = (day: (typeof WEEKDAYS)[number]) =>
    change({ days: form.days.includes(day) ? form.days.filter((d) => d !== day) : [...form.days, day] });
  const online = form.channel === 'online' || form.channel === 'both';

  return (
    <fieldset
      className="offer-eligibility"
      aria-describedby={error ? `${fieldId('eligibility')}-error` : undefined}
      onBlur={() => touch('eligibility')}
    >
      <legend>{m.console_eligibility_legend()}</legend>
      <fieldset className="offer-eligibility-cards">
        <legend>{m.console_cards()}</legend>
        {scopes.map(([scope, label], i) => (
          <label key={scope} className="offer-check">
            <input
              type="radio"
              name="eligibility-scope"
              id={i === 0 ? fieldId('eligibility') : undefined}
              checked={form.cardScope === scope}
              onChange={() => change({ cardScope: scope })}
            />
            <span>{label}</span>
          </label>
        ))}
        {form.cardScope === 'listed' && (
          <ul className="offer-eligibility-list" aria-label={m.console_bank_cards({ bank: bankName })}>
            {(bank?.issuedCards ?? []).map((card) => (
              <li key={cardName(card) + card.kind}>
                <label className="offer-check">
                  <input
                    type="checkbox"
                    checked={form.cards.some((chosen) => sameCard(chosen, card))}
                    onChange={() => toggleCard(card)}
                  />
                  <span>
                    {card.kind === 'credit' ? m.console_card_credit({ card: cardName(card) }) : cardName(card)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <fieldset className="offer-eligibility-days">
        <legend>{m.console_days()}</legend>
        <p className="auth-hint">{m.console_days_hint()}</p>
        <div className="offer-eligibility-row">
          {WEEKDAYS.map((day) => (
            // eslint-disable-next-line jsx-a11y/label-has-associated-control -- its text is the day's name, in the spans below
            <label key={day} className="offer-check">
              <input type="checkbox" checked={form.days.includes(day)} onChange={() => toggleDay(day)} />
              <span>
                <span aria-hidden="true">{DAY_NAMES[day][0]()}</span>
                <span className="visually-hidden">{DAY_NAMES[day][1]()}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="offer-row">
        <TextField
          id="offer-eligibility-from"
          label={m.console_time_from()}
          type="time"
          value={form.timeFrom}
          onChange={(event) => change({ timeFrom: event.target.value })}
        />
        <TextField
          id="offer-eligibility-to"
          label={m.console_time_to()}
          type="time"
          value={form.timeTo}
          onChange={(event) => change({ timeTo: event.target.value })}
        />
      </div>
      <div className="offer-row">
        <TextField
          id="offer-eligibility-min-bill"
          label={m.console_min_bill()}
          inputMode="numeric"
          autoComplete="off"
          value={form.minBill}
          onChange={(event) => change({ minBill: event.target.value })}
        />
        <TextField
          id="offer-eligibility-cap"
          label={m.console_max_discount()}
          inputMode="numeric"
          autoComplete="off"
          value={form.maxDiscount}
          onChange={(event) => change({ maxDiscount: event.target.value })}
        />
      </div>
      <SelectField
        id="offer-eligibility-channel"
        label={m.console_where()}
        value={form.channel}
        onChange={(event) => change({ channel: event.target.value as Channel | '' })}
      >
        <option value="">{m.console_not_stated()}</option>
        {CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {CHANNEL_NAMES[channel]()}
          </option>
        ))}
      </SelectField>
      {online && (
        <TextField
          id="offer-eligibility-website"
          label={m.console_website()}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={form.website}
          onChange={(event) => change({ website: event.target.value })}
        />
      )}
      <fieldset className="offer-eligibility-steps">
        <legend>{m.console_steps()}</legend>
        <label className="offer-check">
          <input
            type="checkbox"
            checked={form.registerFirst}
            onChange={(event) => change({ registerFirst: event.target.checked })}
          />
          <span>{m.console_register_first()}</span>
        </label>
        <label className="offer-check">
          <input
            type="checkbox"
            checked={form.promoCodeRequired}
            onChange={(event) => change({ promoCodeRequired: event.target.checked })}
          />
          <span>{m.console_promo_code_required()}</span>
        </label>
        <TextField
          id="offer-eligibility-convert-days"
          label={m.console_convert_within_days()}
          inputMode="numeric"
          autoComplete="off"
          value={form.convertWithinDays}
          onChange={(event) => change({ convertWithinDays: event.target.value })}
        />
      </fieldset>
      {error && (
        <p className="auth-error" id={`${fieldId('eligibility')}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
