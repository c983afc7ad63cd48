// A modal's title row (the favourites drawer, the mobile overlays, the profile's modals): the
// title, an optional count, and a close button (or, for an overlay over another, a Back arrow
// before the title). Without onClose there is no button: the modal has its own Close below.
interface HeadProps { titleId: string; title: string; count?: number; onClose?: () => void; closeLabel?: string; back?: boolean }

export default function DialogHead({ titleId, title, count, onClose, closeLabel = 'Close', back = false }: HeadProps) {
  return (
    <div className="account-dialog-head">
      {back && onClose && <CloseButton label={closeLabel} onClose={onClose} back />}
      <h2 id={titleId} className="account-dialog-title">
        {title}{count !== undefined && <span className="account-dialog-count"> ({count})</span>}
      </h2>
      {!back && onClose && <CloseButton label={closeLabel} onClose={onClose} />}
    </div>
  );
}

function CloseButton({ label, onClose, back = false }: { label: string; onClose: () => void; back?: boolean }) {
  return (
    <button type="button" className="account-icon-button" aria-label={label} onClick={onClose}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        {back ? <path d="M15 6l-6 6 6 6" /> : <path d="M6 6l12 12M18 6 6 18" />}
      </svg>
    </button>
  );
}
