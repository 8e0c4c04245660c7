import { useState } from 'react';
import { Loader, MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../lib/useListParams';

export interface RemoteOption {
  value: string;
  label: string;
}

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  /** Cache key of the options query (the search term is appended). */
  queryKey: readonly unknown[];
  /** Options for a search term, asked of the server (debounced 500 ms). */
  fetchOptions: (search: string, signal: AbortSignal) => Promise<RemoteOption[]>;
  value: string | null;
  /** The label of the current value when it is not among the loaded options (edit forms). */
  valueLabel?: string | null;
  onChange: (value: string | null, label: string | null) => void;
}

/** A searchable select whose options come from a paginated list API, searched on the server. */
export function RemoteSelect({ queryKey, fetchOptions, value, valueLabel, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<RemoteOption | null>(value && valueLabel ? { value, label: valueLabel } : null);
  const [search, setSearch] = useState(selected?.label ?? '');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Once an option is chosen its label fills the box; search everything again in that case.
  const term = selected && debounced === selected.label ? '' : debounced.trim();

  const query = useRemoteOptions(queryKey, fetchOptions, term);

  const options = [...(query.data ?? [])];
  const current = selected && selected.value === value ? selected : value && valueLabel ? { value, label: valueLabel } : null;
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);

  return (
    <Select
      {...rest}
      data={options}
      value={value}
      onChange={(next, option) => {
        const chosen = next && option ? { value: next, label: option.label } : null;
        setSelected(chosen);
        onChange(next, chosen?.label ?? null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      {...remoteState(query, t)}
    />
  );
}

/** The options of a search term, asked of the server (the term debounced by the caller). */
function useRemoteOptions(queryKey: readonly unknown[], fetchOptions: Props['fetchOptions'], term: string) {
  return useQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ signal }) => fetchOptions(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** What the box says while the options load, fail or find nothing. */
const remoteState = (query: UseQueryResult<RemoteOption[]>, t: TFunction) => ({
  nothingFoundMessage: query.isFetching ? t('common.loading') : query.isError ? t('list.loadError') : t('address.nothingFound'),
  rightSection: query.isFetching ? <Loader size={14} aria-hidden /> : undefined,
});

interface MultiProps extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  queryKey: readonly unknown[];
  fetchOptions: Props['fetchOptions'];
  value: string[];
  /** The labels of the values chosen before (edit forms): they need not be among the loaded options. */
  valueLabels?: readonly RemoteOption[];
  onChange: (value: string[]) => void;
}

/** Several choices of a paginated list API, searched on the server (as `RemoteSelect`). */
export function RemoteMultiSelect({ queryKey, fetchOptions, value, valueLabels = [], onChange, ...rest }: MultiProps) {
  const { t } = useTranslation();
  const [known, setKnown] = useState<readonly RemoteOption[]>(valueLabels);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useRemoteOptions(queryKey, fetchOptions, debounced.trim());
  const options = [...(query.data ?? [])];
  for (const o of known) if (value.includes(o.value) && !options.some((x) => x.value === o.value)) options.push(o);
  return (
    <MultiSelect
      {...rest}
      data={options}
      value={value}
      onChange={(next) => {
        setKnown(options.filter((o) => next.includes(o.value)));
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      {...remoteState(query, t)}
    />
  );
}
