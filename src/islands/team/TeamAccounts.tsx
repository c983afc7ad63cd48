// /console/team/accounts: find an account by mobile number or name, and block or unblock it, let
// its number receive one-time codes again, or change its type; each with a reason for the audit
// log. The server refuses these on the team member's own account (403): the dialog says so.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { failureText } from '../../client/http.ts';
import type { AccountAction } from '../../client/team.ts';
import { REASON_MAX, REASON_REQUIRED, type TeamAccountData } from '../../contract/team.ts';
import { USER_TYPES } from '../../contract/limits.ts';
import { SelectField, TextAreaField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { ChoiceSelect, Fact, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { changeAccount, changeAccountType, fetchAccounts } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { ACCOUNT_TYPE_CHOICES, ACCOUNT_TYPE_LABELS, ACCOUNTS_TEXTS as T, accountDone, BLOCKED_CHOICES } from './texts.ts';
import { usePaged } from './use-paged.ts';
import { useFocusRow, useRowEdits } from './use-row-edits.ts';

type Acting = { account: TeamAccountData; action: AccountAction | 'type' };

const typeLabel = (userType: number) => ACCOUNT_TYPE_LABELS[userType] ?? String(userType);
const rowId = (userId: number) => `team-account-${userId}`;
/** The server sends codeBlockedUntil only while it lasts; the page may have been open since. */
const codeBlocked = (account: TeamAccountData) => account.codeBlockedUntil !== null && Date.parse(account.codeBlockedUntil) > Date.now();

const REASON_DIALOGS: Record<AccountAction, { title: string; confirm: string }> = {
  block: { title: T.blockTitle, confirm: T.block },
  unblock: { title: T.unblockTitle, confirm: T.unblock },
  'lift-code-block': { title: T.liftTitle, confirm: T.liftCodeBlock },
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
    done(await changeAccountType(account.userId, userType, reason), accountDone.type(account.firstName, typeLabel(userType)));
  }

  const reasonDialog = acting && acting.action !== 'type' ? { ...acting, action: acting.action } : undefined;
  return (
    <div className="team-page">
      <Filters label={T.filters} search={{ label: T.search, onSearch: (q) => list.setQuery({ q }) }}>
        <ChoiceSelect label={T.type} choices={[['all', T.allTypes], ...ACCOUNT_TYPE_CHOICES]} value={list.query.userType}
          onChange={(userType) => list.setQuery({ userType })} />
        <ChoiceSelect label={T.blocked} choices={BLOCKED_CHOICES} value={list.query.blocked} onChange={(blocked) => list.setQuery({ blocked })} />
      </Filters>
      <StatusLine status={status} />
      <PagedList list={list} name={T.name} empty={T.empty} row={(row) => {
        const account = edits.get(row.userId) ?? row;
        return <AccountRow key={account.userId} account={account} onAct={(action) => { setStatus(undefined); setActing({ account, action }); }} />;
      }} />
      <ReasonDialog open={reasonDialog !== undefined} title={reasonDialog ? REASON_DIALOGS[reasonDialog.action].title : ''}
        subject={acting && `${acting.account.firstName}, ${acting.account.mobileNo}`}
        confirmLabel={reasonDialog ? REASON_DIALOGS[reasonDialog.action].confirm : ''}
        onConfirm={(reason) => act(reasonDialog!, reason)} onClose={() => setActing(undefined)} />
      <TypeDialog account={acting?.action === 'type' ? acting.account : undefined}
        onConfirm={(userType, reason) => changeType(acting!.account, userType, reason)} onClose={() => setActing(undefined)} />
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
          {account.isAccountBlock && <span className="badge rejected">{T.isBlocked}</span>}
        </p>
        <dl className="team-facts">
          <Fact term={T.mobileNo}>{account.mobileNo} · {account.isMobileVerification ? T.verified : T.notVerified}</Fact>
          <Fact term={T.type}>{typeLabel(account.userType)}</Fact>
          {account.userType === USER_TYPES.merchant && account.businessName && <Fact term={T.business}>{account.businessName}</Fact>}
          <Fact term={T.state}>{account.isAccountBlock ? `${T.isBlocked}${account.blockReason ? `: ${account.blockReason}` : ''}` : T.notBlocked}</Fact>
          {codeBlocked(account) && <Fact term={T.codeBlockedUntil}>{dateTimeText(account.codeBlockedUntil!)}</Fact>}
        </dl>
      </div>
      <div className="team-actions">
        {/* One button for both, so that focus stays on it when it turns from Block to Unblock. */}
        <button type="button" className={`button secondary${account.isAccountBlock ? '' : ' danger'}`} aria-haspopup="dialog"
          onClick={() => onAct(account.isAccountBlock ? 'unblock' : 'block')}>
          {account.isAccountBlock ? T.unblock : T.block}{name}
        </button>
        {codeBlocked(account) && (
          <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => onAct('lift-code-block')}>{T.liftCodeBlock}{name}</button>
        )}
        <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => onAct('type')}>{T.changeType}{name}</button>
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
      type: Number(userType) === account.userType ? T.sameType : undefined,
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
    <TitledDialog open={account !== undefined} onClose={onClose} className="team-dialog" title={T.typeTitle}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {account && <p className="team-dialog-subject">{account.firstName}, {account.mobileNo} ({typeLabel(account.userType)})</p>}
        <SelectField id={`${id}-type`} label={T.newType} value={userType} hint={T.typeHint} error={errors.type}
          onChange={(event) => { setUserType(event.target.value); setErrors({ ...errors, type: undefined }); }}>
          {ACCOUNT_TYPE_CHOICES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </SelectField>
        <TextAreaField id={`${id}-reason`} label={T.reason} value={reason} maxLength={REASON_MAX} rows={3} error={errors.reason}
          onChange={(event) => { setReason(event.target.value); setErrors({ ...errors, reason: undefined }); }} />
        {failure && <p className="console-status is-failed" role="alert">{failure}</p>}
        <div className="auth-actions">
          <button type="button" className="button secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button type="submit" className="button" disabled={busy}>{busy ? 'Saving…' : T.changeType}</button>
        </div>
      </form>
    </TitledDialog>
  );
}
