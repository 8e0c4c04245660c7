import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdmissionRegisterRow } from '@shala/contract';
import { downloadAdmissionRegister, useAdmissionRegister } from '../../api/registers';
import type { ScreenProps } from '../../lib/screen';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { ListPager } from '../../components/ListToolbar';
import { PageHeading } from '../../components/PageHeading';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useClampPage, useListParams } from '../../lib/useListParams';
import { UdiseExport, useClassText } from './UdiseExport';
import { StudentCell } from '../../components/StudentCell';

const ALL = ['all'] as const;
const studentPath = (studentId: string) => `/viewstudentdetail/${studentId}`;

/**
 * /admissionregister (112, 113): the school's admission register by admission number, searchable
 * (number, name, login id), each row leading to the student's details (and its Register card),
 * as CSV; below, the UDISE+ export of a session or class and what it still misses.
 */
export default function AdmissionRegisterPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const classText = useClassText();
  const list = useListParams(ALL, 'all');
  const query = useAdmissionRegister(list.search, list.page, list.pageSize);
  useClampPage(list.page, query.data, list.setPage);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAdmissionRegister(list.search);
    } catch (error) {
      notifyError(error, t('registers.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const columns: DataColumn<AdmissionRegisterRow>[] = [
    { key: 'no', header: t('registers.admissionNoShort'), wrap: 'nowrap', cell: (r) => <Text size="sm" fw={600}>{r.admissionNo ?? '—'}</Text> },
    { key: 'date', header: t('registers.admissionDate'), wrap: 'nowrap', cell: (r) => (r.admissionDate ? f.date(r.admissionDate) : '—') },
    {
      key: 'name',
      header: t('registers.student'),
      primary: true,
      cell: (r) => <StudentCell student={r} to={studentPath(r.studentId)} />,
    },
    { key: 'class', header: t('registers.class'), cell: (r) => (r.className ? classText(r.className) : '—') },
    { key: 'dob', header: t('registers.dateOfBirth'), wrap: 'nowrap', cell: (r) => (r.dateOfBirth ? f.date(r.dateOfBirth) : '—') },
    {
      key: 'parents',
      header: t('registers.parents'),
      wrap: 'anywhere',
      cell: (r) => (
        <div>
          <Text size="sm">{r.fatherName ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {r.motherName ?? '—'}
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('registers.status'),
      cell: (r) =>
        r.leftOn ? (
          <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
            {t('registers.leftOn', { date: f.date(r.leftOn) })}
          </Badge>
        ) : (
          <Badge color={r.active ? 'green' : 'gray'} variant="dot" style={{ textTransform: 'none' }}>
            {r.active ? t('status.active') : t('status.inactive')}
          </Badge>
        ),
    },
  ];

  return (
    <>
      <PageHeading title={t(route.title)} description={t('registers.description')} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('list.search')}
            placeholder={t('registers.searchPlaceholder')}
            value={list.searchInput}
            onChange={(e) => list.setSearchInput(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            inputMode="search"
            enterKeyHint="search"
            maxLength={100}
            style={{ flex: '1 1 220px', minWidth: 0 }}
          />
          <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={() => void download()}>
            {t('registers.downloadCsv')}
          </Button>
        </Group>
        <DataTable
          label={t(route.title)}
          items={query.data?.items ?? []}
          columns={columns}
          rowKey={(r) => r.studentId}
          rowProps={() => ({ 'data-testid': 'admission-row' })}
          minWidth={900}
          busy={query.isFetching}
          state={{ query, emptyText: list.search ? t('registers.emptySearch') : t('registers.empty'), errorTitle: t('registers.loadError') }}
          after={<ListPager page={list.page} pageSize={list.pageSize} total={query.data?.total ?? 0} onChange={list.setPage} />}
        />
        <UdiseExport />
      </Stack>
    </>
  );
}
