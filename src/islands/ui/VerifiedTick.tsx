// The verified tick beside a mobile number (spec §2: the profile and the mobile overlay), named
// 'verified' for screen readers.
import { m } from '../../paraglide/messages.js';
import './VerifiedTick.css';

export default function VerifiedTick() {
  return (
    <span className="verified-tick">
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path
          d="m7 12.5 3.2 3.2L17 9"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{m.browse_verified()}</span>
    </span>
  );
}
