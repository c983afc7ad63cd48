// The profile's "Favourites in your calendar" (issue 17): a private feed of the user's favourites at
// a secret URL, which a phone's calendar subscribes to, so that the offers' end dates stay up to
// date there. The server keeps only the link's hash, so the URL shows once, when made, with Copy and
// a webcal:// link that opens the calendar app; afterwards the block says the feed is on, and
// "Make a new link" (the old one stops working) shows a new URL. And "Turn off".
import { useId, useState } from 'react';
import { calendarFeedUrls, fetchCalendarFeed, makeCalendarFeed, turnOffCalendarFeed } from '../../client/calendar.ts';
import { failureText } from '../../client/http.ts';
import { SHARE_TEXTS } from '../../lib/offer-share.ts';
import { m } from '../../paraglide/messages.js';
import { sessionApi } from '../../stores/session-calls.ts';
import { useLoaded } from '../ui/use-loaded.ts';

export default function CalendarFeed({ heading: Heading }: { heading: 'h2' | 'h3' | 'h4' }) {
  const id = useId();
  const feed = useLoaded(() => fetchCalendarFeed(sessionApi), failureText);
  /** The feed after this block's own changes (undefined: as loaded); token: the link just made. */
  const [changed, setChanged] = useState<{ active: boolean; token: string | null }>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');
  const current = changed ?? (feed.state === 'ready' ? { active: feed.data.active, token: null } : undefined);

  const run = async (change: () => Promise<{ message: string; token: string | null }>) => {
    setBusy(true);
    setFailure('');
    try {
      const { message, token: next } = await change();
      setChanged({ active: next !== null, token: next });
      setStatus(message);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  const make = () => run(() => makeCalendarFeed(sessionApi));
  const turnOff = () => run(async () => ({ ...(await turnOffCalendarFeed(sessionApi)), token: null }));
  const urls = current?.token ? calendarFeedUrls(current.token) : undefined;
  const copy = async () => {
    if (!urls) return;
    try {
      await navigator.clipboard.writeText(urls.https);
      setStatus(SHARE_TEXTS.copied);
    } catch {
      setStatus(SHARE_TEXTS.copyFailed);
    }
  };

  return (
    <section className="profile-card calendar-feed" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{m.account_calendar_title()}</Heading>
      <p className="profile-hint">{m.account_calendar_intro()}</p>
      {feed.state === 'loading' && !changed && <p className="profile-status">{m.account_loading()}</p>}
      {feed.state === 'failed' && !changed && (
        <p className="profile-failure">
          {feed.message}{' '}
          <button type="button" className="profile-link-button" onClick={feed.reload}>
            {m.account_retry()}
          </button>
        </p>
      )}
      {current && !current.active && (
        <div className="calendar-feed-actions">
          <p className="profile-empty">{m.account_calendar_off()}</p>
          <button type="button" className="button" disabled={busy} onClick={make}>
            {m.account_calendar_turn_on()}
          </button>
        </div>
      )}
      {current?.active && !urls && (
        <p className="profile-hint" data-calendar-feed-on>
          {m.account_calendar_on_hidden()}
        </p>
      )}
      {urls && (
        <>
          <p className="profile-hint">{m.account_calendar_shown_once()}</p>
          <label className="calendar-feed-label" htmlFor={`${id}-url`}>
            {m.account_calendar_link_label()}
          </label>
          <div className="calendar-feed-url">
            <input
              id={`${id}-url`}
              type="text"
              readOnly
              value={urls.https}
              onFocus={(event) => event.currentTarget.select()}
              data-calendar-feed-url
            />
            <button type="button" className="button secondary" onClick={copy}>
              {SHARE_TEXTS.copyLink}
            </button>
          </div>
          <div className="calendar-feed-actions">
            <a className="button" href={urls.webcal}>
              {m.account_calendar_subscribe()}
            </a>
          </div>
        </>
      )}
      {current?.active && (
        <>
          <div className="calendar-feed-actions">
            <button type="button" className="button secondary" disabled={busy} onClick={make}>
              {m.account_calendar_remake()}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={turnOff}>
              {m.account_calendar_turn_off()}
            </button>
          </div>
          <p className="profile-hint">{m.account_calendar_remake_hint()}</p>
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
