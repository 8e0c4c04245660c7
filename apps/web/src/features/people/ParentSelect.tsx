import { useTranslation } from 'react-i18next';
import { PEOPLE_API } from '../../api/people';
import { RemoteSelect } from '../../components/RemoteSelect';

interface Props {
  value: string;
  /** Name of the current parent (edit forms), shown before the options load. */
  valueLabel?: string | null;
  onChange: (parentId: string) => void;
  error?: string;
}

/** The student's parent: a searchable select fed by the parent list API (searched on the server). */
export function ParentSelect({ value, valueLabel, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <RemoteSelect
      label={t('person.parent')}
      placeholder={t('person.chooseParent')}
      description={t('person.parentHint')}
      queryKey={['people', 'parents', 'options']}
      fetchOptions={async (search, signal) => {
        const page = await PEOPLE_API.parents.list({ page: 1, pageSize: 20, status: 'all', search: search || undefined }, signal);
        return page.items.map((p) => ({ value: p.userId, label: `${p.fullName} (${p.loginId})` }));
      }}
      value={value || null}
      valueLabel={valueLabel}
      onChange={(next) => onChange(next ?? '')}
      clearable
      error={error}
    />
  );
}
