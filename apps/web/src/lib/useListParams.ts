import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@shala/contract';

/** Input debounce of spec section 9. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Page, search and status filter of a list, kept in the address (?page=&q=&status=) so that going
 * back from a details page returns to the same page. The search box is debounced 500 ms.
 */
export function useListParams<S extends string>(statuses: readonly S[], fallback: S, pageSize = PAGE_SIZE_DEFAULT) {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = (statuses as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as S) : fallback;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('q') ?? '';

  const [searchInput, setSearchInput] = useState(search);
  const [debounced] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);

  // The address as this hook last wrote it, until the router renders it. The router's own
  // "previous" is the address of the last render, so two changes before the next render (the
  // search box settling, then a filter picked at once on a slow phone) would undo the first.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(pending.current ?? params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      pending.current = next;
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

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
