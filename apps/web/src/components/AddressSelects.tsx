import { SimpleGrid, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Place } from '@shala/contract';
import { useCities, useDistricts, useStates } from '../api/master';

export interface AddressValue {
  state: string;
  district: string;
  city: string;
}

interface Props {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  errors?: Partial<Record<keyof AddressValue, string | undefined>>;
  disabled?: boolean;
}

/** Options by name (the person stores names); a stored name missing from the list stays choosable. */
function options(places: readonly Place[] | undefined, current: string) {
  const names = [...new Set((places ?? []).map((p) => p.name))];
  if (current && !names.includes(current)) names.unshift(current);
  return names.map((name) => ({ value: name, label: name }));
}

function idOf(places: readonly Place[] | undefined, name: string): string | null {
  return (name && places?.find((p) => p.name === name)?.id) || null;
}

/**
 * State → district → city as dependent, searchable selects fed by api/states, api/districts/:stateId
 * and api/cities/:districtId. The values are the names; changing a level clears the ones below it.
 */
export function AddressSelects({ value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  const states = useStates();
  const stateId = idOf(states.data, value.state);
  const districts = useDistricts(stateId);
  const districtId = idOf(districts.data, value.district);
  const cities = useCities(districtId);

  const failed = (q: { isError: boolean }) => (q.isError ? t('address.loadError') : undefined);

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Select
        label={t('address.state')}
        placeholder={states.isLoading ? t('common.loading') : t('address.chooseState')}
        data={options(states.data, value.state)}
        value={value.state || null}
        onChange={(state) => onChange({ state: state ?? '', district: '', city: '' })}
        searchable
        clearable
        nothingFoundMessage={t('address.nothingFound')}
        error={errors?.state ?? failed(states)}
        disabled={disabled}
      />
      <Select
        label={t('address.district')}
        placeholder={!value.state ? t('address.chooseStateFirst') : districts.isLoading ? t('common.loading') : t('address.chooseDistrict')}
        data={options(districts.data, value.district)}
        value={value.district || null}
        onChange={(district) => onChange({ ...value, district: district ?? '', city: '' })}
        searchable
        clearable
        nothingFoundMessage={t('address.nothingFound')}
        error={errors?.district ?? failed(districts)}
        disabled={disabled || !value.state}
      />
      <Select
        label={t('address.city')}
        placeholder={!value.district ? t('address.chooseDistrictFirst') : cities.isLoading ? t('common.loading') : t('address.chooseCity')}
        data={options(cities.data, value.city)}
        value={value.city || null}
        onChange={(city) => onChange({ ...value, city: city ?? '' })}
        searchable
        clearable
        nothingFoundMessage={t('address.nothingFound')}
        error={errors?.city ?? failed(cities)}
        disabled={disabled || !value.district}
      />
    </SimpleGrid>
  );
}
