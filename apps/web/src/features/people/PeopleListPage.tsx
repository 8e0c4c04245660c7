import { useEffect, useState } from 'react';
import { Anchor, Button, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_FILTERS, type PersonSummary } from '@shala/contract';
import { call } from '../../api/client';
import { PEOPLE_API, peopleKeys, usePeopleList, type PeopleKindKey } from '../../api/people';
import { downloadRoute } from '../../api/transfer';
import { ListPage, NameCell, ViewEditActions, type ListColumn } from '../../components/ListPage';
import { RemoteSelect } from '../../components/RemoteSelect';
import { StatusToggle } from '../../components/StatusToggle';
import { today } from '../../lib/csv';
import { useListParams } from '../../lib/useListParams';
import type { ScreenProps } from '../../lib/screen';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { useAcademicNames } from '../academics';
import { ClassFilter, useClassOptions } from './ClassFilter';
import { ImportPeopleModal } from './ImportPeopleModal';
import { KINDS } from './kinds';
import { formatDate } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { localeOf } from '../../lib/format';

interface Props extends ScreenProps {
  kind: PeopleKindKey;
  /** Where a row's details open (the teacher-information screens use their own path). */
  detailPath?: (userId: string) => string;
}

/**
 * The list screen of one kind of person: search, status filter, pages, status switch, CSV. Students
 * show their class and roll number in the header's session, and filter by class.
 */
export default function PeopleListPage({ route, kind, detailPath }: Props) {
  const { t } = useTranslation();
  const config = KINDS[kind];
  const queryClient = useQueryClient();
  const list = useListParams(STATUS_FILTERS, 'all');
  const schoolId = kind === 'systemAdmins' ? (list.params.get('school') ?? '') : '';
  // Students: each one's class in the header's session, and a filter by class (?class=).
  const students = kind === 'students';
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const sessionId = students ? current?.sessionId : undefined;
  const classOptions = useClassOptions(sessionId);
  const classId = students ? (list.params.get('class') ?? '') : '';
  // A class of another session (the session changed since) is dropped before the list asks for it.
  const classKnown = !classId || classOptions.isError || !!classOptions.data?.some((c) => c.assignClassId === classId);
  const staleClass = !!classId && !!classOptions.data && !classKnown;
  const { setParam } = list;
  useEffect(() => {
    if (staleClass) setParam('class', null);
  }, [staleClass, setParam]);
  const query = {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search || undefined,
    status: list.status,
    ...(schoolId ? { schoolId } : {}),
    ...(sessionId ? { sessionId } : {}),
    ...(classId && classKnown ? { assignClassId: classId } : {}),
  };
  const result = usePeopleList(kind, query, !students || (!sessionLoading && classKnown));
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const details = detailPath ?? config.detailPath;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: peopleKeys.all(kind) });

  const exportCsv = async () => {
    if (!config.exportKind) return;
    setExporting(true);
    try {
      await downloadRoute(
        'exportPeople',
        { params: { kind: config.exportKind }, query: { search: list.search || undefined, status: list.status } },
        `${config.exportKind}-${today()}.csv`,
      );
    } catch (error) {
      notifyError(error, t('imports.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const showSchool = kind === 'systemAdmins';
  const columns = usePeopleColumns(kind, details, refresh);

  return (
    <ListPage
      title={t(route.title)}
      actions={
        config.importKind || config.exportKind || config.addPath ? (
          <PeopleActions kind={kind} exporting={exporting} onImport={() => setImportOpen(true)} onExport={() => void exportCsv()} />
        ) : null
      }
      list={list}
      statuses={STATUS_FILTERS}
      filters={
        students && sessionId ? (
          <ClassFilter
            classes={classOptions.data}
            loading={classOptions.isLoading}
            value={classKnown && classId ? classId : null}
            onChange={(value) => list.setParam('class', value)}
          />
        ) : showSchool ? (
          <RemoteSelect
            label={t('people.school')}
            placeholder={t('people.allSchools')}
            queryKey={['schools', 'options']}
            fetchOptions={async (search, signal) => {
              const page = await call('schoolList', { query: { page: 1, pageSize: 50, status: 'all', search: search || undefined }, signal });
              return page.items.map((s) => ({ value: s.schoolId, label: s.name }));
            }}
            value={schoolId || null}
            onChange={(value) => list.setParam('school', value)}
            clearable
            style={{ flex: '1 1 220px', minWidth: 0 }}
          />
        ) : null
      }
      query={result}
      columns={columns}
      rowKey={(p) => p.userId}
      rowActions={(p) => <ViewEditActions name={p.fullName} viewTo={details(p.userId)} editTo={config.editPath?.(p.userId)} />}
      emptyText={t(`people.${config.kind}.empty`)}
      minWidth={students ? 1040 : showSchool ? 860 : 760}
    >
      {config.importKind ? (
        <ImportPeopleModal kind={config.importKind} opened={importOpen} onClose={() => setImportOpen(false)} onImported={refresh} />
      ) : null}
    </ListPage>
  );
}

/** The columns of one kind's list (students: class, roll number and parent; system admins: school). */
function usePeopleColumns(kind: PeopleKindKey, details: (userId: string) => string, refresh: () => void): ListColumn<PersonSummary>[] {
  const { t, i18n } = useTranslation();
  const { className } = useAcademicNames();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const students = kind === 'students';
  const showSchool = kind === 'systemAdmins';
  const showParent = students;
  return [
    {
      key: 'name',
      header: t('person.name'),
      primary: true,
      cell: (person) => <NameCell image={person.image} name={person.fullName} sub={person.loginId} to={details(person.userId)} />,
    },
    ...(showSchool ? [{ key: 'school', header: t('people.school'), cell: (p: PersonSummary) => p.schoolName ?? '—' }] : []),
    ...(students
      ? [
          {
            key: 'class',
            header: t('people.students.class'),
            wrap: 'nowrap' as const,
            cell: (p: PersonSummary) =>
              p.placement === undefined ? (
                '—'
              ) : p.placement ? (
                className(p.placement.masterClass, p.placement.section)
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('people.students.noClass')}
                </Text>
              ),
          },
          { key: 'rollNo', header: t('people.students.rollNo'), cell: (p: PersonSummary) => (p.placement?.rollNo != null ? numbers.format(p.placement.rollNo) : '—') },
        ]
      : []),
    ...(showParent
      ? [
          {
            key: 'parent',
            header: t('person.parent'),
            cell: (p: PersonSummary) =>
              p.parentId && p.parentName ? (
                <Anchor component={Link} to={KINDS.parents.detailPath(p.parentId)} size="sm">
                  {p.parentName}
                </Anchor>
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('person.noParent')}
                </Text>
              ),
          },
        ]
      : []),
    { key: 'email', header: t('person.email'), cell: (p) => p.email ?? '—', wrap: 'anywhere', optional: (p) => p.email },
    { key: 'contact', header: t('person.contact'), cell: (p) => p.contact ?? '—', wrap: 'nowrap', optional: (p) => p.contact },
    {
      key: 'status',
      header: t('list.status'),
      cell: (person) => (
        <StatusToggle
          status={person.status}
          name={person.fullName}
          onChange={(next) => PEOPLE_API[kind].setStatus(person.userId, next)}
          onDone={refresh}
        />
      ),
    },
    { key: 'created', header: t('list.createdAt'), cell: (p) => formatDate(p.createdAt, i18n.language), wrap: 'nowrap' },
  ];

}

/** Import, export and add, as the kind allows. */
function PeopleActions({ kind, exporting, onImport, onExport }: { kind: PeopleKindKey; exporting: boolean; onImport: () => void; onExport: () => void }) {
  const { t } = useTranslation();
  const config = KINDS[kind];
  return (
    <>
      {config.importKind ? (
        <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={onImport}>
          {t('imports.open')}
        </Button>
      ) : null}
      {config.exportKind ? (
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={onExport} loading={exporting}>
          {t('imports.export')}
        </Button>
      ) : null}
      {config.addPath ? (
        <Button component={Link} to={config.addPath} leftSection={<IconPlus size={16} aria-hidden />}>
          {t(`people.${config.kind}.add`)}
        </Button>
      ) : null}
    </>
  );
}
