// The customer console's list of the offers they said they will use ("I'll use this"), each with
// the day, the channel, its reminders (sent or to come) and Cancel. On the Alerts page, where the
// e-mail address the reminders may go to is confirmed.
import { useState } from 'react';
import { cancelUsePlan, failureText, fetchUsePlans } from '../../client/use-plans.ts';
import type { UsePlanData } from '../../contract/use-plans.ts';
import { localePath } from '../../lib/locale-path.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import { sessionLink } from '../../stores/session.ts';
import Stylesheets from '../ui/Stylesheets.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import { dayWords } from './plan-words.ts';
import { Reminders } from './UsePlanDialog.tsx';
import plansCss from './plans.css?url';

export default function UsePlansPanel() {
  const loaded = useLoaded(() => fetchUsePlans(sessionLink), failureText);
  const [plans, setPlans] = useState<UsePlanData[]>();
  const [busy, setBusy] = useState<number>();
  const [status, setStatus] = useState<{ text: string; failed: boolean }>();

  const cancel = async (offerId: number) => {
    setBusy(offerId);
    try {
      const answer = await cancelUsePlan(offerId, sessionLink);
      setPlans(answer.data);
      setStatus({ text: answer.message, failed: false });
    } catch (failure) {
      setStatus({ text: failureText(failure), failed: true });
    } finally {
      setBusy(undefined);
    }
  };

  const shown = plans ?? (loaded.state === 'ready' ? loaded.data.data : undefined);
  return (
    <section className="use-plans-panel" data-use-plans aria-labelledby="use-plans-heading">
      <Stylesheets hrefs={[plansCss]} />
      <h2 id="use-plans-heading">{m.plans_heading()}</h2>
      {loaded.state === 'loading' && <p role="status">{m.account_loading()}</p>}
      {loaded.state === 'failed' && (
        <p role="alert">
          {loaded.message}{' '}
          <button type="button" className="link-button" onClick={loaded.reload}>
            {m.account_retry()}
          </button>
        </p>
      )}
      {status && <p role={status.failed ? 'alert' : 'status'}>{status.text}</p>}
      {shown && shown.length === 0 && <p>{m.plans_empty()}</p>}
      {shown && shown.length > 0 && (
        <ul className="use-plans-list">
          {shown.map((plan) => (
            <li key={plan.offerId}>
              <a href={localePath(offerCanonicalPath(plan.offer))}>
                <strong>{plan.offer.header}</strong>
              </a>
              <p className="use-plan-note">
                {m.plans_planned_for({ day: dayWords(plan.usedOn) })}{' '}
                {m.plans_by({
                  channel: plan.channel === 'email' ? m.plans_channel_email() : m.plans_channel_sms(),
                })}
              </p>
              <Reminders items={plan.reminders} />
              <button
                type="button"
                className="button secondary"
                disabled={busy === plan.offerId}
                aria-label={`${m.plans_cancel_plan()}: ${plan.offer.header}`}
                onClick={() => cancel(plan.offerId)}
              >
                {m.plans_cancel_plan()}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
