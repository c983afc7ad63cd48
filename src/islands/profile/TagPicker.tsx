// The category-interest picker (spec §2 'Please select interested area', §7 POST user/tag/update):
// every category as a toggle chip, the user's current tags chosen; 'Save & close' saves them as the
// signed-in user, and the session's user follows. A refusal is said in the dialog (DECISIONS.md:
// tag-update failures show a message) and the dialog stays open to try again.
import { useId, useState, type FormEvent } from 'react';
import { categoryIconSrc } from '../../lib/api-images.ts';
import { failureText, saveTags } from '../../lib/profile-api.ts';
import Dialog from '../account/Dialog.tsx';
import DialogHead from '../account/DialogHead.tsx';
import { SAVE_AND_CLOSE, TAG_PICKER_TITLE } from './texts.ts';
import { useCategories } from './use-catalogue.ts';

interface Props {
  /** The user's tags (category ids) when the picker opened. */
  current: readonly number[];
  onClose: () => void;
  /** After a save: the server's message, for the panel to say. */
  onSaved: (message: string) => void;
}

export default function TagPicker({ current, onClose, onSaved }: Props) {
  const id = useId();
  const categories = useCategories();
  const [chosen, setChosen] = useState<readonly number[]>(current);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  // Kept in the order chosen: the tags already saved first, then each new one as it is picked.
  const toggle = (categoryId: number) =>
    setChosen((ids) => (ids.includes(categoryId) ? ids.filter((other) => other !== categoryId) : [...ids, categoryId]));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      // Only categories that still exist: a tag of a removed category would make the server refuse all.
      const known = categories.state === 'loaded' ? chosen.filter((tag) => categories.items.some((category) => category.categoryId === tag)) : chosen;
      const { message } = await saveTags(known);
      onSaved(message);
      onClose();
    } catch (error) {
      setFailure(failureText(error));
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-title`} className="profile-dialog">
      <DialogHead titleId={`${id}-title`} title={TAG_PICKER_TITLE} onClose={onClose} />
      <form className="profile-picker" onSubmit={save} aria-busy={saving || undefined}>
        {categories.state === 'loading' && <p className="profile-status" role="status">Loading categories…</p>}
        {categories.state === 'failed' && (
          <p className="profile-failure" role="alert">
            {categories.message} <button type="button" className="profile-link-button" onClick={categories.retry}>Try again</button>
          </p>
        )}
        {categories.state === 'loaded' && (
          <fieldset className="profile-chips">
            <legend className="visually-hidden">Categories</legend>
            {categories.items.map((category) => (
              <label key={category.categoryId} className="profile-chip">
                <input type="checkbox" checked={chosen.includes(category.categoryId)} onChange={() => toggle(category.categoryId)} disabled={saving} />
                <img src={categoryIconSrc(category.iconName)} alt="" width={20} height={20} />
                <span className="profile-chip-name">{category.categoryName}</span>
                <span className="profile-chip-check" aria-hidden="true">✓</span>
              </label>
            ))}
          </fieldset>
        )}
        {failure && <p className="profile-failure" role="alert">{failure}</p>}
        <div className="profile-actions">
          <button type="submit" className="button" disabled={saving || categories.state !== 'loaded'}>
            {saving ? 'Saving…' : SAVE_AND_CLOSE}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
