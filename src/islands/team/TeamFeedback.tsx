// /console/team/feedback: the contact form's messages, newest first, those not handled yet by
// default. Marking one handled needs no reason: the audit log records who and when.
import { useState } from 'react';
import { failureText } from '../../client/http.ts';
import { ChoiceSelect, Fact, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import { fetchFeedback, markFeedbackHandled } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { FEEDBACK_CHOICES, FEEDBACK_TEXTS as T } from './texts.ts';
import { usePaged } from './use-paged.ts';
import { useFocusRow, useRowEdits } from './use-row-edits.ts';

type Feedback = Awaited<ReturnType<typeof markFeedbackHandled>>;

const rowId = (feedbackId: number) => `team-feedback-${feedbackId}`;

export default function TeamFeedback() {
  const list = usePaged(fetchFeedback, { handled: 'false' });
  const edits = useRowEdits<Feedback>(list.page.state === 'ready' ? list.page.data : undefined);
  const [saving, setSaving] = useState<number>();
  const [status, setStatus] = useState<Status>();
  const focusRow = useFocusRow(false);

  async function markHandled(feedback: Feedback) {
    if (saving !== undefined) return;
    setSaving(feedback.feedbackId);
    setStatus(undefined);
    try {
      edits.set(feedback.feedbackId, await markFeedbackHandled(feedback.feedbackId));
      setStatus({ text: T.done(feedback.firstName) });
      focusRow(rowId(feedback.feedbackId)); // its button is gone
    } catch (error) {
      setStatus({ text: failureText(error), failed: true });
    }
    setSaving(undefined);
  }

  return (
    <div className="team-page">
      <Filters label={T.filters}>
        <ChoiceSelect label={T.handled} choices={FEEDBACK_CHOICES} value={list.query.handled} onChange={(handled) => list.setQuery({ handled })} />
      </Filters>
      <StatusLine status={status} />
      <PagedList list={list} name={T.name} empty={T.empty} row={(row) => {
        const feedback = edits.get(row.feedbackId) ?? row;
        return (
          <li key={feedback.feedbackId} className="team-item card" id={rowId(feedback.feedbackId)} tabIndex={-1}>
            <div className="team-item-body">
              <p className="team-item-head">
                <span className="team-item-title">{feedback.firstName}</span>
                {feedback.handledAt && <span className="badge accepted">{T.handledAt}</span>}
              </p>
              <dl className="team-facts">
                <Fact term={T.mobileNo}>{feedback.mobileNo}</Fact>
                <Fact term={T.email}><a href={`mailto:${feedback.email}`}>{feedback.email}</a></Fact>
                <Fact term={T.received}>{dateTimeText(feedback.createdAt)}</Fact>
                {feedback.handledAt && <Fact term={T.handledAt}>{dateTimeText(feedback.handledAt)}</Fact>}
              </dl>
              <p className="team-text">{feedback.message}</p>
            </div>
            {!feedback.handledAt && (
              <div className="team-actions">
                {/* aria-disabled, not disabled: a disabled button would drop the focus it has. */}
                <button type="button" className="button secondary" aria-disabled={saving !== undefined} onClick={() => void markHandled(feedback)}>
                  {saving === feedback.feedbackId ? T.saving : T.markHandled}
                  <span className="visually-hidden">: the message from {feedback.firstName}</span>
                </button>
              </div>
            )}
          </li>
        );
      }} />
    </div>
  );
}
