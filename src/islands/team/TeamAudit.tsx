// /console/team/audit: the audit log, newest first, filtered by action and target: who did what,
// when, why, and the values before and after. Read-only: the log is never changed or cut.
import { AUDIT_ACTIONS, type AuditEntryData } from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import { ChoiceSelect, Fact, Filters, PagedList } from './list-parts.tsx';
import { fetchAudit } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { actorText, auditActionLabel, auditTargetChoices, targetText, type Choices } from './texts.ts';
import { usePaged } from './use-paged.ts';

const actionChoices = (): Choices => [
  ['', m.team_audit_all_actions()],
  ...AUDIT_ACTIONS.map((action) => [action, auditActionLabel(action)] as const),
];
const targetChoices = (): Choices => [['', m.team_audit_all_targets()], ...auditTargetChoices()];
/** The API takes an id of up to 10 digits. */
const checkId = (text: string) => (/^\d{0,10}$/.test(text) ? undefined : m.team_audit_digits_only());

export default function TeamAudit() {
  const list = usePaged(fetchAudit, { action: '', targetType: '', targetId: '' });
  return (
    <div className="team-page">
      <Filters
        label={m.team_audit_filters()}
        search={{
          label: m.team_audit_target_id(),
          inputMode: 'numeric',
          check: checkId,
          onSearch: (targetId) => list.setQuery({ targetId }),
        }}
      >
        <ChoiceSelect
          label={m.team_audit_action()}
          choices={actionChoices()}
          value={list.query.action}
          onChange={(action) => list.setQuery({ action })}
        />
        <ChoiceSelect
          label={m.team_audit_target_type()}
          choices={targetChoices()}
          value={list.query.targetType}
          onChange={(targetType) => list.setQuery({ targetType })}
        />
      </Filters>
      <PagedList
        list={list}
        name={m.team_audit_name()}
        empty={m.team_audit_empty()}
        row={(entry) => <AuditRow key={entry.auditId} entry={entry} />}
      />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntryData }) {
  const changed = entry.before != null || entry.after != null;
  return (
    <li className="team-item card">
      <div className="team-item-body">
        <p className="team-item-head">
          <span className="team-item-title">{auditActionLabel(entry.action)}</span>
          <span className="team-item-id">#{entry.auditId}</span>
        </p>
        <dl className="team-facts">
          <Fact term={m.team_audit_when()}>{dateTimeText(entry.createdAt)}</Fact>
          <Fact term={m.team_audit_who()}>{actorText(entry.actorName, entry.actorUserId)}</Fact>
          <Fact term={m.team_audit_target()}>{targetText(entry.targetType, entry.targetId)}</Fact>
          {entry.note && (
            <Fact term={m.team_note()}>
              <span className="team-text-inline">{entry.note}</span>
            </Fact>
          )}
        </dl>
        {changed && (
          <details className="team-changes">
            <summary>{m.team_audit_changes()}</summary>
            <div className="team-changes-values">
              <div>
                <p>{m.team_before()}</p>
                <pre>{json(entry.before)}</pre>
              </div>
              <div>
                <p>{m.team_after()}</p>
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
