/**
 * The address bar of lists and pickers: the one place that writes `?…` parameters.
 *
 * - `useAddressParams()` → `{ params, update }` for pickers (a class, a month, an exam, a student):
 *   `update({ class: id, page: null })` sets or (null / '') drops parameters, keeping the others;
 *   `update(changes, { reset: true })` drops all others first, `{ push: true }` adds a history entry
 *   (the default replaces the current one). Two updates before the next render both count.
 * - `useListParams(statuses, fallback, pageSize?)` → page, search box (debounced 500 ms) and status
 *   filter of a server-paged list (?page=&q=&status=), built on `useAddressParams`; `setParam(key, v)`
 *   for other filters (goes back to page 1).
 * - `useClampPage(page, data, setPage)`: a page past the end goes back to the first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@shala/contract';

export type ParamChanges = Record<string, string | null | undefined>;
export interface UpdateOptions {
  /** Start from an empty address instead of keeping the other parameters. */
  reset?: boolean;
  /** Add a history entry (back returns to the previous choice); default: replace the current one. */
  push?: boolean;
}

/**
 * The address's parameters and one way to change them. The router's own "previous" is the address
 * of the last render, so two changes before the next render (the search box settling, then a
 * filter picked at once on a slow phone) would undo the first: this keeps the address as it last
 * wrote it until the router renders it.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const update = useCallback(
    (changes: ParamChanges, options: UpdateOptions = {}) => {
      const next = new URLSearchParams(options.reset ? undefined : (pending.current ?? params));
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      pending.current = next;
      setParams(next, { replace: !options.push });
    },
    [params, setParams],
  );
  return { params, update };
}

/** Input debounce of spec section 9. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Page, search and status filter of a list, kept in the address (?page=&q=&status=) so that going
 * back from a details page returns to the same page. The search box is debounced 500 ms.
 */
export function useListParams<S extends string>(statuses: readonly S[], fallback: S, pageSize = PAGE_SIZE_DEFAULT) {
  const { params, update } = useAddressParams();
  const rawStatus = params.get('status');
  const status = (statuses as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as S) : fallback;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('q') ?? '';

  const [searchInput, setSearchInput] = useState(search);
  const [debounced] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);

  // The search term last written to (or read from) the address. A change of the address from
  // elsewhere (a menu link, back) resets the box; a settled box writes the address once.
  const written = useRef(search.trim());
  const updateRef = useRef(update);
  useEffect(() => {
    updateRef.current = update;
  }, [update]);
  useEffect(() => {
    if (search.trim() !== written.current) {
      written.current = search.trim();
      setSearchInput(search);
    }
  }, [search]);
  useEffect(() => {
    const term = debounced.trim();
    if (term !== written.current) {
      written.current = term;
      updateRef.current({ q: term, page: null });
    }
  }, [debounced]);

  return {
    page,
    pageSize,
    status,
    search: search.trim(),
    searchInput,
    setSearchInput,
    setStatus: (value: S) => update({ status: value === fallback ? null : value, page: null }),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
    setParam: (key: string, value: string | null) => update({ [key]: value, page: null }),
    update,
    params,
  };
}

/** A page past the end (after a filter or a deactivation) goes back to the first page. */
export function useClampPage(page: number, data: { items: unknown[]; total: number } | undefined, setPage: (page: number) => void) {
  const emptyPastEnd = !!data && data.items.length === 0 && data.total > 0 && page > 1;
  useEffect(() => {
    if (emptyPastEnd) setPage(1);
  }, [emptyPastEnd, setPage]);
}
