// After an action on one row of a team list (block an account, close a report), the row changes
// in place from the action's answer instead of the page loading again: the row stays where it is,
// even when it no longer matches the filter, and so does the reader.
import { useEffect, useState } from 'react';

/**
 * The edits made on the rows of `page` (the list's loaded page). They belong to that page: when
 * the list loads again (another page, a filter, Retry), the server's rows replace them.
 */
export function useRowEdits<E>(page: object | undefined) {
  const [edits, setEdits] = useState<{ page?: object; rows: ReadonlyMap<number, E> }>({ rows: new Map() });
  const rows = edits.page === page ? edits.rows : undefined;
  return {
    get: (id: number) => rows?.get(id),
    set: (id: number, edit: E) =>
      setEdits((current) => ({
        page,
        rows: new Map(current.page === page ? current.rows : []).set(id, edit),
      })),
  };
}

/**
 * Moves focus to a row (by its element id) once no dialog is open, for an action whose button
 * goes away with the change (a report closed, a subscriber removed): the dialog gives focus back
 * to the button that opened it, and without that button focus would fall to the top of the page.
 * Runs after the dialog's own focus return, which happens as it closes.
 */
export function useFocusRow(dialogOpen: boolean) {
  const [rowId, setRowId] = useState<string>();
  useEffect(() => {
    if (dialogOpen || !rowId) return;
    document.getElementById(rowId)?.focus();
    setRowId(undefined);
  }, [dialogOpen, rowId]);
  return setRowId;
}
