import { useMemo, useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassWork } from '@shala/contract';
import { useDeleteClassWork, useMyClassWork, useTeachingSlots } from '../../api/classwork';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { WorkList } from './WorkList';
import { toastOutcome } from '../../lib/notify';
import { RowAction } from '../../components/RowAction';
import { confirmAction } from '../../lib/confirm';

const PAGE_SIZE = 10;

/** /viewclasswork: the teacher's own posts, one class or all, with their files; delete with a confirm. */
export default function ViewClassWorkPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const [classId, setClassId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const slots = useTeachingSlots();
  const works = useMyClassWork(classId, page, PAGE_SIZE);
  const remove = useDeleteClassWork();
  const classes = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of slots.data ?? []) seen.set(s.assignClassId, t('classwork.classSection', { name: s.className, section: s.section }));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [slots.data, t]);

  const confirmDelete = (work: ClassWork) =>
    confirmAction({
      title: t('classwork.view.deleteTitle'),
      text: t('classwork.view.deleteText', { title: work.title }),
      confirm: t('classwork.view.delete'),
      color: 'red',
      onConfirm: () => remove.mutate(work.workId, toastOutcome(t('classwork.view.deleted', { title: work.title }))),
    });

  return (
    <>
      <PageHeading title={t(route.title)} description={t('classwork.view.description')} />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm" maw={960}>
        <NativeSelect
          label={t('classwork.view.class')}
          value={classId ?? ''}
          onChange={(e) => {
            setClassId(e.currentTarget.value || null);
            setPage(1);
          }}
          data={[{ value: '', label: t('classwork.view.allClasses') }, ...classes]}
          style={{ minWidth: 220 }}
        />
        <Button component={Link} to="/classwork" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('classwork.view.new')}
        </Button>
      </Group>
      <WorkList
        query={works}
        page={page}
        onPage={setPage}
        showClass
        actions={(w) => (
          <RowAction tip={t('classwork.view.deleteNamed', { title: w.title })} label={t('classwork.view.deleteNamed', { title: w.title })} icon={IconTrash} onClick={() => confirmDelete(w)} danger />
        )}
      />
    </>
  );
}
