import { useState } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS, type FeeType } from '@shala/contract';
import { feeTypeApi, useFeeTypeList, useRefreshFeeTypes } from '../../../api/fees-setup';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusToggle } from '../../../components/StatusToggle';
import { useListParams } from '../../../lib/useListParams';
import type { ScreenProps } from '../../../lib/screen';
import { AddFeeTypeModal, EditFeeTypeModal } from './FeeTypeModals';
import { feeTypeEffect, feeTypeValue } from './format';
import { useFormat } from '../../../lib/format';
import { RowAction } from '../../../components/RowAction';

const EFFECT_COLOR = { charge: 'blue', concession: 'teal', discount: 'teal' } as const;

/** /AddFeetype (113): the school's fee types, with the add form, a rename and the on/off switch. */
export default function FeeTypesPage(_props: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams(STATUS_FILTERS, 'all');
  const result = useFeeTypeList({ page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status });
  const refresh = useRefreshFeeTypes();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FeeType | null>(null);
  const filtered = !!list.search || list.status !== 'all';

  const columns: ListColumn<FeeType>[] = [
    {
      key: 'name',
      header: t('fees.setup.types.name'),
      primary: true,
      cell: (f) => (
        <Stack gap={2}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.name}
          </Text>
          {f.description ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {f.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'kind', header: t('fees.setup.types.kind'), cell: (f) => t(`fees.common.kinds.${f.kind}`) },
    {
      key: 'value',
      header: t('fees.setup.types.value'),
      wrap: 'nowrap',
      cell: (f) => {
        const effect = feeTypeEffect(f);
        return (
          <Stack gap={4} align="flex-start">
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {feeTypeValue(f)}
            </Text>
            <Badge variant="light" color={EFFECT_COLOR[effect]} style={{ textTransform: 'none' }}>
              {t(`fees.setup.types.effects.${effect}`)}
            </Badge>
          </Stack>
        );
      },
    },
    {
      key: 'status',
      header: t('list.status'),
      cell: (f) => (
        <StatusToggle
          status={f.status}
          name={f.name}
          onChange={(next) => feeTypeApi.setStatus(f.feeTypeId, next)}
          onDone={refresh}
          confirmText={(next) => t(next ? 'fees.setup.types.activateText' : 'fees.setup.types.deactivateText', { name: f.name })}
        />
      ),
    },
    { key: 'created', header: t('list.createdAt'), cell: (f) => fmt.date(f.createdAt), wrap: 'nowrap' },
  ];

  return (
    <ListPage
      title={t('fees.setup.types.title')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('fees.setup.types.add')}
        </Button>
      }
      list={list}
      statuses={STATUS_FILTERS}
      searchPlaceholder={t('fees.setup.types.searchPlaceholder')}
      query={result}
      columns={columns}
      rowKey={(f) => f.feeTypeId}
      rowActions={(f) => (
        <RowAction tip={t('common.edit')} label={t('common.editNamed', { name: f.name })} icon={IconPencil} onClick={() => setEditing(f)} />
      )}
      emptyText={filtered ? t('fees.setup.types.noneFound') : t('fees.setup.types.empty')}
      minWidth={720}
    >
      <AddFeeTypeModal opened={adding} onClose={() => setAdding(false)} onSaved={refresh} />
      <EditFeeTypeModal type={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListPage>
  );
}
