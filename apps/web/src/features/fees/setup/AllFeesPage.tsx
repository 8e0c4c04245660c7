import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLASS_FEE_PARTS, formatRupees, type AcademicSession, type ClassFeeRow } from '@shala/contract';
import { useAllFees } from '../../../api/fees-setup';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState } from '../../../components/ListState';
import { ListPager } from '../../../components/ListToolbar';
import { PageHeading } from '../../../components/PageHeading';
import { useListParams } from '../../../lib/useListParams';
import type { ScreenProps } from '../../../lib/screen';
import { useClassLabel, WithSession } from '../../academics';
import { formatPercent } from './format';

/** Classes a page: a school rarely has more in a session, and each row is small. */
const PAGE_SIZE = 50;
const NO_STATUSES = ['all'] as const;
const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const editUrl = (row: ClassFeeRow) => `/AddClassFee?assignClassId=${row.class.assignClassId}`;

/** /viewall_fees (112, 113): every class of the header's session with its fee parts, tax and total. */
export default function AllFeesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('fees.setup.all.description')} />
      <Group justify="flex-end" mb="md">
        <Button component={Link} to="/AddClassFee" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('fees.setup.all.addFee')}
        </Button>
      </Group>
      <WithSession>{(session) => <AllFeesList session={session} />}</WithSession>
    </>
  );
}

function FeeAction({ row, label }: { row: ClassFeeRow; label: string }) {
  const { t } = useTranslation();
  return row.fee ? (
    <Button component={Link} to={editUrl(row)} variant="subtle" size="compact-sm" leftSection={<IconPencil size={16} aria-hidden />} aria-label={t('fees.setup.all.editNamed', { name: label })}>
      {t('common.edit')}
    </Button>
  ) : (
    <Button component={Link} to={editUrl(row)} variant="light" size="compact-sm" leftSection={<IconPlus size={16} aria-hidden />} aria-label={t('fees.setup.all.setNamed', { name: label })}>
      {t('fees.setup.all.setFee')}
    </Button>
  );
}

function NotSet() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="orange" style={{ textTransform: 'none' }}>
      {t('fees.setup.all.notSet')}
    </Badge>
  );
}

function AllFeesList({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const list = useListParams(NO_STATUSES, 'all', PAGE_SIZE);
  const query = useAllFees(session.sessionId, list.page, PAGE_SIZE);
  const items = query.data?.items ?? [];
  const title = t('fees.setup.all.tableLabel', { session: session.sessionYear });
  const partHeader = (part: (typeof CLASS_FEE_PARTS)[number]) => t(`fees.common.parts.${part}`);

  return (
    <ListState
      query={query}
      isEmpty={items.length === 0}
      emptyText={t('fees.setup.all.empty')}
      emptyAction={
        <Anchor component={Link} to="/addclass">
          {t('assign.addClasses')}
        </Anchor>
      }
    >
      {cards ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title} aria-busy={query.isFetching}>
          {items.map((row) => {
            const name = label(row.class);
            return (
              <Paper key={row.class.assignClassId} component="li" withBorder radius="md" p="md">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{name}</Text>
                    <Text size="xs" c="dimmed">
                      {t('fees.setup.all.studentsCount', { count: row.students })}
                    </Text>
                  </div>
                  {row.fee ? (
                    <Text fw={700} style={amountStyle}>
                      {formatRupees(row.fee.total)}
                    </Text>
                  ) : (
                    <NotSet />
                  )}
                </Group>
                {row.fee ? (
                  <Stack component="dl" gap={4} mt="sm" mb={0}>
                    {CLASS_FEE_PARTS.map((part) => (
                      <CardLine key={part} label={partHeader(part)} value={formatRupees(row.fee![part])} />
                    ))}
                    <CardLine label={`${t('fees.common.parts.tax')} (${formatPercent(row.fee.taxBp)})`} value={formatRupees(row.fee.tax)} />
                    <CardLine label={t('fees.common.parts.total')} value={formatRupees(row.fee.total)} strong />
                  </Stack>
                ) : null}
                <Group justify="flex-end" mt="sm">
                  <FeeAction row={row} label={name} />
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={980} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={title} aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assign.class')}</Table.Th>
                  <Table.Th ta="right">{t('fees.setup.all.students')}</Table.Th>
                  {CLASS_FEE_PARTS.map((part) => (
                    <Table.Th key={part} ta="right">
                      {partHeader(part)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">{t('fees.common.parts.tax')}</Table.Th>
                  <Table.Th ta="right">{t('fees.common.parts.total')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((row) => {
                  const name = label(row.class);
                  const fee = row.fee;
                  return (
                    <Table.Tr key={row.class.assignClassId}>
                      <Table.Td>
                        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={amountStyle}>
                        {row.students}
                      </Table.Td>
                      {fee ? (
                        <>
                          {CLASS_FEE_PARTS.map((part) => (
                            <Table.Td key={part} ta="right" style={amountStyle}>
                              {formatRupees(fee[part])}
                            </Table.Td>
                          ))}
                          <Table.Td ta="right" style={amountStyle}>
                            <Text size="sm" style={amountStyle}>
                              {formatRupees(fee.tax)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {formatPercent(fee.taxBp)}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right" style={amountStyle}>
                            <Text size="sm" fw={700} style={amountStyle}>
                              {formatRupees(fee.total)}
                            </Text>
                          </Table.Td>
                        </>
                      ) : (
                        <Table.Td colSpan={CLASS_FEE_PARTS.length + 2}>
                          <NotSet />
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Group justify="flex-end" wrap="nowrap">
                          <FeeAction row={row} label={name} />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ListPager page={list.page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onChange={list.setPage} />
    </ListState>
  );
}

function CardLine({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
      <Text component="dt" size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={strong ? 700 : 500} style={amountStyle}>
        {value}
      </Text>
    </Group>
  );
}
