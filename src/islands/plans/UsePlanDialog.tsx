// "I'll use this" on an offer that needs a step: the day of use (today in Sri Lanka by default) and
// SMS or e-mail, with the reminders that will come and when (lib/use-plan-schedule.ts, the rule the
// server's job follows). A planned offer shows its plan with Cancel.
import { useState } from 'react';
import { cancelUsePlan, failureText, fetchUsePlans, saveUsePlan } from '../../client/use-plans.ts';
import type { OfferData } from '../../contract/responses.ts';
import type { UsePlanChannel, UsePlansAnswer } from '../../contract/use-plans.ts';
import { CONSOLE_ALERTS_PATH } from '../../lib/alert-list-path.ts';
import { localePath } from '../../lib/locale-path.ts';
import { addDays, planReminders } from '../../lib/use-plan-schedule.ts';
import { sriLankaDay } from '../../lib/valid-today.ts';
import { m } from '../../paraglide/messages.js';
import { sessionLink } from '../../stores/session.ts';
import Stylesheets from '../ui/Stylesheets.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import { dayWords, reminderWords } from './plan-words.ts';
import plansCss from './plans.css?url';

interface Props {
  offer: OfferData;
  onClose: () => void;
  /** Told whether the offer is planned after each change (the page's button shows it). */
  onPlanned?: (planned: boolean) => void;
}

export default function UsePlanDialog({ offer, onClose, onPlanned }: Props) {
  const [answer, setAnswer] = useState<UsePlansAnswer>();
  const loaded = useLoaded(async () => {
    const plans = await fetchUsePlans(sessionLink);
    setAnswer(plans);
    return plans;
  }, failureText);
  const today = sriLankaDay().date;
  const [usedOn, setUsedOn] = useState(today);
  const [channel, setChannel] = useState<UsePlanChannel>('sms');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  const plan = answer?.data.find((p) => p.offerId === offer.offerId);
  const change = async (call: () => Promise<UsePlansAnswer & { message: string }>) => {
    setBusy(true);
    setError(undefined);
    try {
      const changed = await call();
      setAnswer(changed);
      setDone(changed.message);
      onPlanned?.(changed.data.some((p) => p.offerId === offer.offerId));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  const preview = planReminders(offer.eligibility, offer.offerStart, usedOn || today, today);

  return (
    <TitledDialog open onClose={onClose} className="use-plan-dialog" title={m.plans_dialog_title()}>
      <Stylesheets hrefs={[plansCss]} />
      <p className="use-plan-offer">
        <strong>{offer.header}</strong>
      </p>
      {loaded.state === 'loading' && <p role="status">{m.account_loading()}</p>}
      {loaded.state === 'failed' && (
        <p className="use-plan-error" role="alert">
          {loaded.message}{' '}
          <button type="button" className="link-button" onClick={loaded.reload}>
            {m.account_retry()}
          </button>
        </p>
      )}
      {done && (
        <p className="use-plan-done" role="status">
          {done}
        </p>
      )}
      {error && (
        <p className="use-plan-error" role="alert">
          {error}
        </p>
      )}
      {answer && plan && (
        <>
          <p data-use-plan-planned>{m.plans_planned_for({ day: dayWords(plan.usedOn) })}</p>
          <h3 className="use-plan-subhead">{m.plans_what_comes()}</h3>
          <Reminders items={plan.reminders} />
          <p className="use-plan-note">
            {m.plans_by({ channel: plan.channel === 'email' ? m.plans_channel_email() : m.plans_channel_sms() })} ·{' '}
            {m.plans_quiet_hours()}
          </p>
          <div className="use-plan-actions">
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => change(() => cancelUsePlan(offer.offerId, sessionLink))}
            >
              {m.plans_cancel_plan()}
            </button>
            <button type="button" className="button" onClick={onClose}>
              {m.account_done()}
            </button>
          </div>
        </>
      )}
      {answer && !plan && (
        <form
          className="use-plan-form"
          onSubmit={(event) => {
            event.preventDefault();
            void change(() => saveUsePlan(offer.offerId, { usedOn, channel }, sessionLink));
          }}
        >
          <p className="use-plan-note">{m.plans_intro()}</p>
          <label className="use-plan-field">
            <span>{m.plans_day_label()}</span>
            <input
              type="date"
              name="usedOn"
              required
              value={usedOn}
              min={addDays(today, -30)}
              max={addDays(today, 365)}
              onChange={(event) => setUsedOn(event.target.value)}
            />
          </label>
          <fieldset className="use-plan-field">
            <legend>{m.plans_channel_label()}</legend>
            <label>
              <input type="radio" name="channel" checked={channel === 'sms'} onChange={() => setChannel('sms')} />{' '}
              {m.plans_channel_sms()}
            </label>
            <label>
              <input
                type="radio"
                name="channel"
                checked={channel === 'email'}
                disabled={!answer.emailVerified}
                onChange={() => setChannel('email')}
              />{' '}
              {m.plans_channel_email()}
              {answer.emailVerified && answer.email ? ` (${answer.email})` : ''}
            </label>
            {!answer.emailVerified && (
              <p className="use-plan-note">
                <a href={localePath(CONSOLE_ALERTS_PATH)}>{m.plans_email_needs_confirming()}</a>
              </p>
            )}
          </fieldset>
          <h3 className="use-plan-subhead">{m.plans_what_comes()}</h3>
          {preview.length > 0 ? (
            <Reminders items={preview.map((r) => ({ ...r, sent: false }))} />
          ) : (
            <p className="use-plan-note">{m.plans_none_to_come()}</p>
          )}
          <p className="use-plan-note">{m.plans_quiet_hours()}</p>
          <div className="use-plan-actions">
            <button type="button" className="button secondary" onClick={onClose}>
              {m.account_cancel()}
            </button>
            <button type="submit" className="button" disabled={busy}>
              {m.plans_save()}
            </button>
          </div>
        </form>
      )}
    </TitledDialog>
  );
}

export function Reminders({
  items,
}: {
  items: { step: 'register' | 'convert' | 'promo'; day: string; deadline?: string; sent: boolean }[];
}) {
  return (
    <ul className="use-plan-reminders" data-use-plan-reminders>
      {items.map((item) => (
        <li key={item.step}>
          {reminderWords(item)}
          {item.sent && <span className="use-plan-sent"> ({m.plans_sent()})</span>}
        </li>
      ))}
    </ul>
  );
}
