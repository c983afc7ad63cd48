// /console/team/subscribers: the newsletter list, newest first, searched by address; removing an
// address takes a reason (the audit log keeps the address); the whole list downloads as CSV.
import { useState } from 'react';
import { failureText } from '../../client/http.ts';
import { Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { downloadSubscribers, fetchSubscribers, removeSubscriber } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { SUBSCRIBERS_TEXTS as T } from './texts.ts';
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
      <Filters label={T.filters} search={{ label: T.search, inputMode: 'email', onSearch: (q) => list.setQuery({ q }) }} />
      <div className="team-tools">
        {/* aria-disabled, not disabled: a disabled button would drop the focus it has. */}
        <button type="button" className="button secondary" aria-disabled={downloading} onClick={() => void download()}>
          {downloading ? T.downloading : T.download}
        </button>
      </div>
      <StatusLine status={status} />
      <PagedList list={list} name={T.name} empty={T.empty} row={(subscriber) => {
        const gone = removed.get(subscriber.subscriptionId) === true;
        return (
          <li key={subscriber.subscriptionId} className={`team-item card${gone ? ' is-removed' : ''}`} id={rowId(subscriber.subscriptionId)} tabIndex={-1}>
            <div className="team-item-body">
              <p className="team-item-head">
                <span className="team-item-title">{subscriber.email}</span>
                {gone && <span className="badge expired">{T.removed}</span>}
              </p>
              <p className="team-muted">{T.since} {dateTimeText(subscriber.createdAt)}</p>
            </div>
            {!gone && (
              <div className="team-actions">
                <button type="button" className="button danger secondary" aria-haspopup="dialog" onClick={() => { setStatus(undefined); setRemoving(subscriber); }}>
                  {T.remove}<span className="visually-hidden"> {subscriber.email}</span>
                </button>
              </div>
            )}
          </li>
        );
      }} />
      <ReasonDialog open={removing !== undefined} title={T.removeTitle} subject={removing?.email} confirmLabel={T.remove}
        onConfirm={(reason) => remove(removing!, reason)} onClose={() => setRemoving(undefined)} />
    </div>
  );
}
