// /console/team/importers: the sources the importers read (the banks' listings, partner feeds,
// pages), each with its counts and its last run. A source is turned on or off, and trusted or not,
// at once; Run now queues a run, and the list is read again shortly after; Details shows its last
// runs with their errors and the items flagged as missing. Below, the category keyword map that
// places an imported offer in a category, edited here and saved whole.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fetchCategories } from '../../client/catalogue-lists.ts';
import { ApiError, failureText } from '../../client/http.ts';
import { groupedDigits } from '../../contract/digits.ts';
import type { CategoryData } from '../../contract/index.ts';
import { KEYWORD_MAX, type ImportRunData, type ImportSourceData } from '../../contract/team-importers.ts';
import { m } from '../../paraglide/messages.js';
import { consolePath } from '../console/console-routes.ts';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { SelectField, TextField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import { Fact, StatusLine, type Status } from './list-parts.tsx';
import {
  changeImportSource,
  fetchCategoryKeywords,
  fetchImportSource,
  fetchImportSources,
  runImportSource,
  saveCategoryKeywords,
} from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { importerSavedText, runCountsText, runResult, runTriggerLabel } from './texts.ts';

/** After Run now the list is read again this much later: a short run has ended by then. */
const REFRESH_AFTER_RUN_MS = 5_000;
const SOURCES_HEADING_ID = 'team-importers-sources';
const KEYWORDS_HEADING_ID = 'team-importers-keywords';

type Switches = Pick<ImportSourceData, 'enabled' | 'trusted'>;

export default function TeamImporters() {
  const sources = useLoaded(fetchImportSources, failureText);
  const edits = useSourceEdits(sources.state === 'ready' ? sources.data : undefined);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<Status>();
  const [open, setOpen] = useState<ImportSourceData>();
  const refreshTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);

  async function change(source: ImportSourceData, change: Partial<Switches>) {
    if (saving.has(source.sourceKey)) return;
    const wanted = { enabled: source.enabled, trusted: source.trusted, ...change };
    // The box shows the new state at once; a failed save puts the old one back.
    edits.set(source.sourceKey, { ...source, ...wanted });
    setSaving((current) => withKey(current, source.sourceKey, true));
    setStatus(undefined);
    try {
      const saved = await changeImportSource(source.sourceKey, wanted);
      edits.set(saved.sourceKey, saved);
      setStatus({ text: importerSavedText(saved.name, saved.enabled, saved.trusted) });
    } catch (error) {
      edits.set(source.sourceKey, source);
      setStatus({ failed: true, text: `${source.name}: ${failureText(error)}` });
    }
    setSaving((current) => withKey(current, source.sourceKey, false));
  }

  async function run(source: ImportSourceData) {
    if (starting.has(source.sourceKey)) return;
    setStarting((current) => withKey(current, source.sourceKey, true));
    setStatus(undefined);
    let queued = false;
    try {
      setStatus({ text: `${source.name}: ${(await runImportSource(source.sourceKey)).message}` });
      queued = true;
    } catch (error) {
      setStatus({ failed: true, text: `${source.name}: ${failureText(error)}` });
      // 409: a run is under way already, and its result shows once it ends too.
      queued = error instanceof ApiError && error.status === 409;
    }
    setStarting((current) => withKey(current, source.sourceKey, false));
    if (queued) {
      window.clearTimeout(refreshTimer.current);
      refreshTimer.current = window.setTimeout(sources.reload, REFRESH_AFTER_RUN_MS);
    }
  }

  return (
    <div className="team-page">
      <section className="team-catalogue-section" aria-labelledby={SOURCES_HEADING_ID}>
        <div className="console-toolbar">
          <h2 id={SOURCES_HEADING_ID}>{m.team_importers_sources()}</h2>
          <button type="button" className="button secondary" onClick={sources.reload}>
            {m.team_refresh()}
          </button>
        </div>
        <StatusLine status={status} />
        {sources.state !== 'ready' ? (
          <LoadState loaded={sources} what={m.team_importers_loading()} onRetry={sources.reload} />
        ) : sources.data.length === 0 ? (
          <div className="console-empty">
            <p className="console-empty-title">{m.team_importers_empty()}</p>
          </div>
        ) : (
          <ul className="team-list">
            {sources.data.map((row) => {
              const source = edits.get(row.sourceKey) ?? row;
              return (
                <SourceRow
                  key={source.sourceKey}
                  source={source}
                  saving={saving.has(source.sourceKey)}
                  starting={starting.has(source.sourceKey)}
                  onChange={(switches) => void change(source, switches)}
                  onRun={() => void run(source)}
                  onOpen={() => setOpen(source)}
                />
              );
            })}
          </ul>
        )}
      </section>
      <CategoryKeywords />
      <TitledDialog
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        className="team-dialog"
        title={open ? m.team_importers_details_title({ name: open.name }) : ''}
      >
        {open && <SourceDetails key={open.sourceKey} sourceKey={open.sourceKey} />}
      </TitledDialog>
    </div>
  );
}

const withKey = (keys: ReadonlySet<string>, key: string, on: boolean) => {
  const next = new Set(keys);
  if (on) next.add(key);
  else next.delete(key);
  return next;
};

/**
 * The sources as saved since the list loaded, by source key (use-row-edits.ts's useRowEdits, for
 * string keys): a new load of the list replaces them with the server's rows.
 */
function useSourceEdits(list: object | undefined) {
  const [edits, setEdits] = useState<{ list?: object; rows: ReadonlyMap<string, ImportSourceData> }>({
    rows: new Map(),
  });
  const rows = edits.list === list ? edits.rows : undefined;
  return {
    get: (sourceKey: string) => rows?.get(sourceKey),
    set: (sourceKey: string, source: ImportSourceData) =>
      setEdits((current) => ({
        list,
        rows: new Map(current.list === list ? current.rows : []).set(sourceKey, source),
      })),
  };
}

interface RowProps {
  source: ImportSourceData;
  saving: boolean;
  starting: boolean;
  onChange: (switches: Partial<Switches>) => void;
  onRun: () => void;
  onOpen: () => void;
}

function SourceRow({ source, saving, starting, onChange, onRun, onOpen }: RowProps) {
  const id = useId();
  const run = source.lastRun;
  const named = <span className="visually-hidden"> {source.name}</span>;
  return (
    <li className="team-item card" data-import-source={source.sourceKey}>
      <div className="team-item-body">
        <p className="team-item-head">
          <span className="team-item-title">{source.name}</span>
          <span className={`badge ${source.enabled ? 'accepted' : 'expired'}`} data-source-state>
            {source.enabled ? m.team_importers_on() : m.team_importers_off()}
          </span>
          {source.trusted && <span className="badge new">{m.team_importers_trusted()}</span>}
        </p>
        <dl className="team-facts">
          <Fact term={m.team_bank()}>{source.bankName ?? m.team_importers_no_bank()}</Fact>
          <Fact term={m.team_importers_adapter()}>{source.adapter}</Fact>
          <Fact term={m.team_importers_url()}>
            <ExternalLink href={source.url}>{source.url}</ExternalLink>
          </Fact>
          <Fact term={m.team_importers_listed()}>{source.listed.toLocaleString('en-LK')}</Fact>
          <Fact term={m.team_importers_flagged()}>
            {source.flagged > 0 ? (
              <span className="badge rejected" data-source-flagged>
                {source.flagged.toLocaleString('en-LK')}
              </span>
            ) : (
              0
            )}
          </Fact>
          <Fact term={m.team_last_run()}>{run ? <RunLine run={run} /> : m.team_importers_never_run()}</Fact>
          {run && <Fact term={m.team_importers_counts()}>{runCountsText(run)}</Fact>}
        </dl>
        <fieldset className="team-switches" aria-busy={saving || undefined}>
          <legend className="visually-hidden">{m.team_importers_settings({ name: source.name })}</legend>
          <label>
            <input
              type="checkbox"
              checked={source.enabled}
              aria-describedby={`${id}-enabled`}
              onChange={(event) => onChange({ enabled: event.target.checked })}
            />
            {m.team_importers_on()}
          </label>
          <label>
            <input
              type="checkbox"
              checked={source.trusted}
              aria-describedby={`${id}-trusted`}
              onChange={(event) => onChange({ trusted: event.target.checked })}
            />
            {m.team_importers_trusted()}
          </label>
          <p className="team-note" id={`${id}-enabled`}>
            {m.team_importers_enabled_hint()}
          </p>
          <p className="team-note" id={`${id}-trusted`}>
            {m.team_importers_trusted_hint()}
          </p>
        </fieldset>
      </div>
      <div className="team-actions">
        <button type="button" className="button" aria-disabled={starting || undefined} onClick={onRun}>
          {starting ? m.team_importers_starting() : m.team_importers_run_now()}
          {named}
        </button>
        <button type="button" className="button secondary" aria-haspopup="dialog" onClick={onOpen}>
          {m.team_importers_details()}
          {named}
        </button>
      </div>
    </li>
  );
}

/** When a run started, who started it, and how it went. */
function RunLine({ run }: { run: ImportRunData }) {
  const result = runResult(run.ok);
  return (
    <span className="team-run-line">
      <span>{dateTimeText(run.startedAt)}</span>
      <span>{runTriggerLabel(run.trigger)}</span>
      <span className={`badge ${result.tone}`}>{result.label}</span>
    </span>
  );
}

/** A page of the source's site: it opens in a new tab, and says so to screen readers. */
function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {m.team_importers_new_tab()}</span>
    </a>
  );
}

/** One source's last runs, each with its errors, and its items flagged as missing. */
function SourceDetails({ sourceKey }: { sourceKey: string }) {
  const detail = useLoaded(() => fetchImportSource(sourceKey), failureText);
  if (detail.state !== 'ready')
    return <LoadState loaded={detail} what={m.team_importers_details_loading()} onRetry={detail.reload} />;
  const { runs, flagged } = detail.data;
  return (
    <div className="team-source-details">
      <h3>{m.team_importers_runs()}</h3>
      {runs.length === 0 ? (
        <p>{m.team_importers_no_runs()}</p>
      ) : (
        <ul className="team-runs">
          {runs.map((run) => (
            <li key={run.runId} data-import-run={run.runId}>
              <RunLine run={run} />
              <p>{runCountsText(run)}</p>
              {run.finishedAt && (
                <p className="team-muted">
                  {m.team_ended()} {dateTimeText(run.finishedAt)}
                </p>
              )}
              {run.errors.length > 0 && (
                <details className="team-changes">
                  <summary>
                    {m.team_importers_errors({ count: groupedDigits(run.errors.length + run.moreErrors) })}
                  </summary>
                  <ul className="team-run-errors">
                    {run.errors.map((error, i) => (
                      <li key={i}>
                        <strong>{error.title ?? error.itemKey ?? m.team_importers_whole_run()}</strong>
                        {error.title && error.itemKey && <span className="team-muted"> ({error.itemKey})</span>}:{' '}
                        {error.reason}
                      </li>
                    ))}
                    {/* Only the first errors are kept: the rest are counted. */}
                    {run.moreErrors > 0 && (
                      <li className="team-muted">
                        {m.team_importers_more_errors({ count: groupedDigits(run.moreErrors) })}
                      </li>
                    )}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{m.team_importers_flagged_items()}</h3>
      <p className="team-note">{m.team_importers_flagged_hint()}</p>
      {flagged.length === 0 ? (
        <p>{m.team_importers_no_flagged()}</p>
      ) : (
        <ul className="team-runs">
          {flagged.map((item) => (
            <li key={item.itemKey}>
              <a href={`${consolePath('team', 'offers')}?q=${item.offerId}`}>{item.header}</a>
              <p className="team-muted">
                {m.team_importers_missing_for({ runs: item.missingRuns })} · {m.team_importers_last_seen()}{' '}
                {dateTimeText(item.lastSeenAt)}
              </p>
              {item.url && (
                <p>
                  <ExternalLink href={item.url}>{m.team_importers_source_page()}</ExternalLink>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="auth-actions">
        <button type="button" className="button secondary" onClick={detail.reload}>
          {m.team_refresh()}
        </button>
      </div>
    </div>
  );
}

// ---------- the category keyword map ----------

type Keyword = { keyword: string; categoryId: number };

function CategoryKeywords() {
  const keywords = useLoaded(fetchCategoryKeywords, failureText);
  const categories = useLoaded(fetchCategories, failureText);
  return (
    <section className="team-catalogue-section" aria-labelledby={KEYWORDS_HEADING_ID}>
      <div className="console-toolbar">
        <h2 id={KEYWORDS_HEADING_ID}>{m.team_importers_keywords()}</h2>
      </div>
      <p className="team-note team-intro">{m.team_importers_keywords_hint()}</p>
      {keywords.state !== 'ready' ? (
        <LoadState loaded={keywords} what={m.team_importers_keywords_loading()} onRetry={keywords.reload} />
      ) : categories.state !== 'ready' ? (
        <LoadState loaded={categories} what={m.team_importers_keywords_loading()} onRetry={categories.reload} />
      ) : (
        <KeywordEditor
          saved={keywords.data.map(({ keyword, categoryId }) => ({ keyword, categoryId }))}
          categories={categories.data}
        />
      )}
    </section>
  );
}

/** The map as edited here: keywords added and removed by category, then saved whole (the server's messages at their keywords). */
function KeywordEditor({ saved: loaded, categories }: { saved: Keyword[]; categories: CategoryData[] }) {
  const id = useId();
  const [saved, setSaved] = useState(loaded);
  const [draft, setDraft] = useState(loaded);
  const [word, setWord] = useState('');
  const [categoryId, setCategoryId] = useState(categories[0]?.categoryId ?? 0);
  const [addError, setAddError] = useState<string>();
  /** The server's messages, by the keyword's place in the draft. */
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  const nameOf = (wanted: number) =>
    categories.find((category) => category.categoryId === wanted)?.categoryName ??
    m.team_importers_unknown_category({ id: wanted });
  const groupId = (categoryId: number) => `${id}-category-${categoryId}`;
  // Every category, then any the list no longer has (removed meanwhile), each with its keywords by name.
  const groupIds = [
    ...new Set([...categories.map((category) => category.categoryId), ...draft.map((entry) => entry.categoryId)]),
  ];
  const groups = groupIds.map((groupCategoryId) => ({
    categoryId: groupCategoryId,
    entries: draft
      .flatMap((entry, index) => (entry.categoryId === groupCategoryId ? [{ ...entry, index }] : []))
      .sort((a, b) => a.keyword.localeCompare(b.keyword)),
  }));
  const unsaved = JSON.stringify(draft) !== JSON.stringify(saved);

  const edit = (next: Keyword[]) => {
    setDraft(next);
    setErrors({});
    setStatus(undefined);
  };

  function add(event: FormEvent) {
    event.preventDefault();
    // As the server keeps it: trimmed and in lower case.
    const keyword = word.trim().toLowerCase();
    const taken = draft.find((entry) => entry.keyword === keyword);
    if (!keyword) return setAddError(m.team_importers_keyword_required());
    if (taken) return setAddError(m.team_importers_keyword_taken({ category: nameOf(taken.categoryId) }));
    edit([...draft, { keyword, categoryId }]);
    setWord('');
  }

  function remove(index: number) {
    const removed = draft[index]!;
    edit(draft.filter((_, i) => i !== index));
    // Its button is gone: focus goes to its category's heading.
    requestAnimationFrame(() => document.getElementById(groupId(removed.categoryId))?.focus());
  }

  async function save() {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setStatus(undefined);
    try {
      const list = (await saveCategoryKeywords(draft)).map(({ keyword, categoryId }) => ({ keyword, categoryId }));
      setSaved(list);
      setDraft(list);
      setStatus({
        text:
          list.length === 1
            ? m.team_importers_keywords_saved_one({ count: list.length })
            : m.team_importers_keywords_saved_other({ count: list.length }),
      });
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      // 'keywords.3.keyword' shows at that keyword; one about the whole list only in the status line.
      setErrors(
        Object.fromEntries(
          issues.flatMap((issue) => {
            const index = /^keywords\.(\d+)/.exec(issue.path)?.[1];
            return index === undefined ? [] : [[Number(index), issue.message]];
          }),
        ),
      );
      setStatus({ failed: true, text: failureText(error) });
    }
    setBusy(false);
  }

  return (
    <>
      <form className="team-filters card" aria-label={m.team_importers_add_keyword()} noValidate onSubmit={add}>
        <TextField
          id={`${id}-keyword`}
          label={m.team_importers_new_keyword()}
          value={word}
          maxLength={KEYWORD_MAX}
          error={addError}
          onChange={(event) => {
            setWord(event.target.value);
            setAddError(undefined);
          }}
        />
        <SelectField
          id={`${id}-category`}
          label={m.team_category()}
          value={categoryId}
          onChange={(event) => setCategoryId(Number(event.target.value))}
        >
          {categories.map((category) => (
            <option key={category.categoryId} value={category.categoryId}>
              {category.categoryName}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          {m.team_add()}
        </button>
      </form>
      <ul className="team-rows">
        {groups.map((group) => (
          <li key={group.categoryId} className="team-keyword-group card" data-keyword-category={group.categoryId}>
            <h3 id={groupId(group.categoryId)} tabIndex={-1}>
              {nameOf(group.categoryId)}
            </h3>
            {group.entries.length === 0 ? (
              <p className="team-muted">{m.team_importers_no_keywords()}</p>
            ) : (
              <ul className="team-keywords">
                {group.entries.map((entry) => (
                  <li key={entry.keyword} className={errors[entry.index] ? 'is-invalid' : undefined}>
                    <span>{entry.keyword}</span>
                    <button type="button" className="auth-link-button" onClick={() => remove(entry.index)}>
                      {m.team_remove()}
                      <span className="visually-hidden"> {entry.keyword}</span>
                    </button>
                    {errors[entry.index] && <span className="auth-error">{errors[entry.index]}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <StatusLine status={status} />
      <div className="team-tools team-keywords-save">
        {unsaved && <p className="team-note">{m.team_importers_unsaved()}</p>}
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void save()}>
          {busy ? m.team_saving() : m.team_importers_save_keywords()}
        </button>
      </div>
    </>
  );
}
