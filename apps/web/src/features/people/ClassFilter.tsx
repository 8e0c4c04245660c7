import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_MAX, type ClassSummary } from '@shala/contract';
import { call } from '../../api/client';
import { useAcademicNames } from '../academics';

/**
 * The classes and sections of a session, for a filter (GET /api/school/class?sessionId=…): one page
 * of the largest size, in the master order the server gives (a school has far fewer sections).
 */
export function useClassOptions(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['classes', 'options', sessionId ?? ''], // under the class screens' key: a class added there shows here
    queryFn: ({ signal }) => call('classList', { query: { sessionId: sessionId ?? '', page: 1, pageSize: PAGE_SIZE_MAX, status: 'all' }, signal }),
    enabled: !!sessionId,
    staleTime: 60_000,
    select: (page) => page.items,
  });
}

interface Props {
  classes: ClassSummary[] | undefined;
  loading: boolean;
  value: string | null;
  onChange: (assignClassId: string | null) => void;
}

/** "Class": all classes, or one class and section of the session. */
export function ClassFilter({ classes, loading, value, onChange }: Props) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  return (
    <Select
      label={t('people.students.class')}
      placeholder={loading ? t('common.loading') : t('people.students.allClasses')}
      data={(classes ?? []).map((c) => ({ value: c.assignClassId, label: className(c.masterClass, c.section) }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      nothingFoundMessage={t('people.students.noClasses')}
      disabled={loading}
      style={{ flex: '1 1 200px', minWidth: 0 }}
    />
  );
}
