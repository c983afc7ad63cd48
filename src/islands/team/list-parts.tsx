// What the team console's list pages share: the filters above a list, the list with its loading,
// failed and empty states and its pager, and the line that says what the last action did.
import { useId, useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';
import { SEARCH_TEXT_MAX } from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { SelectField, TextField } from '../ui/Field.tsx';
import type { Loaded } from '../ui/use-loaded.ts';
import Pager from './Pager.tsx';
import type { Choices } from './texts.ts';
import type { Page } from './use-paged.ts';
import '../ui/auth.css';
import '../console/console.css';
import './team.css';
import './team-lists.css';

interface SearchProps {
  label: string;
  /** Runs on submit (Enter or Search) with the trimmed text, once `check` finds nothing wrong. */
  onSearch: (text: string) => void;
  /** The text's problem, shown under the field, or undefined. */
  check?: (text: string) => string | undefined;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The text the list was opened with (a link's ?q=). */
  initialText?: string;
}

/** The filters: a text search applied on submit, and selects (children) that apply at once. */
export function Filters({ label, search, children }: { label: string; search?: SearchProps; children?: ReactNode }) {
  const id = useId();
  const [text, setText] = useState(search?.initialText ?? '');
  const [error, setError] = useState<string>();
  if (!search)
    return (
      <div className="team-filters card" role="group" aria-label={label}>
        {children}
      </div>
    );
  const { check, onSearch } = search;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    const problem = check?.(value);
    setError(problem);
    if (!problem) onSearch(value);
  }
  return (
    <form className="team-filters card" role="search" aria-label={label} noValidate onSubmit={submit}>
      <TextField
        id={`${id}-text`}
        type="search"
        label={search.label}
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        inputMode={search.inputMode}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button">
        {m.team_search()}
      </button>
      {children}
    </form>
  );
}

export function ChoiceSelect({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: Choices;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <SelectField id={id} label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {choices.map(([choice, text]) => (
        <option key={choice} value={choice}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

interface ListProps<T> {
  list: { page: Loaded<Page<T>>; reload: () => void; goTo: (pageNo: number) => void };
  /** What the list holds ('Reports'): its loading text and its pager's name. */
  name: string;
  empty: string;
  /** One row: an <li> with its key. */
  row: (item: T) => ReactNode;
}

/** The list's page as cards, or its loading or failed state (with Retry), or the empty state. */
export function PagedList<T>({ list, name, empty, row }: ListProps<T>) {
  if (list.page.state !== 'ready')
    return <LoadState loaded={list.page} what={name.toLowerCase()} onRetry={list.reload} />;
  const page = list.page.data;
  return (
    <>
      {page.data.length === 0 ? (
        <div className="console-empty">
          <p className="console-empty-title">{empty}</p>
        </div>
      ) : (
        <ul className="team-list">{page.data.map(row)}</ul>
      )}
      {/* A page past the last (its rows removed meanwhile) still offers Previous. */}
      {page.totalCount > 0 && <Pager page={page} onGo={list.goTo} label={name} />}
    </>
  );
}

export interface Status {
  text: string;
  failed?: boolean;
}

/** What the last action did, or why it failed. The live region stays in the page so that each new text is read out. */
export function StatusLine({ status }: { status?: Status }) {
  return (
    <div role="status">
      {status && <p className={`console-status team-message${status.failed ? ' is-failed' : ''}`}>{status.text}</p>}
    </div>
  );
}

/** One fact of a row, in the row's <dl>. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
