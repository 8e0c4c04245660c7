import { memo, useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Flex, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecks, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROLE_KEY, type Role, type StaffCounts, type StaffDay, type StaffDayRow, type StaffStatus } from '@shala/contract';
import { useSaveStaffDay, useStaffDay } from '../../api/staff';
import { reasonText } from '../../api/errors';
import { isApiError } from '../../api/http';
import { DateField } from '../../components/DateField';
import { QueryError } from '../../components/ListState';
import { useFormat } from '../../lib/format';
import { notifyError, notifySaved } from '../../lib/notify';
import { useAddressParams } from '../../lib/useListParams';
import { useUnsavedGuard } from '../attendance';
import { allPresent, changedCount, CHOOSABLE, countsOf, dayBody, effectiveStatuses, personKey, refusalReason, STATUS_COLOR, type StaffMarks } from './logic';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day's register: the date, why it cannot be marked, each person's status, the counts and Save. */
export function StaffDayView({ today }: { today: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { params, update } = useAddressParams();
  const asked = params.get('date');
  const date = asked && DAY.test(asked) ? asked : today;
  const day = useStaffDay(date);
  const save = useSaveStaffDay();
  const [changes, setChanges] = useState<{ date: string; marks: StaffMarks }>({ date: '', marks: {} });
  const own = useMemo(() => (changes.date === date ? changes.marks : {}), [changes, date]);
  const data = day.data;
  const changed = data ? changedCount(data, own) : 0;
  const confirmLeave = useUnsavedGuard(changed > 0);

  const setStatus = useCallback((key: string, status: StaffStatus) => setChanges((c) => ({ date, marks: { ...(c.date === date ? c.marks : {}), [key]: status } })), [date]);
  const choose = (next: string) => {
    if (!next || next === date) return;
    confirmLeave(() => {
      setChanges({ date: '', marks: {} });
      update({ date: next === today ? null : next });
    });
  };

  const submit = () => {
    if (!data) return;
    save.mutate(dayBody(data, own), {
      onSuccess: () => {
        setChanges({ date: '', marks: {} });
        notifySaved(t('staff.day.saved', { date: fmt.date(data.date) }), { check: true });
      },
      onError: (error) => {
        notifyError(error, t('staff.day.saveFailed'));
        // Someone joined or left since the list was read: read it again.
        if (isApiError(error) && error.reason === 'staff_register_mismatch') void day.refetch();
      },
    });
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DateField label={t('staff.day.date')} required value={date} max={today} onChange={choose} w={{ base: '100%', xs: 240 }} />
      </Paper>
      {day.isLoading ? (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </Stack>
      ) : day.isError ? (
        <QueryError query={day} title={t('staff.day.loadError')} />
      ) : data ? (
        <DayRegister data={data} own={own} changed={changed} setStatus={setStatus} onAllPresent={() => setChanges({ date, marks: allPresent(data) })} onSave={submit} saving={save.isPending} />
      ) : null}
    </Stack>
  );
}

function DayRegister({
  data,
  own,
  changed,
  setStatus,
  onAllPresent,
  onSave,
  saving,
}: {
  data: StaffDay;
  own: StaffMarks;
  changed: number;
  setStatus: (key: string, status: StaffStatus) => void;
  onAllPresent: () => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const reason = refusalReason(data);
  const editable = data.canMark;
  const statuses = useMemo(() => effectiveStatuses(data, own), [data, own]);
  const counts = countsOf(data, own);
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} component="h2" size="md" m={0}>
          {fmt.longDate(data.date)}
        </Text>
        <Badge color={data.final ? 'green' : 'gray'} variant="light" size="lg" tt="none" style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal' }}>
          {data.final ? (data.markedAt ? t('staff.day.savedAt', { when: fmt.dateTime(data.markedAt) }) : t('staff.day.savedShort')) : t('staff.day.notSaved')}
        </Badge>
      </Group>
      {!editable ? (
        <Alert color="yellow" role="status" title={t('staff.day.cannotMark')}>
          {(reason && reasonText(reason, { title: data.holidayTitle ?? '' }, t)) ?? t('staff.day.cannotMarkText')}
        </Alert>
      ) : null}
      {!data.final && !editable ? null : data.people.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" role="status">
            {t('staff.day.empty')}
          </Text>
        </Paper>
      ) : (
        <>
          {editable ? (
            <Group justify="flex-end">
              <Button variant="default" leftSection={<IconChecks size={18} aria-hidden />} onClick={onAllPresent}>
                {t('staff.day.allPresent')}
              </Button>
            </Group>
          ) : null}
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('staff.day.listLabel')}>
            {data.people.map((p) => {
              const key = personKey(p);
              const status = statuses[key] ?? p.status;
              return <PersonRow key={key} person={p} status={status} changed={editable && status !== p.status} editable={editable} onChange={setStatus} />;
            })}
          </Stack>
          <Paper withBorder shadow="md" radius="md" p="sm" pos="sticky" bottom={8} style={{ zIndex: 5 }} aria-label={t('staff.day.summary')} component="section">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0}>
                <CountsLine counts={counts} />
                {editable ? (
                  <Text size="xs" c={changed ? 'orange.8' : 'dimmed'}>
                    {changed ? t('staff.day.unsaved', { count: changed }) : data.final ? t('staff.day.upToDate') : t('staff.day.firstSave')}
                  </Text>
                ) : null}
              </Stack>
              {editable ? (
                <Button size="md" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={onSave} loading={saving} disabled={data.final && changed === 0}>
                  {t('staff.day.save')}
                </Button>
              ) : null}
            </Group>
          </Paper>
        </>
      )}
    </>
  );
}

/** Who a person is: a user's role, or a staff member's designation. */
export function useWhoText() {
  const { t } = useTranslation();
  return (p: { roleId: number | null; designation: string | null }) => (p.roleId !== null && p.roleId in ROLE_KEY ? t(ROLE_KEY[p.roleId as Role]) : (p.designation ?? ''));
}

/** A person: the name and role or designation, the status chooser below on a phone, beside it wider. */
const PersonRow = memo(function PersonRow({
  person,
  status,
  changed,
  editable,
  onChange,
}: {
  person: StaffDayRow;
  status: StaffStatus;
  changed: boolean;
  editable: boolean;
  onChange: (key: string, status: StaffStatus) => void;
}) {
  const { t } = useTranslation();
  const who = useWhoText();
  const key = personKey(person);
  const name = person.fullName;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-status={status} aria-label={name} style={changed ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}>
      <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" align={{ base: 'stretch', xs: 'center' }} justify="space-between">
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {who(person)}
          </Text>
          <CheckinLine person={person} status={status} />
        </Box>
        {editable && status !== 'on_leave' ? (
          <NativeSelect
            aria-label={t('staff.day.statusOf', { name })}
            value={status}
            onChange={(e) => onChange(key, e.currentTarget.value as StaffStatus)}
            data={CHOOSABLE.map((s) => ({ value: s, label: t(`staff.status.${s}`) }))}
            size="md"
            w={{ base: '100%', xs: 260 }}
            style={{ flexShrink: 0 }}
            styles={{ input: { borderColor: `var(--mantine-color-${STATUS_COLOR[status]}-6)` } }}
          />
        ) : (
          <Badge size="lg" variant="light" tt="none" color={STATUS_COLOR[status]} style={{ alignSelf: 'flex-start', flexShrink: 0, height: 'auto', whiteSpace: 'normal' }}>
            {t(`staff.status.${status}`)}
          </Badge>
        )}
      </Flex>
    </Paper>
  );
});

/** "10 present · 1 absent · 1 half day · 0 on leave · 0 on duty". */
export function CountsLine({ counts }: { counts: StaffCounts }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Text size="sm" fw={600} aria-live="polite">
      {(['present', 'absent', 'halfDay', 'onLeave', 'onDuty'] as const).map((k) => t(`staff.counts.${k}`, { n: fmt.number(counts[k]) })).join(' · ')}
    </Text>
  );
}

/** A person's self check-in (its time, late, outside the campus) and an approved leave's code. */
function CheckinLine({ person, status }: { person: StaffDayRow; status: StaffStatus }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const leave = status === 'on_leave' && person.leaveCode;
  if (!person.checkInAt && !leave) return null;
  return (
    <Group gap={6} mt={4} wrap="wrap" data-testid="checkin-line">
      {leave ? (
        <Badge size="sm" variant="outline" color="blue" tt="none">
          {person.leaveCode}
        </Badge>
      ) : null}
      {person.checkInAt ? (
        <Text size="xs" c="dimmed">
          {t('checkin.day.at', { time: fmt.time(person.checkInAt) })}
        </Text>
      ) : null}
      {person.lateMinutes ? (
        <Badge size="sm" variant="light" color="orange" tt="none">
          {t('checkin.day.late', { n: fmt.number(person.lateMinutes) })}
        </Badge>
      ) : null}
      {person.checkInInside === false ? (
        <Badge size="sm" variant="light" color="red" tt="none">
          {t('checkin.day.outside')}
        </Badge>
      ) : null}
    </Group>
  );
}
