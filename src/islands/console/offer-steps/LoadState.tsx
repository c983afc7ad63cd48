// A step's list while it loads, or its failure with Retry.
import type { Loaded } from '../../ui/use-loaded.ts';

export default function LoadState({ loaded, what, onRetry }: { loaded: Loaded<unknown>; what: string; onRetry: () => void }) {
  if (loaded.state === 'loading') return <p className="console-status" role="status">Loading {what}…</p>;
  if (loaded.state === 'failed') {
    return (
      <p className="console-status is-failed" role="alert">
        {loaded.message} <button type="button" className="auth-link-button" onClick={onRetry}>Retry</button>
      </p>
    );
  }
  return null;
}
