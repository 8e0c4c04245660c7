import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '@shala/contract';
import { useMyCertificates } from '../../api/certificates';
import type { ScreenProps } from '../../lib/screen';
import { DataTable } from '../../components/DataTable';
import { ListPager } from '../../components/ListToolbar';
import { PageHeading } from '../../components/PageHeading';
import { useAddressParams, useClampPage } from '../../lib/useListParams';
import { PdfButtons, StatusCell, useCertificateColumns } from './parts';

/**
 * /mycertificates (115, 116): the certificates the school shared, a parent's children's or a
 * student's own, newest first, each PDF in English or Hindi.
 */
export default function MyCertificatesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { params, update } = useAddressParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = (p: number) => update({ page: p > 1 ? String(p) : null });
  const query = useMyCertificates(page, PAGE_SIZE_DEFAULT);
  useClampPage(page, query.data, setPage);
  const columns = useCertificateColumns();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('certificates.mine.description')} />
      <Stack gap="md">
        <DataTable
          label={t(route.title)}
          items={query.data?.items ?? []}
          columns={[...columns, { key: 'status', header: t('certificates.status'), cell: (c) => <StatusCell certificate={c} /> }]}
          rowKey={(c) => c.certificateId}
          rowActions={(c) => <PdfButtons certificate={c} />}
          minWidth={760}
          busy={query.isFetching}
          state={{ query, emptyText: t('certificates.mine.empty') }}
          after={<ListPager page={page} pageSize={PAGE_SIZE_DEFAULT} total={query.data?.total ?? 0} onChange={setPage} />}
        />
      </Stack>
    </>
  );
}
