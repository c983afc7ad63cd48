// The location picker (spec §2 'Static pages and modals', §7 GET location/all): the towns, narrowed
// by a search box (case-insensitive, anywhere in the name, as the filter search of spec §5), one
// to choose, the user's current one chosen and marked. Save stores it as the signed-in user
// (POST user/location/update) and the session's user follows; a refusal is said in the dialog.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { failureText } from '../../client/http.ts';
import { m } from '../../paraglide/messages.js';
import { saveLocation } from '../../stores/profile.ts';
import TitledDialog from '../ui/TitledDialog.tsx';
import ListState from './ListState.tsx';
import { useLocations } from './use-catalogue.ts';

interface Props {
  /** The user's location when the picker opened. */
  current: string | null;
  onClose: () => void;
  /** After a save: the server's message, for the panel to say. */
  onSaved: (message: string) => void;
}

export default function LocationPicker({ current, onClose, onSaved }: Props) {
  const id = useId();
  const locations = useLocations();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(current);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const listRef = useRef<HTMLFieldSetElement>(null);

  // Once the towns are in, the current one is scrolled into sight in the list.
  const loaded = locations.state === 'ready';
  useEffect(() => {
    if (loaded)
      listRef.current?.querySelector('input:checked')?.closest('.profile-option')?.scrollIntoView({ block: 'nearest' });
  }, [loaded]);

  const shown = useMemo(() => {
    if (locations.state !== 'ready') return [];
    const needle = query.trim().toLowerCase();
    return needle
      ? locations.data.filter((location) => location.locationName.toLowerCase().includes(needle))
      : locations.data;
  }, [locations, query]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!chosen) {
      setMissing(true);
      return;
    }
    setSaving(true);
    setFailure(undefined);
    try {
      const { message } = await saveLocation(chosen);
      onSaved(message);
      onClose();
    } catch (error) {
      setFailure(failureText(error));
      setSaving(false);
    }
  };

  const errorId = `${id}-choice-error`;
  return (
    <TitledDialog open onClose={onClose} className="profile-dialog" title={m.account_location_picker_title()}>
      <form className="profile-picker" onSubmit={save} aria-busy={saving || undefined} noValidate>
        <div className="profile-field">
          <label htmlFor={`${id}-search`}>{m.account_location_search()}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
        <ListState list={locations} loadingText={m.account_loading_locations()} />
        {locations.state === 'ready' && (
          <fieldset
            ref={listRef}
            className="profile-options"
            aria-describedby={missing ? errorId : undefined}
            aria-invalid={missing || undefined}
          >
            <legend className="visually-hidden">{m.account_locations()}</legend>
            {shown.length === 0 && (
              <p className="profile-status" role="status">
                {m.account_location_no_matches({ query: query.trim() })}
              </p>
            )}
            {shown.map((location) => (
              <div key={location.locationId} className="profile-option">
                <label>
                  <input
                    type="radio"
                    name={`${id}-location`}
                    value={location.locationName}
                    checked={chosen === location.locationName}
                    disabled={saving}
                    aria-describedby={location.locationName === current ? `${id}-current` : undefined}
                    onChange={() => {
                      setChosen(location.locationName);
                      setMissing(false);
                    }}
                  />
                  <span>{location.locationName}</span>
                </label>
                {location.locationName === current && (
                  <span className="profile-current" id={`${id}-current`}>
                    {m.account_current()}
                  </span>
                )}
              </div>
            ))}
          </fieldset>
        )}
        {missing && (
          <p className="profile-error" id={errorId}>
            {m.error_required()}
          </p>
        )}
        {failure && (
          <p className="profile-failure" role="alert">
            {failure}
          </p>
        )}
        <div className="profile-actions">
          <button type="submit" className="button" disabled={saving || locations.state !== 'ready'}>
            {saving ? m.account_saving() : m.account_save()}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
