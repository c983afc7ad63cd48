// Alert me: saves the list (its filter and name) as an alert of the account, then, when the
// account has no confirmed e-mail address, asks for one and says to confirm it from the link.
import { useState } from 'react';
import { createAlert, failureText, fetchAlerts } from '../../client/alerts.ts';
import { ApiError } from '../../client/http.ts';
import { ALERT_LABEL_MAX } from '../../contract/alerts.ts';
import type { OfferSearchInput } from '../../contract/offer-search.ts';
import { CONSOLE_ALERTS_PATH } from '../../lib/alert-list-path.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { $myCards } from '../../stores/my-cards.ts';
import { sessionLink } from '../../stores/session.ts';
import { messageParts, slot } from '../ui/message-parts.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import EmailForm from './EmailForm.tsx';
import type { AlertMeList } from './open-alert-me.ts';
import alertsCss from './alerts.css?url';
import Stylesheets from '../ui/Stylesheets.tsx';

/** The filter bar's filter as the search takes it: My cards only carries the visitor's cards. */
function searchOf({ filter }: AlertMeList): OfferSearchInput {
  const { mine, plans, ...rest } = filter;
  return {
    ...rest,
    kind: plans ? 'instalment' : null,
    bankIds: [...rest.bankIds],
    categoryIds: [...rest.categoryIds],
    networks: [...rest.networks],
    cards: mine ? [...$myCards.get()] : [],
  };
}
const labelOf = (list: AlertMeList) =>
  (list.label.length > ALERT_LABEL_MAX ? `${list.label.slice(0, ALERT_LABEL_MAX - 1)}…` : list.label) ||
  m.account_alert_all_offers();

type Step = { step: 'ask' } | { step: 'saved'; message: string } | { step: 'sent'; email: string };

export default function AlertMeDialog({ list, onClose }: { list: AlertMeList; onClose: () => void }) {
  const account = useLoaded(() => fetchAlerts(sessionLink), failureText);
  const [step, setStep] = useState<Step>({ step: 'ask' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const label = labelOf(list);

  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await createAlert(label, searchOf(list), sessionLink);
      setStep({ step: 'saved', message: answer.message });
    } catch (failure) {
      // Already following this list: say so, and carry on as saved.
      if (failure instanceof ApiError && failure.code === 'duplicate_alert')
        setStep({ step: 'saved', message: failure.message });
      else setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const verified = account.state === 'ready' && account.data.emailVerified;
  return (
    <TitledDialog open onClose={onClose} className="alert-me-dialog" title={m.account_alert_me()}>
      <Stylesheets hrefs={[alertsCss]} />
      <p className="alert-me-intro">{m.account_alert_intro()}</p>
      <p className="alert-me-label">
        <strong>{label}</strong>
      </p>
      {account.state === 'loading' && (
        <p className="alert-me-note" role="status">
          {m.account_loading()}
        </p>
      )}
      {account.state === 'failed' && (
        <p className="alert-email-error" role="alert">
          {account.message}{' '}
          <button type="button" className="link-button" onClick={account.reload}>
            {m.account_retry()}
          </button>
        </p>
      )}
      {account.state === 'ready' && step.step === 'ask' && (
        <>
          {error && (
            <p className="alert-email-error" role="alert">
              {error}
            </p>
          )}
          <div className="alert-me-actions">
            <button type="button" className="button secondary" onClick={onClose}>
              {m.account_cancel()}
            </button>
            <button type="button" className="button" disabled={busy} onClick={save}>
              {m.account_save_alert()}
            </button>
          </div>
        </>
      )}
      {account.state === 'ready' && step.step === 'saved' && (
        <>
          <p className="alert-me-done" role="status">
            {step.message}
          </p>
          {verified ? (
            <p className="alert-me-note">{m.account_alert_email_goes_to({ email: account.data.email ?? '' })}</p>
          ) : (
            <>
              <p className="alert-me-note">{m.error_email_needed()}</p>
              <EmailForm email={account.data.email} onSent={(email) => setStep({ step: 'sent', email })} />
            </>
          )}
          <div className="alert-me-actions">
            <a className="button secondary" href={localePath(CONSOLE_ALERTS_PATH)}>
              {m.account_your_alerts()}
            </a>
            <button type="button" className="button" onClick={onClose}>
              {m.account_done()}
            </button>
          </div>
        </>
      )}
      {step.step === 'sent' && (
        <>
          <p className="alert-me-done" role="status">
            {messageParts(m.account_alert_link_sent({ email: slot(0) }), [<strong>{step.email}</strong>])}
          </p>
          <div className="alert-me-actions">
            <a className="button secondary" href={localePath(CONSOLE_ALERTS_PATH)}>
              {m.account_your_alerts()}
            </a>
            <button type="button" className="button" onClick={onClose}>
              {m.account_done()}
            </button>
          </div>
        </>
      )}
    </TitledDialog>
  );
}
