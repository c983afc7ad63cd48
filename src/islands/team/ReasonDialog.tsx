// Asks why, before a team action that needs a reason (Reject, Withdraw, End now, Block...): one of
// the common reasons, when there are some, or the reviewer's own words; or, with `optional`, takes
// a note that may stay empty (resolving a report). The action runs from here; its failure shows in
// the dialog and keeps what was typed.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { failureText } from '../../client/http.ts';
import { REASON_MAX, REASON_REQUIRED } from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import { TextAreaField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';

const OWN_REASON = '';

interface Props {
  open: boolean;
  title: string;
  /** What the reason is for, above the choices (the offer's header, the account's name). */
  subject?: string;
  label?: string;
  choices?: readonly string[];
  /** The text may stay empty (a note rather than a reason). */
  optional?: boolean;
  confirmLabel: string;
  /** Resolves when done; a rejection's text shows in the dialog. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

export default function ReasonDialog({
  open,
  title,
  subject,
  label = m.team_reason(),
  choices = [],
  optional = false,
  confirmLabel,
  onConfirm,
  onClose,
}: Props) {
  const id = useId();
  const [choice, setChoice] = useState<string>(OWN_REASON);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setChoice(OWN_REASON);
    setText('');
    setError(undefined);
    setFailure(undefined);
  }, [open]);

  const reason = (choice || text).trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason && !optional) {
      setError(REASON_REQUIRED);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm(reason);
      onClose();
    } catch (caught) {
      setFailure(failureText(caught));
    }
    setBusy(false);
  }

  return (
    <TitledDialog open={open} onClose={onClose} className="team-dialog" title={title}>
      <form className="auth-form team-reason-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {subject && <p className="team-dialog-subject">{subject}</p>}
        {choices.length > 0 && (
          <fieldset className="team-choices">
            <legend>{label}</legend>
            {[...choices, OWN_REASON].map((option) => (
              <label key={option || 'own'} className="team-choice">
                <input
                  type="radio"
                  name={`${id}-choice`}
                  value={option}
                  checked={choice === option}
                  onChange={() => {
                    setChoice(option);
                    setError(undefined);
                  }}
                />
                <span>{option || m.team_reason_other()}</span>
              </label>
            ))}
          </fieldset>
        )}
        {choice === OWN_REASON && (
          <TextAreaField
            id={`${id}-text`}
            label={choices.length ? m.team_reason_yours() : label}
            value={text}
            maxLength={REASON_MAX}
            rows={3}
            error={error}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        )}
        {failure && (
          <p className="console-status is-failed" role="alert">
            {failure}
          </p>
        )}
        <div className="auth-actions">
          <button type="button" className="button secondary" onClick={onClose} disabled={busy}>
            {m.team_cancel()}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? m.team_saving() : confirmLabel}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
