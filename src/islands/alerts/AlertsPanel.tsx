// The customer console's Alerts page: the address the weekly digest goes to (confirmed or not,
// and changed here), and the account's alerts, each a link to its list, each deleted here.
import { useState } from 'react';
import { deleteAlert, failureText, fetchAlerts } from '../../client/alerts.ts';
import type { AlertsAnswer } from '../../contract/alerts.ts';
import { showNotice } from '../../stores/notices.ts';
import { sessionLink } from '../../stores/session.ts';
import { useLoaded } from '../ui/use-loaded.ts';
import EmailForm from './EmailForm.tsx';
import './alerts.css';

export default function AlertsPanel() {
  const loaded = useLoaded(() => fetchAlerts(sessionLink), failureText);
  const [changed, setChanged] = useState<Partial<AlertsAnswer>>({});
  const [changingEmail, setChangingEmail] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [deleting, setDeleting] = useState<number>();

  if (loaded.state === 'loading') return <p role="status">Loading your alerts…</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.message} <button type="button" className="link-button" onClick={loaded.reload}>Retry</button></p>;
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
      <section className="alerts-email" aria-labelledby="alerts-email-head">
        <h2 id="alerts-email-head">Weekly e-mail</h2>
        {sentTo && <p role="status">We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address: your alerts start then.</p>}
        {account.emailVerified && !changingEmail && (
          <p>New offers on your alerts go to <strong>{account.email}</strong> once a week.{' '}
            <button type="button" className="link-button" onClick={() => setChangingEmail(true)}>Change address</button></p>
        )}
        {!account.emailVerified && !sentTo && <p>{account.email ? `${account.email} is not confirmed yet: nothing is sent until it is.` : 'Give your e-mail address to get your alerts.'}</p>}
        {(!account.emailVerified || changingEmail) && <EmailForm email={account.email} onSent={sent} />}
      </section>
      <section aria-labelledby="alerts-list-head">
        <h2 className="alerts-list-head" id="alerts-list-head">Your alerts</h2>
        {account.data.length === 0
          ? <p className="alerts-empty">No alerts yet. On any filtered list of offers, or a bank's page, choose <strong>Alert me</strong>.</p>
          : (
            <ul className="alerts-list" aria-label="Your alerts">
              {account.data.map((alert) => (
                <li key={alert.alertId}>
                  <a href={alert.listPath}>{alert.label}</a>
                  <button type="button" className="button secondary" disabled={deleting === alert.alertId}
                    aria-label={`Delete the alert ${alert.label}`} onClick={() => remove(alert.alertId, alert.label)}>Delete</button>
                </li>
              ))}
            </ul>
          )}
      </section>
    </div>
  );
}
