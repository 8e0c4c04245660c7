import { Anchor, Button, Text } from '@mantine/core';
import { IconListCheck, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassSummary } from '@shala/contract';
import { ASSIGN_FILTERS, useAssignedClassList } from '../../../api/academics-assign';
import { ListPage, ViewEditActions, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../lib/useListParams';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import type { ScreenProps } from '../../../lib/screen';
import { StatusBadge, useClassLabel } from './parts';
import { localeOf } from '../../../lib/format';

export const classDetailPath = (assignClassId: string) => `/detailsviewAssignedclasses/${assignClassId}`;
export const assignSubjectsPath = (assignClassId: string) => `/assignsubject?class=${assignClassId}`;
export const assignTeachersPath = (assignClassId: string) => `/assignteachersubject?class=${assignClassId}`;

/** /viewassignedclasses: the classes of the selected session, what each has, the status filter. */
export default function AssignedClassListPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const label = useClassLabel();
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const list = useListParams(ASSIGN_FILTERS, 'all');
  const result = useAssignedClassList(current?.sessionId, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search || undefined,
    status: list.status,
  });
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));

  const columns: ListColumn<ClassSummary>[] = [
    {
      key: 'class',
      header: t('assign.class'),
      primary: true,
      cell: (c) => (
        <Anchor component={Link} to={classDetailPath(c.assignClassId)} fw={600} size="sm">
          {label(c)}
        </Anchor>
      ),
    },
    {
      key: 'classTeacher',
      header: t('assign.classTeacher'),
      cell: (c) =>
        c.classTeacher ? (
          c.classTeacher.fullName
        ) : (
          <Text span size="sm" c="dimmed">
            {t('assign.noClassTeacher')}
          </Text>
        ),
    },
    {
      key: 'students',
      header: t('assign.students'),
      cell: (c) => t('assign.ofLimit', { n: numbers.format(c.students), limit: numbers.format(c.classLimit) }),
      wrap: 'nowrap',
    },
    { key: 'subjects', header: t('assign.subjects'), cell: (c) => numbers.format(c.subjects) },
    { key: 'teachers', header: t('assign.teachers'), cell: (c) => numbers.format(c.teachers) },
    { key: 'status', header: t('list.status'), cell: (c) => <StatusBadge status={c.status} /> },
  ];

  return (
    <ListPage
      title={t(route.title)}
      actions={
        <>
          <Button component={Link} to="/assignteachersubject" variant="default" leftSection={<IconUsersGroup size={16} aria-hidden />}>
            {t('routes.assignteachersubject')}
          </Button>
          <Button component={Link} to="/assignsubject" leftSection={<IconListCheck size={16} aria-hidden />}>
            {t('routes.assignsubject')}
          </Button>
        </>
      }
      list={list}
      statuses={ASSIGN_FILTERS}
      statusLabel={(value) => (value === 'all' ? t('list.statuses.all') : t(`assign.status.${value}`))}
      searchPlaceholder={t('assign.searchPlaceholder')}
      query={{ ...result, isLoading: result.isLoading || sessionLoading }}
      columns={columns}
      rowKey={(c) => c.assignClassId}
      rowActions={(c) => <ViewEditActions name={label(c)} viewTo={classDetailPath(c.assignClassId)} editTo={assignSubjectsPath(c.assignClassId)} />}
      emptyText={current || sessionLoading ? t('assign.empty') : t('header.noSessions')}
      minWidth={720}
    />
  );
}
