import { useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStudentLeaves } from '../../api/student-leave';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { ListState } from '../../components/ListState';
import { useAddressParams } from '../../lib/useListParams';
import { FILTERS, filterOf, pendingFirst, statusOf } from './logic';
import { LeaveCards, PAGE_SIZE, Pager } from './LeaveCards';

/**
 * /leaverequests (a class teacher, the principal): the leave parents asked for the children of
 * one's classes (the principal: the school's), pending first, by status (`?status=`, pending by
 * default); approve or decline with a comment.
 */
export default function LeaveRequestsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { params, update } = useAddressParams();
  const filter = filterOf(params.get('status'));
  const [page, setPage] = useState(1);
  const list = useStudentLeaves(statusOf(filter), page, PAGE_SIZE);
  const items = pendingFirst(list.data?.items ?? []);
  return (
    <>
      <PageHeading title={t(route.title)} description={t('studentLeave.schoolDescription')} />
      <Stack gap="md" maw={960}>
        <Tabs
          value={filter}
          onChange={(v) => {
            update({ status: v && v !== 'pending' ? v : null });
            setPage(1);
          }}
        >
          <Tabs.List style={{ flexWrap: 'wrap' }} aria-label={t('studentLeave.filterStatus')}>
            {FILTERS.map((f) => (
              <Tabs.Tab key={f} value={f}>
                {f === 'all' ? t('studentLeave.statusAll') : t(`studentLeave.status.${f}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <ListState query={list} isEmpty={items.length === 0} emptyText={filter === 'pending' ? t('studentLeave.emptyPending') : t('studentLeave.emptySchool')} errorTitle={t('studentLeave.listError')} rows={3}>
          <LeaveCards items={items} forSchool />
          <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
        </ListState>
      </Stack>
    </>
  );
}
