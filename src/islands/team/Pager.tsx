// Below a paged list: which rows are shown of how many, and Previous / Next.
import type { Page } from './use-paged.ts';

export default function Pager({ page, onGo, label }: { page: Page<unknown>; onGo: (pageNo: number) => void; label: string }) {
  const last = Math.max(1, Math.ceil(page.totalCount / page.pageSize));
  const first = page.totalCount === 0 ? 0 : (page.pageNo - 1) * page.pageSize + 1;
  const shownTo = Math.min(page.totalCount, page.pageNo * page.pageSize);
  return (
    <nav className="team-pager" aria-label={`${label} pages`}>
      <p role="status">{page.totalCount === 0 ? 'Nothing found.' : `${first}–${shownTo} of ${page.totalCount.toLocaleString('en-LK')}`}</p>
      <div>
        <button type="button" className="button secondary" disabled={page.pageNo <= 1} onClick={() => onGo(page.pageNo - 1)}>Previous</button>
        <button type="button" className="button secondary" disabled={page.pageNo >= last} onClick={() => onGo(page.pageNo + 1)}>Next</button>
      </div>
    </nav>
  );
}
