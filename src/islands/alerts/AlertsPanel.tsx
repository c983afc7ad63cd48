// The customer console's Alerts page: the address the weekly digest goes to (confirmed or not,
// and changed here), and the account's alerts, each a link to its list, each deleted here.
import { useState } from 'react';
import { deleteAlert, failureText, fetchAlerts } from '../../client/alerts.ts';
import type { AlertsAnswer } from '../../contract/alerts.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice } from '../../stores/notices.ts';
import { sessionLink } from '../../stores/session.ts';
import { messageParts, slot } from '../ui/message-parts.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import Stylesheets from '../ui/Stylesheets.tsx';
import EmailForm from './EmailForm.tsx';
// As a URL, as the Alert me dialog takes it: a file imported both ways was written under one name
// and asked for under another, so the dialog's stylesheet was a 404.
import alertsCss from './alerts.css?url';

export default function AlertsPanel() {
  const loaded = useLoaded(() => fetchAlerts(sessionLink), failureText);
  const [changed, setChanged] = useState<Partial<AlertsAnswer>>({});
  const [changingEmail, setChangingEmail] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [deleting, setDeleting] = useState<number>();

  if (loaded.state === 'loading') return <p role="status">{m.account_alerts_loading()}</p>;
  if (loaded.state === 'failed')
    return (
      <p role="alert">
        {loaded.message}{' '}
        <button type="button" className="link-button" onClick={loaded.reload}>
          {m.account_retry()}
        </button>
      </p>
    );
  const account = { ...loaded.data, ...changed };

  const remove = async (alertId: number, label: string) => {
    setDeleting(alertId);
    try {
      const answer = await deleteAlert(alertId, sessionLink);
      setChanged((current) => ({ ...current, data: answer.data }));
      showNotice({ kind: 'success', text: `${answer.message} (${label})` });
    } catch (failure) {
      showNotice({ kind: 'danger', text: failureText(failure) });
    } finally {
      setDeleting(undefined);
    }
  };
  const sent = (email: string) => {
    setSentTo(email);
    setChangingEmail(false);
    setChanged((current) => ({ ...current, email, emailVerified: false }));
  };

  return (
    <div className="alerts-panel">
      <Stylesheets hrefs={[alertsCss]} />
      <section className="alerts-email" aria-labelledby="alerts-email-head">
        <h2 id="alerts-email-head">{m.account_alerts_weekly_email()}</h2>
        {sentTo && (
          <p role="status">
            {messageParts(m.account_alert_link_sent({ email: slot(0) }), [<strong>{sentTo}</strong>])}
          </p>
        )}
        {account.emailVerified && !changingEmail && (
          <p>
            {messageParts(m.account_alerts_go_to({ email: slot(0) }), [<strong>{account.email}</strong>])}{' '}
            <button type="button" className="link-button" onClick={() => setChangingEmail(true)}>
              {m.account_alerts_change_address()}
            </button>
          </p>
        )}
        {!account.emailVerified && !sentTo && (
          <p>
            {account.email ? m.account_alerts_not_confirmed({ email: account.email }) : m.account_alerts_give_email()}
          </p>
        )}
        {(!account.emailVerified || changingEmail) && <EmailForm email={account.email} onSent={sent} />}
      </section>
      <section aria-labelledby="alerts-list-head">
        <h2 className="alerts-list-head" id="alerts-list-head">
          {m.account_your_alerts()}
        </h2>
        {account.data.length === 0 ? (
          <p className="alerts-empty">
            {messageParts(m.account_alerts_empty({ alertMe: slot(0) }), [<strong>{m.account_alert_me()}</strong>])}
          </p>
        ) : (
          <ul className="alerts-list" aria-label={m.account_your_alerts()}>
            {account.data.map((alert) => (
              <li key={alert.alertId}>
                <a href={localePath(alert.listPath)}>{alert.label}</a>
                <button
                  type="button"
                  className="button secondary"
                  disabled={deleting === alert.alertId}
                  aria-label={m.account_alert_delete_label({ label: alert.label })}
                  onClick={() => remove(alert.alertId, alert.label)}
                >
                  {m.account_delete()}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
