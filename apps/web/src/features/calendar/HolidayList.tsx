import { useState } from 'react';
import { Badge, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT, type AcademicSession, type Holiday } from '@shala/contract';
import { useDeleteHoliday, useHolidayList } from '../../api/calendar';
import { ListPager } from '../../components/ListToolbar';
import { useClampPage, useListParams } from '../../lib/useListParams';
import { localeOf } from '../../lib/format';
import { HolidayForm } from './HolidayForm';
import { shortDate } from './month';
import { toastOutcome } from '../../lib/notify';
import { DataTable } from '../../components/DataTable';
import { RowAction } from '../../components/RowAction';
import { confirmAction } from '../../lib/confirm';

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
  const [editing, setEditing] = useState<Holiday | null>(null);
  const remove = useDeleteHoliday();
  const dates = useHolidayDates();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const items = query.data?.items ?? [];
  useClampPage(list.page, query.data, list.setPage);

  const days = (h: Holiday) => t('calendar.holidays.daysCount', { count: h.days, n: numbers.format(h.days) });
  const askRemove = (h: Holiday) =>
    confirmAction({
      title: t('calendar.holidays.removeTitle'),
      text: t('calendar.holidays.removeText', { title: h.title, dates: dates(h) }),
      confirm: t('calendar.holidays.remove'),
      color: 'red',
      onConfirm: () => remove.mutate(h.holidayId, toastOutcome(t('calendar.holidays.removed', { title: h.title }), t('calendar.holidays.removeFailed'))),
    });

  const actions = (h: Holiday) => (
    <>
      <RowAction tip={t('common.edit')} label={t('calendar.holidays.editNamed', { title: h.title })} icon={IconPencil} onClick={() => setEditing(h)} />
      <RowAction tip={t('calendar.holidays.remove')} label={t('calendar.holidays.removeNamed', { title: h.title })} icon={IconTrash} onClick={() => askRemove(h)} danger />
    </>
  );

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
      <DataTable
        label={heading}
        items={items}
        rowKey={(h) => h.holidayId}
        minWidth={560}
        busy={query.isFetching}
        state={{ query, emptyText: list.status === 'upcoming' ? t('calendar.holidays.emptyUpcoming') : t('calendar.holidays.empty'), rows: 3 }}
        after={<ListPager page={list.page} pageSize={list.pageSize} total={query.data?.total ?? 0} onChange={list.setPage} />}
        columns={[
          { key: 'title', header: t('calendar.holidays.title'), cell: titleCell },
          { key: 'dates', header: t('calendar.holidays.dates'), cell: dates, wrap: 'nowrap' },
          { key: 'days', header: t('calendar.holidays.days'), cell: days, wrap: 'nowrap' },
        ]}
        card={(h) => (
          <>
            {titleCell(h)}
            <Group gap="xs" wrap="wrap" mt="xs" style={{ minWidth: 0 }}>
              <Text size="sm">{dates(h)}</Text>
              <Badge variant="light" color="orange" style={{ textTransform: 'none' }}>
                {days(h)}
              </Badge>
            </Group>
          </>
        )}
        rowActions={editable ? actions : undefined}
      />
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
