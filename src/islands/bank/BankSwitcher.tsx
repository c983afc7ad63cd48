// The bank page's bank switcher (spec §2 'Bank offers page'): a button with the current bank that
// opens a list of every bank's page. It is a <details>, so that without JavaScript it still opens
// to plain links; once hydrated it gains a search field (case-insensitive substring, spec §5),
// arrow keys, Escape, and closes on a click outside.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { apiImageSrc } from '../../lib/api-images.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import './BankSwitcher.css';

export interface SwitcherBank { bankId: number; bankName: string; logoURL: string; path: string }

interface Props { banks: SwitcherBank[]; currentBankId: number }

export default function BankSwitcher({ banks, currentBankId }: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const current = banks.find((bank) => bank.bankId === currentBankId);
  const needle = query.trim().toLowerCase();
  const shown = banks.filter((bank) => bank.bankName.toLowerCase().includes(needle));

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!detailsRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const links = () => [...(detailsRef.current?.querySelectorAll<HTMLAnchorElement>('.bank-switcher-list a') ?? [])];
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      detailsRef.current?.querySelector('summary')?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') all[Math.min(at + 1, all.length - 1)]?.focus();
    else if (at <= 0) searchRef.current?.focus();
    else all[at - 1]?.focus();
  };
  // Enter in the search field goes to the first bank found.
  const goToFirst = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && shown[0]) {
      event.preventDefault();
      location.assign(shown[0].path);
    }
  };
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    setOpen(event.currentTarget.open);
    if (!event.currentTarget.open) setQuery('');
  };

  return (
    <details ref={detailsRef} className="bank-switcher" open={open} onToggle={onToggle} onKeyDown={hydrated ? onKey : undefined}>
      <summary className="bank-switcher-button" aria-label={current ? `Bank: ${current.bankName}. Choose another bank` : 'Choose a bank'}>
        {current && <img src={apiImageSrc(current.logoURL)} alt="" width={32} height={32} />}
        <span className="bank-switcher-name">{current?.bankName ?? 'Choose a bank'}</span>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="m6 9 6 6 6-6" /></svg>
      </summary>
      <div className="bank-switcher-panel card">
        {hydrated && (
          <>
            <label className="visually-hidden" htmlFor={`${listId}-search`}>Search banks</label>
            <input ref={searchRef} id={`${listId}-search`} className="bank-switcher-search" type="search" placeholder="Search banks" autoComplete="off"
              value={query} onChange={(event) => setQuery(event.target.value)} onKeyDown={goToFirst} aria-controls={listId} />
            <p className="visually-hidden" role="status">{needle ? `${shown.length} banks found` : ''}</p>
          </>
        )}
        <ul id={listId} className="bank-switcher-list" aria-label="Banks">
          {shown.map((bank) => (
            <li key={bank.bankId}>
              <a href={bank.path} aria-current={bank.bankId === currentBankId ? 'page' : undefined}>
                <img src={apiImageSrc(bank.logoURL)} alt="" width={28} height={28} loading="lazy" />{bank.bankName}
              </a>
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className="bank-switcher-none">No bank matches “{query.trim()}”.</p>}
      </div>
    </details>
  );
}
