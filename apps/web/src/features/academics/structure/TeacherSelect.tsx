import { useTranslation } from 'react-i18next';
import type { PersonRef } from '@shala/contract';
import { PEOPLE_API } from '../../../api/people';
import { RemoteSelect } from '../../../components/RemoteSelect';

interface Props {
  label: string;
  value: string | null;
  /** The teacher already chosen (edit forms), shown before the options load. */
  current?: PersonRef | null;
  onChange: (teacherId: string | null) => void;
  error?: string;
  description?: string;
}

/** An active teacher of the school: a searchable select fed by the teacher list (searched on the server). */
export function TeacherSelect({ label, value, current, onChange, error, description }: Props) {
  const { t } = useTranslation();
  return (
    <RemoteSelect
      label={label}
      placeholder={t('classes.chooseTeacher')}
      description={description}
      queryKey={['people', 'teachers', 'options', 'active']}
      fetchOptions={async (search, signal) => {
        const page = await PEOPLE_API.teachers.list({ page: 1, pageSize: 20, status: 'active', search: search || undefined }, signal);
        return page.items.map((p) => ({ value: p.userId, label: `${p.fullName} (${p.loginId})` }));
      }}
      value={value}
      valueLabel={current && current.userId === value ? `${current.fullName} (${current.loginId})` : null}
      onChange={(next) => onChange(next)}
      clearable
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
