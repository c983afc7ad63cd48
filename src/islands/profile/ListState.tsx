// A picker's list (categories, towns) while it loads, or its failure with Try again; nothing once it is in.
import { m } from '../../paraglide/messages.js';
import type { Loaded } from '../ui/use-loaded.ts';

export default function ListState({
  list,
  loadingText,
}: {
  list: Loaded<unknown> & { reload: () => void };
  loadingText: string;
}) {
  if (list.state === 'loading')
    return (
      <p className="profile-status" role="status">
        {loadingText}
      </p>
    );
  if (list.state === 'failed') {
    return (
      <p className="profile-failure" role="alert">
        {list.message}{' '}
        <button type="button" className="profile-link-button" onClick={list.reload}>
          {m.account_try_again()}
        </button>
      </p>
    );
  }
  return null;
}
