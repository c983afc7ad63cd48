// /console/team/audit: the audit log, newest first, filtered by action and target: who did what,
// when, why, and the values before and after. Read-only: the log is never changed or cut.
import { AUDIT_ACTIONS, type AuditEntryData } from '../../contract/team.ts';
import { ChoiceSelect, Fact, Filters, PagedList } from './list-parts.tsx';
import { fetchAudit } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { actorText, AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, AUDIT_TEXTS as T, targetText, type Choices } from './texts.ts';
import { usePaged } from './use-paged.ts';

const ACTION_CHOICES: Choices = [['', T.allActions], ...AUDIT_ACTIONS.map((action) => [action, AUDIT_ACTION_LABELS[action]] as const)];
const TARGET_CHOICES: Choices = [['', T.allTargets], ...Object.entries(AUDIT_TARGET_LABELS)];
/** The API takes an id of up to 10 digits. */
const checkId = (text: string) => (/^\d{0,10}$/.test(text) ? undefined : T.digitsOnly);

export default function TeamAudit() {
  const list = usePaged(fetchAudit, { action: '', targetType: '', targetId: '' });
  return (
    <div className="team-page">
      <Filters label={T.filters} search={{ label: T.targetId, inputMode: 'numeric', check: checkId, onSearch: (targetId) => list.setQuery({ targetId }) }}>
        <ChoiceSelect label={T.action} choices={ACTION_CHOICES} value={list.query.action} onChange={(action) => list.setQuery({ action })} />
        <ChoiceSelect label={T.targetType} choices={TARGET_CHOICES} value={list.query.targetType} onChange={(targetType) => list.setQuery({ targetType })} />
      </Filters>
      <PagedList list={list} name={T.name} empty={T.empty} row={(entry) => <AuditRow key={entry.auditId} entry={entry} />} />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntryData }) {
  const changed = entry.before != null || entry.after != null;
  return (
    <li className="team-item card">
      <div className="team-item-body">
        <p className="team-item-head">
          <span className="team-item-title">{AUDIT_ACTION_LABELS[entry.action]}</span>
          <span className="team-item-id">#{entry.auditId}</span>
        </p>
        <dl className="team-facts">
          <Fact term={T.when}>{dateTimeText(entry.createdAt)}</Fact>
          <Fact term={T.who}>{actorText(entry.actorName, entry.actorUserId)}</Fact>
          <Fact term={T.target}>{targetText(entry.targetType, entry.targetId)}</Fact>
          {entry.note && <Fact term={T.note}><span className="team-text-inline">{entry.note}</span></Fact>}
        </dl>
        {changed && (
          <details className="team-changes">
            <summary>{T.changes}</summary>
            <div className="team-changes-values">
              <div>
                <p>{T.before}</p>
                <pre>{json(entry.before)}</pre>
              </div>
              <div>
                <p>{T.after}</p>
                <pre>{json(entry.after)}</pre>
              </div>
            </div>
          </details>
        )}
      </div>
    </li>
  );
}

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);
