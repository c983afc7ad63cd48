// /console/team/feedback: the contact form's messages, newest first, those not handled yet by
// default. Marking one handled needs no reason: the audit log records who and when.
import { useState } from 'react';
import { failureText } from '../../client/http.ts';
import { m } from '../../paraglide/messages.js';
import { ChoiceSelect, Fact, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import { fetchFeedback, markFeedbackHandled } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { feedbackChoices } from './texts.ts';
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
      setStatus({ text: m.team_feedback_done({ name: feedback.firstName }) });
      focusRow(rowId(feedback.feedbackId)); // its button is gone
    } catch (error) {
      setStatus({ text: failureText(error), failed: true });
    }
    setSaving(undefined);
  }

  return (
    <div className="team-page">
      <Filters label={m.team_feedback_filters()}>
        <ChoiceSelect
          label={m.team_feedback_handled_filter()}
          choices={feedbackChoices()}
          value={list.query.handled}
          onChange={(handled) => list.setQuery({ handled })}
        />
      </Filters>
      <StatusLine status={status} />
      <PagedList
        list={list}
        name={m.team_feedback_name()}
        empty={m.team_feedback_empty()}
        row={(row) => {
          const feedback = edits.get(row.feedbackId) ?? row;
          return (
            <li key={feedback.feedbackId} className="team-item card" id={rowId(feedback.feedbackId)} tabIndex={-1}>
              <div className="team-item-body">
                <p className="team-item-head">
                  <span className="team-item-title">{feedback.firstName}</span>
                  {feedback.handledAt && <span className="badge accepted">{m.team_feedback_handled()}</span>}
                </p>
                <dl className="team-facts">
                  <Fact term={m.team_mobile_no()}>{feedback.mobileNo}</Fact>
                  <Fact term={m.team_feedback_email()}>
                    <a href={`mailto:${feedback.email}`}>{feedback.email}</a>
                  </Fact>
                  <Fact term={m.team_received()}>{dateTimeText(feedback.createdAt)}</Fact>
                  {feedback.handledAt && (
                    <Fact term={m.team_feedback_handled()}>{dateTimeText(feedback.handledAt)}</Fact>
                  )}
                </dl>
                <p className="team-text">{feedback.message}</p>
              </div>
              {!feedback.handledAt && (
                <div className="team-actions">
                  {/* aria-disabled, not disabled: a disabled button would drop the focus it has. */}
                  <button
                    type="button"
                    className="button secondary"
                    aria-disabled={saving !== undefined}
                    onClick={() => void markHandled(feedback)}
                  >
                    {saving === feedback.feedbackId ? m.team_saving() : m.team_feedback_mark_handled()}
                    <span className="visually-hidden">: {m.team_feedback_about({ name: feedback.firstName })}</span>
                  </button>
                </div>
              )}
            </li>
          );
        }}
      />
    </div>
  );
}
