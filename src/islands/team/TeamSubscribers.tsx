// /console/team/subscribers: the newsletter list, newest first, searched by address; removing an
// address takes a reason (the audit log keeps the address); the whole list downloads as CSV.
import { useState } from 'react';
import { failureText } from '../../client/http.ts';
import { m } from '../../paraglide/messages.js';
import { Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { downloadSubscribers, fetchSubscribers, removeSubscriber } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { usePaged } from './use-paged.ts';
import { useFocusRow, useRowEdits } from './use-row-edits.ts';

type Subscriber = Awaited<ReturnType<typeof fetchSubscribers>>['data'][number];

const rowId = (subscriptionId: number) => `team-subscriber-${subscriptionId}`;

export default function TeamSubscribers() {
  const list = usePaged(fetchSubscribers, { q: '' });
  /** The addresses removed from this page: they stay in it, marked, until the list loads again. */
  const removed = useRowEdits<true>(list.page.state === 'ready' ? list.page.data : undefined);
  const [removing, setRemoving] = useState<Subscriber>();
  const [status, setStatus] = useState<Status>();
  const [downloading, setDownloading] = useState(false);
  const focusRow = useFocusRow(removing !== undefined);

  async function remove(subscriber: Subscriber, reason: string) {
    const { message } = await removeSubscriber(subscriber.subscriptionId, reason);
    removed.set(subscriber.subscriptionId, true);
    setStatus({ text: message });
    focusRow(rowId(subscriber.subscriptionId)); // its button is gone
  }

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setStatus(undefined);
    try {
      await downloadSubscribers();
    } catch (error) {
      setStatus({ text: failureText(error), failed: true });
    }
    setDownloading(false);
  }

  return (
    <div className="team-page">
      <Filters
        label={m.team_subscribers_filters()}
        search={{ label: m.team_subscribers_search(), inputMode: 'email', onSearch: (q) => list.setQuery({ q }) }}
      />
      <div className="team-tools">
        {/* aria-disabled, not disabled: a disabled button would drop the focus it has. */}
        <button type="button" className="button secondary" aria-disabled={downloading} onClick={() => void download()}>
          {downloading ? m.team_subscribers_downloading() : m.team_subscribers_download()}
        </button>
      </div>
      <StatusLine status={status} />
      <PagedList
        list={list}
        name={m.team_subscribers_name()}
        empty={m.team_subscribers_empty()}
        row={(subscriber) => {
          const gone = removed.get(subscriber.subscriptionId) === true;
          return (
            <li
              key={subscriber.subscriptionId}
              className={`team-item card${gone ? ' is-removed' : ''}`}
              id={rowId(subscriber.subscriptionId)}
              tabIndex={-1}
            >
              <div className="team-item-body">
                <p className="team-item-head">
                  <span className="team-item-title">{subscriber.email}</span>
                  {gone && <span className="badge expired">{m.team_subscribers_removed()}</span>}
                </p>
                <p className="team-muted">
                  {m.team_subscribers_since()} {dateTimeText(subscriber.createdAt)}
                </p>
              </div>
              {!gone && (
                <div className="team-actions">
                  <button
                    type="button"
                    className="button danger secondary"
                    aria-haspopup="dialog"
                    onClick={() => {
                      setStatus(undefined);
                      setRemoving(subscriber);
                    }}
                  >
                    {m.team_remove()}
                    <span className="visually-hidden"> {subscriber.email}</span>
                  </button>
                </div>
              )}
            </li>
          );
        }}
      />
      <ReasonDialog
        open={removing !== undefined}
        title={m.team_subscribers_remove_title()}
        subject={removing?.email}
        confirmLabel={m.team_remove()}
        onConfirm={(reason) => remove(removing!, reason)}
        onClose={() => setRemoving(undefined)}
      />
    </div>
  );
}
