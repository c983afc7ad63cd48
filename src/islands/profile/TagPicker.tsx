// The category-interest picker (spec §2 'Please select interested area', §7 POST user/tag/update):
// every category as a toggle chip, the user's current tags chosen; 'Save & close' saves them as the
// signed-in user, and the session's user follows. A refusal is said in the dialog (DECISIONS.md:
// tag-update failures show a message) and the dialog stays open to try again.
import { useState, type FormEvent } from 'react';
import { failureText } from '../../client/http.ts';
import { categoryIconSrc } from '../../lib/api-images.ts';
import { m } from '../../paraglide/messages.js';
import { saveTags } from '../../stores/profile.ts';
import TitledDialog from '../ui/TitledDialog.tsx';
import ListState from './ListState.tsx';
import { useCategories } from './use-catalogue.ts';
import { categoryName } from '../../lib/translated.ts';

interface Props {
  /** The user's tags (category ids) when the picker opened. */
  current: readonly number[];
  onClose: () => void;
  /** After a save: the server's message, for the panel to say. */
  onSaved: (message: string) => void;
}

export default function TagPicker({ current, onClose, onSaved }: Props) {
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
      const known =
        categories.state === 'ready'
          ? chosen.filter((tag) => categories.data.some((category) => category.categoryId === tag))
          : chosen;
      const { message } = await saveTags(known);
      onSaved(message);
      onClose();
    } catch (error) {
      setFailure(failureText(error));
      setSaving(false);
    }
  };

  return (
    <TitledDialog open onClose={onClose} className="profile-dialog" title={m.account_tag_picker_title()}>
      <form className="profile-picker" onSubmit={save} aria-busy={saving || undefined}>
        <ListState list={categories} loadingText={m.account_loading_categories()} />
        {categories.state === 'ready' && (
          <fieldset className="profile-chips">
            <legend className="visually-hidden">{m.account_categories()}</legend>
            {categories.data.map((category) => (
              <label key={category.categoryId} className="profile-chip">
                <input
                  type="checkbox"
                  checked={chosen.includes(category.categoryId)}
                  onChange={() => toggle(category.categoryId)}
                  disabled={saving}
                />
                <img src={categoryIconSrc(category.iconName)} alt="" width={20} height={20} />
                <span className="profile-chip-name">{categoryName(category)}</span>
                <span className="profile-chip-check" aria-hidden="true">
                  ✓
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {failure && (
          <p className="profile-failure" role="alert">
            {failure}
          </p>
        )}
        <div className="profile-actions">
          <button type="submit" className="button" disabled={saving || categories.state !== 'ready'}>
            {saving ? m.account_saving() : m.account_save_and_close()}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
