// /console/team/accounts: find an account by mobile number or name, and block or unblock it, let
// its number receive one-time codes again, or change its type; each with a reason for the audit
// log. The server refuses these on the team member's own account (403): the dialog says so.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { failureText } from '../../client/http.ts';
import type { AccountAction } from '../../client/team.ts';
import { REASON_MAX, REASON_REQUIRED, type TeamAccountData } from '../../contract/team.ts';
import { USER_TYPES } from '../../contract/limits.ts';
import { m } from '../../paraglide/messages.js';
import { SelectField, TextAreaField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { ChoiceSelect, Fact, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { changeAccount, changeAccountType, fetchAccounts } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { accountDone, accountTypeChoices, accountTypeLabel as typeLabel, blockedChoices } from './texts.ts';
import { usePaged } from './use-paged.ts';
import { useFocusRow, useRowEdits } from './use-row-edits.ts';

type Acting = { account: TeamAccountData; action: AccountAction | 'type' };

const rowId = (userId: number) => `team-account-${userId}`;
/** The server sends codeBlockedUntil only while it lasts; the page may have been open since. */
const codeBlocked = (account: TeamAccountData) =>
  account.codeBlockedUntil !== null && Date.parse(account.codeBlockedUntil) > Date.now();

const REASON_DIALOGS: Record<AccountAction, { title: () => string; confirm: () => string }> = {
  block: { title: m.team_accounts_block_title, confirm: m.team_accounts_block },
  unblock: { title: m.team_accounts_unblock_title, confirm: m.team_accounts_unblock },
  'lift-code-block': { title: m.team_accounts_lift_title, confirm: m.team_accounts_lift_code_block },
};

export default function TeamAccounts() {
  const list = usePaged(fetchAccounts, { q: '', userType: 'all', blocked: 'all' });
  const edits = useRowEdits<TeamAccountData>(list.page.state === 'ready' ? list.page.data : undefined);
  const [acting, setActing] = useState<Acting>();
  const [status, setStatus] = useState<Status>();
  const focusRow = useFocusRow(acting !== undefined);

  const done = (account: TeamAccountData, text: string) => {
    edits.set(account.userId, account);
    setStatus({ text });
  };
  async function act({ account, action }: Acting & { action: AccountAction }, reason: string) {
    done(await changeAccount(account.userId, action, reason), accountDone[action](account.firstName));
    if (action === 'lift-code-block') focusRow(rowId(account.userId)); // its button is gone
  }
  async function changeType(account: TeamAccountData, userType: number, reason: string) {
    done(
      await changeAccountType(account.userId, userType, reason),
      accountDone.type(account.firstName, typeLabel(userType)),
    );
  }

  const reasonDialog = acting && acting.action !== 'type' ? { ...acting, action: acting.action } : undefined;
  return (
    <div className="team-page">
      <Filters
        label={m.team_accounts_filters()}
        search={{ label: m.team_accounts_search(), onSearch: (q) => list.setQuery({ q }) }}
      >
        <ChoiceSelect
          label={m.team_accounts_type()}
          choices={[['all', m.team_all()], ...accountTypeChoices()]}
          value={list.query.userType}
          onChange={(userType) => list.setQuery({ userType })}
        />
        <ChoiceSelect
          label={m.team_accounts_blocked()}
          choices={blockedChoices()}
          value={list.query.blocked}
          onChange={(blocked) => list.setQuery({ blocked })}
        />
      </Filters>
      <StatusLine status={status} />
      <PagedList
        list={list}
        name={m.team_accounts_name()}
        empty={m.team_accounts_empty()}
        row={(row) => {
          const account = edits.get(row.userId) ?? row;
          return (
            <AccountRow
              key={account.userId}
              account={account}
              onAct={(action) => {
                setStatus(undefined);
                setActing({ account, action });
              }}
            />
          );
        }}
      />
      <ReasonDialog
        open={reasonDialog !== undefined}
        title={reasonDialog ? REASON_DIALOGS[reasonDialog.action].title() : ''}
        subject={acting && `${acting.account.firstName}, ${acting.account.mobileNo}`}
        confirmLabel={reasonDialog ? REASON_DIALOGS[reasonDialog.action].confirm() : ''}
        onConfirm={(reason) => act(reasonDialog!, reason)}
        onClose={() => setActing(undefined)}
      />
      <TypeDialog
        account={acting?.action === 'type' ? acting.account : undefined}
        onConfirm={(userType, reason) => changeType(acting!.account, userType, reason)}
        onClose={() => setActing(undefined)}
      />
    </div>
  );
}

function AccountRow({ account, onAct }: { account: TeamAccountData; onAct: (action: Acting['action']) => void }) {
  const name = <span className="visually-hidden"> {account.firstName}</span>;
  return (
    <li className="team-item card" id={rowId(account.userId)} tabIndex={-1}>
      <div className="team-item-body">
        <p className="team-item-head">
          <span className="team-item-title">{account.firstName}</span>
          <span className="team-item-id">#{account.userId}</span>
          {account.isAccountBlock && <span className="badge rejected">{m.team_accounts_is_blocked()}</span>}
        </p>
        <dl className="team-facts">
          <Fact term={m.team_mobile_no()}>
            {account.mobileNo} ·{' '}
            {account.isMobileVerification ? m.team_accounts_verified() : m.team_accounts_not_verified()}
          </Fact>
          <Fact term={m.team_accounts_type()}>{typeLabel(account.userType)}</Fact>
          {account.userType === USER_TYPES.merchant && account.businessName && (
            <Fact term={m.team_accounts_business()}>{account.businessName}</Fact>
          )}
          <Fact term={m.team_accounts_state()}>
            {account.isAccountBlock
              ? `${m.team_accounts_is_blocked()}${account.blockReason ? `: ${account.blockReason}` : ''}`
              : m.team_accounts_not_blocked()}
          </Fact>
          {codeBlocked(account) && (
            <Fact term={m.team_accounts_code_blocked_until()}>{dateTimeText(account.codeBlockedUntil!)}</Fact>
          )}
        </dl>
      </div>
      <div className="team-actions">
        {/* One button for both, so that focus stays on it when it turns from Block to Unblock. */}
        <button
          type="button"
          className={`button secondary${account.isAccountBlock ? '' : ' danger'}`}
          aria-haspopup="dialog"
          onClick={() => onAct(account.isAccountBlock ? 'unblock' : 'block')}
        >
          {account.isAccountBlock ? m.team_accounts_unblock() : m.team_accounts_block()}
          {name}
        </button>
        {codeBlocked(account) && (
          <button
            type="button"
            className="button secondary"
            aria-haspopup="dialog"
            onClick={() => onAct('lift-code-block')}
          >
            {m.team_accounts_lift_code_block()}
            {name}
          </button>
        )}
        <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => onAct('type')}>
          {m.team_accounts_change_type()}
          {name}
        </button>
      </div>
    </li>
  );
}

interface TypeDialogProps {
  /** The account whose type changes; the dialog is open while there is one. */
  account?: TeamAccountData;
  onConfirm: (userType: number, reason: string) => Promise<void>;
  onClose: () => void;
}

/** The new type and why; the change's failure (the caller's own account: 403) shows here. */
function TypeDialog({ account, onConfirm, onClose }: TypeDialogProps) {
  const id = useId();
  const [userType, setUserType] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ type?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!account) return;
    setUserType(String(account.userType));
    setReason('');
    setErrors({});
    setFailure(undefined);
  }, [account]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !account) return;
    const found = {
      type: Number(userType) === account.userType ? m.team_accounts_same_type() : undefined,
      reason: reason.trim() ? undefined : REASON_REQUIRED,
    };
    setErrors(found);
    if (found.type || found.reason) {
      document.getElementById(found.type ? `${id}-type` : `${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm(Number(userType), reason.trim());
      onClose();
    } catch (caught) {
      setFailure(failureText(caught));
    }
    setBusy(false);
  }

  return (
    <TitledDialog
      open={account !== undefined}
      onClose={onClose}
      className="team-dialog"
      title={m.team_accounts_type_title()}
    >
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {account && (
          <p className="team-dialog-subject">
            {account.firstName}, {account.mobileNo} ({typeLabel(account.userType)})
          </p>
        )}
        <SelectField
          id={`${id}-type`}
          label={m.team_accounts_new_type()}
          value={userType}
          hint={m.team_accounts_type_hint()}
          error={errors.type}
          onChange={(event) => {
            setUserType(event.target.value);
            setErrors({ ...errors, type: undefined });
          }}
        >
          {accountTypeChoices().map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id={`${id}-reason`}
          label={m.team_reason()}
          value={reason}
          maxLength={REASON_MAX}
          rows={3}
          error={errors.reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors({ ...errors, reason: undefined });
          }}
        />
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
            {busy ? m.team_saving() : m.team_accounts_change_type()}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
