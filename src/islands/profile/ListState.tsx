// A picker's list (categories, towns) while it loads, or its failure with Try again; nothing once it is in.
import type { Loaded } from '../ui/use-loaded.ts';

export default function ListState({ list, what }: { list: Loaded<unknown> & { reload: () => void }; what: string }) {
  if (list.state === 'loading') return <p className="profile-status" role="status">Loading {what}…</p>;
  if (list.state === 'failed') {
    return (
      <p className="profile-failure" role="alert">
        {list.message} <button type="button" className="profile-link-button" onClick={list.reload}>Try again</button>
      </p>
    );
  }
  return null;
}
