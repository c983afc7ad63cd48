// A step's list while it loads, or its failure with Retry. `what` names the list in the page's
// language ('categories'), for 'Loading {what}…'.
import { m } from '../../../paraglide/messages.js';
import type { Loaded } from '../../ui/use-loaded.ts';

export default function LoadState({
  loaded,
  what,
  onRetry,
}: {
  loaded: Loaded<unknown>;
  what: string;
  onRetry: () => void;
}) {
  if (loaded.state === 'loading')
    return (
      <p className="console-status" role="status">
        {m.console_loading_what({ what })}
      </p>
    );
  if (loaded.state === 'failed') {
    return (
      <p className="console-status is-failed" role="alert">
        {loaded.message}{' '}
        <button type="button" className="auth-link-button" onClick={onRetry}>
          {m.console_retry()}
        </button>
      </p>
    );
  }
  return null;
}
