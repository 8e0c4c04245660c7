import { useState } from 'react';
import { ActionIcon, Badge, Group, Modal, Paper, SegmentedControl, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT, type AcademicSession, type Holiday } from '@shala/contract';
import { useDeleteHoliday, useHolidayList } from '../../api/calendar';
import { CARDS_QUERY } from '../../components/ListPage';
import { ListState } from '../../components/ListState';
import { ListPager } from '../../components/ListToolbar';
import { useClampPage, useListParams } from '../../lib/useListParams';
import { localeOf } from '../people/format';
import { HolidayForm } from './HolidayForm';
import { shortDate } from './month';
import { notifyError, notifySaved } from '../../lib/notify';

const FILTERS = ['all', 'upcoming'] as const;

/** A holiday's dates: one day, or first to last. */
export function useHolidayDates() {
  const { t, i18n } = useTranslation();
  return (h: Pick<Holiday, 'startDate' | 'endDate'>) =>
    h.startDate === h.endDate
      ? shortDate(h.startDate, i18n.language)
      : t('calendar.range', { start: shortDate(h.startDate, i18n.language), end: shortDate(h.endDate, i18n.language) });
}

/**
 * The holidays of a session by date, a page at a time, all or only the coming ones (kept in the
 * address); the principal edits one in a modal and removes one after a confirmation. Cards on
 * phones, a table otherwise.
 */
export function HolidayList({ session, editable, heading }: { session: AcademicSession; editable: boolean; heading: string }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(FILTERS, 'all', PAGE_SIZE_DEFAULT);
  const query = useHolidayList(session.sessionId, { page: list.page, pageSize: list.pageSize, upcoming: list.status === 'upcoming' });
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const [editing, setEditing] = useState<Holiday | null>(null);
  const remove = useDeleteHoliday();
  const dates = useHolidayDates();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const items = query.data?.items ?? [];
  useClampPage(list.page, query.data, list.setPage);

  const days = (h: Holiday) => t('calendar.holidays.daysCount', { count: h.days, n: numbers.format(h.days) });
  const askRemove = (h: Holiday) =>
    modals.openConfirmModal({
      title: t('calendar.holidays.removeTitle'),
      children: <Text size="sm">{t('calendar.holidays.removeText', { title: h.title, dates: dates(h) })}</Text>,
      labels: { confirm: t('calendar.holidays.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(h.holidayId, {
          onSuccess: () => notifySaved(t('calendar.holidays.removed', { title: h.title })),
          onError: (error) => notifyError(error, t('calendar.holidays.removeFailed')),
        }),
    });

  const actions = (h: Holiday) =>
    editable ? (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" aria-label={t('calendar.holidays.editNamed', { title: h.title })} onClick={() => setEditing(h)}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('calendar.holidays.remove')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('calendar.holidays.removeNamed', { title: h.title })} onClick={() => askRemove(h)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    ) : null;

  const titleCell = (h: Holiday) => (
    <>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {h.title}
      </Text>
      {h.description ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {h.description}
        </Text>
      ) : null}
    </>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text component="h2" fw={650} size="lg" m={0}>
          {heading}
        </Text>
        <SegmentedControl
          aria-label={t('calendar.holidays.filter')}
          value={list.status}
          onChange={(v) => list.setStatus(v as (typeof FILTERS)[number])}
          data={FILTERS.map((f) => ({ value: f, label: t(`calendar.holidays.filters.${f}`) }))}
        />
      </Group>
      <ListState
        query={query}
        isEmpty={items.length === 0}
        emptyText={list.status === 'upcoming' ? t('calendar.holidays.emptyUpcoming') : t('calendar.holidays.empty')}
        rows={3}
      >
        {cards ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={heading} aria-busy={query.isFetching}>
            {items.map((h) => (
              <Paper key={h.holidayId} component="li" withBorder radius="md" p="md">
                {titleCell(h)}
                <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
                  <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                    <Text size="sm">{dates(h)}</Text>
                    <Badge variant="light" color="orange" style={{ textTransform: 'none' }}>
                      {days(h)}
                    </Badge>
                  </Group>
                  {actions(h)}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={560} type="native">
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={heading} aria-busy={query.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('calendar.holidays.title')}</Table.Th>
                    <Table.Th>{t('calendar.holidays.dates')}</Table.Th>
                    <Table.Th>{t('calendar.holidays.days')}</Table.Th>
                    {editable ? (
                      <Table.Th>
                        <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                      </Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((h) => (
                    <Table.Tr key={h.holidayId}>
                      <Table.Td>{titleCell(h)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates(h)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{days(h)}</Table.Td>
                      {editable ? <Table.Td>{actions(h)}</Table.Td> : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        <ListPager page={list.page} pageSize={list.pageSize} total={query.data?.total ?? 0} onChange={list.setPage} />
      </ListState>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={editing ? t('calendar.holidays.editNamed', { title: editing.title }) : ''} centered>
        {editing ? (
          <HolidayForm
            key={editing.holidayId}
            target={{ mode: 'edit', holiday: editing, session: editing.sessionId === session.sessionId ? session : null }}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
