// A team list paged on the server: its filters, the page shown, and a reload after a change. A new
// filter goes back to page 1.
import { useState } from 'react';
import { failureText } from '../../client/http.ts';
import type { ListQuery } from '../../client/team.ts';
import { useLoaded } from '../ui/use-loaded.ts';

export interface Page<T> {
  data: T[];
  totalCount: number;
  pageNo: number;
  pageSize: number;
}

export function usePaged<T, Q extends ListQuery>(fetchPage: (query: ListQuery) => Promise<Page<T>>, initial: Q) {
  const [query, setQueryState] = useState<Q>(initial);
  const [pageNo, setPageNo] = useState(1);
  const page = useLoaded(() => fetchPage({ ...query, pageNo }), failureText);
  return {
    query,
    page,
    /** Changes filters and shows their first page. */
    setQuery(change: Partial<Q>) {
      setQueryState((current) => ({ ...current, ...change }));
      setPageNo(1);
      page.reload();
    },
    goTo(next: number) {
      setPageNo(next);
      page.reload();
    },
    reload: page.reload,
  };
}
