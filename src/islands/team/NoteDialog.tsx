// Confirms a team action that takes an optional note (resolving or dismissing a report), where
// ReasonDialog asks for a required reason. The action runs from here; its failure shows in the
// dialog and keeps what was typed.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { failureText } from '../../client/http.ts';
import { REASON_MAX } from '../../contract/team.ts';
import { TextAreaField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';

interface Props {
  open: boolean;
  title: string;
  /** What the action is on (the offer's header). */
  subject?: string;
  label: string;
  confirmLabel: string;
  /** Resolves when done; a rejection's text shows in the dialog. */
  onConfirm: (note: string) => Promise<void>;
  onClose: () => void;
}

export default function NoteDialog({ open, title, subject, label, confirmLabel, onConfirm, onClose }: Props) {
  const id = useId();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setNote('');
    setFailure(undefined);
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm(note.trim());
      onClose();
    } catch (caught) {
      setFailure(failureText(caught));
    }
    setBusy(false);
  }

  return (
    <TitledDialog open={open} onClose={onClose} className="team-dialog" title={title}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {subject && <p className="team-dialog-subject">{subject}</p>}
        <TextAreaField id={`${id}-note`} label={label} value={note} maxLength={REASON_MAX} rows={3} onChange={(event) => setNote(event.target.value)} />
        {failure && <p className="console-status is-failed" role="alert">{failure}</p>}
        <div className="auth-actions">
          <button type="button" className="button secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button type="submit" className="button" disabled={busy}>{busy ? 'Saving…' : confirmLabel}</button>
        </div>
      </form>
    </TitledDialog>
  );
}
