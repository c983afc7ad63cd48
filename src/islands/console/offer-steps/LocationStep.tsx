// Step 4 of the wizard, Valid Location (optional): the towns from GET location/all as checkboxes,
// narrowed by a search box (case-insensitive, as the filters search, spec §5); the chosen towns
// are listed above as chips that remove them.
import { useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import type { Loaded } from '../../ui/use-loaded.ts';
import LoadState from './LoadState.tsx';
import { fieldId, type StepProps } from './step-props.ts';

interface Props extends StepProps {
  towns: Loaded<string[]>;
  onRetry: () => void;
}

export default function LocationStep({ towns, onRetry, values, set, shown }: Props) {
  const [search, setSearch] = useState('');
  const chosen = values.locations;
  const error = shown('locations');
  const toggle = (town: string) =>
    set('locations', chosen.includes(town) ? chosen.filter((name) => name !== town) : [...chosen, town]);

  if (towns.state !== 'ready') return <LoadState loaded={towns} what={m.console_what_locations()} onRetry={onRetry} />;
  const needle = search.trim().toLowerCase();
  const shownTowns = towns.data.filter((town) => town.toLowerCase().includes(needle));
  return (
    <div className="offer-locations">
      <p className="auth-hint">{m.console_locations_hint()}</p>
      <div className="offer-chosen" aria-live="polite">
        <p className="offer-chosen-count">
          {chosen.length === 0 ? m.console_no_location_chosen() : m.console_locations_chosen({ count: chosen.length })}
        </p>
        {chosen.length > 0 && (
          <ul className="offer-chips">
            {chosen.map((town) => (
              <li key={town}>
                <button type="button" className="offer-chip" onClick={() => toggle(town)}>
                  {town} <span aria-hidden="true">×</span>
                  <span className="visually-hidden"> {m.console_remove()}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="auth-field">
        <label htmlFor="offer-location-search">{m.console_search_locations()}</label>
        <div className="auth-input-row">
          <input
            id="offer-location-search"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <fieldset className="offer-town-list" aria-describedby={error ? `${fieldId('locations')}-error` : undefined}>
        <legend className="visually-hidden">{m.console_locations()}</legend>
        {shownTowns.length === 0 && (
          <p className="auth-hint">{m.console_no_location_matches({ search: search.trim() })}</p>
        )}
        {shownTowns.map((town, index) => (
          <label className="offer-town" key={town}>
            <input
              type="checkbox"
              id={index === 0 ? fieldId('locations') : undefined}
              checked={chosen.includes(town)}
              onChange={() => toggle(town)}
              aria-invalid={error ? true : undefined}
            />
            <span>{town}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="auth-error" id={`${fieldId('locations')}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
