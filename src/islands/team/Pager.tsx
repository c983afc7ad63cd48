// Below a paged list: which rows are shown of how many, and Previous / Next.
import { m } from '../../paraglide/messages.js';
import type { Page } from './use-paged.ts';

export default function Pager({
  page,
  onGo,
  label,
}: {
  page: Page<unknown>;
  onGo: (pageNo: number) => void;
  label: string;
}) {
  const last = Math.max(1, Math.ceil(page.totalCount / page.pageSize));
  const first = page.totalCount === 0 ? 0 : (page.pageNo - 1) * page.pageSize + 1;
  const shownTo = Math.min(page.totalCount, page.pageNo * page.pageSize);
  return (
    <nav className="team-pager" aria-label={m.team_pager_label({ name: label })}>
      <p role="status">
        {page.totalCount === 0
          ? m.team_pager_nothing()
          : m.team_pager_range({ first, last: shownTo, total: page.totalCount.toLocaleString('en-LK') })}
      </p>
      <div>
        <button
          type="button"
          className="button secondary"
          disabled={page.pageNo <= 1}
          onClick={() => onGo(page.pageNo - 1)}
        >
          {m.team_pager_previous()}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={page.pageNo >= last}
          onClick={() => onGo(page.pageNo + 1)}
        >
          {m.team_pager_next()}
        </button>
      </div>
    </nav>
  );
}
