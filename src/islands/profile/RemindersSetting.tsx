// The profile's "Reminders" (issue 17): "Remind me before my favourites end", on or off, and how many
// days before (1 to 3; 2 when first turned on). Each change shows and is saved at once (put back
// when the server refuses), and "Revoke my stop and unsubscribe links" (those sent so far stop
// working). Its calls load with this block only.
import { useId, useState } from 'react';
import { failureText } from '../../client/http.ts';
import {
  fetchReminderSetting,
  revokeOptOutLinks,
  saveReminderDays,
  type ReminderSetting,
} from '../../client/reminders.ts';
import { REMINDER_DAY_CHOICES, REMINDER_DEFAULT_DAYS, type ReminderDays } from '../../contract/reminders.ts';
import { m } from '../../paraglide/messages.js';
import { sessionApi } from '../../stores/session-calls.ts';
import { useLoaded } from '../ui/use-loaded.ts';
import remindersCss from './reminders-setting.css?url';
import Stylesheets from '../ui/Stylesheets.tsx';

/** '1 day before', '2 days before'. */
const daysBefore = (days: number) =>
  days === 1 ? m.account_reminders_days_one({ days }) : m.account_reminders_days_other({ days });

export default function RemindersSetting({ heading: Heading }: { heading: 'h2' | 'h3' | 'h4' }) {
  const id = useId();
  const loaded = useLoaded(() => fetchReminderSetting(sessionApi), failureText);
  const [changed, setChanged] = useState<ReminderSetting>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');
  const setting = changed ?? (loaded.state === 'ready' ? loaded.data : undefined);

  // Shown at once, as a checkbox is expected to; put back if the server refuses.
  const save = async (daysBefore: ReminderDays | null) => {
    if (!setting) return;
    const before = setting;
    setChanged({ ...setting, daysBefore });
    setBusy(true);
    setFailure('');
    setStatus('');
    try {
      const { message, setting: saved } = await saveReminderDays(sessionApi, daysBefore);
      setChanged(saved);
      setStatus(message);
    } catch (error) {
      setChanged(before);
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const revokeLinks = async () => {
    setBusy(true);
    setFailure('');
    setStatus('');
    try {
      setStatus((await revokeOptOutLinks(sessionApi)).message);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile-card reminders-setting" aria-labelledby={`${id}-title`} data-reminders-setting>
      <Stylesheets hrefs={[remindersCss]} />
      <Heading id={`${id}-title`}>{m.account_reminders_title()}</Heading>
      {loaded.state === 'loading' && !changed && <p className="profile-status">{m.account_loading()}</p>}
      {loaded.state === 'failed' && !changed && (
        <p className="profile-failure">
          {loaded.message}{' '}
          <button type="button" className="profile-link-button" onClick={loaded.reload}>
            {m.account_retry()}
          </button>
        </p>
      )}
      {setting && (
        <>
          <label className="reminders-setting-toggle">
            <input
              type="checkbox"
              checked={setting.daysBefore !== null}
              disabled={busy}
              onChange={(event) => void save(event.currentTarget.checked ? REMINDER_DEFAULT_DAYS : null)}
            />
            <span>{m.account_reminders_label()}</span>
          </label>
          {setting.daysBefore !== null && (
            <label className="reminders-setting-days">
              <span>{m.account_reminders_days_label()}</span>
              <select
                value={setting.daysBefore}
                disabled={busy}
                onChange={(event) => void save(Number(event.currentTarget.value) as ReminderDays)}
              >
                {REMINDER_DAY_CHOICES.map((days) => (
                  <option key={days} value={days}>
                    {daysBefore(days)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className="profile-hint">{m.account_reminders_hint()}</p>
          <button type="button" className="profile-link-button" disabled={busy} onClick={() => void revokeLinks()}>
            {m.account_reminders_revoke_links()}
          </button>
        </>
      )}
      {failure && (
        <p className="profile-failure" role="alert">
          {failure}
        </p>
      )}
      <p className="profile-saved" role="status">
        {status}
      </p>
    </section>
  );
}
