import { memo, useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconChecks, IconDownload, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubstitutionDay, UncoveredPeriod } from '@shala/contract';
import { downloadArrangementRegister, useSaveSubstitutions, useSubstitutionDay } from '../../api/substitutions';
import { apiErrorText, reasonText } from '../../api/errors';
import { isApiError } from '../../api/http';
import { DateField } from '../../components/DateField';
import { PageHeading } from '../../components/PageHeading';
import { QueryError } from '../../components/ListState';
import { useFormat } from '../../lib/format';
import { notifyError, notifySaved } from '../../lib/notify';
import type { ScreenProps } from '../../lib/screen';
import { useAddressParams } from '../../lib/useListParams';
import { useClassLabel } from '../academics';
import { useSchoolToday, useUnsavedGuard } from '../attendance';
import { periodName } from '../timetable';
import { ExchangeModal } from './ExchangeModal';
import { changedItems, fillAll, noSchoolKey, pickerGroups, pickOf, savedId, slotKey, type Picks } from './substitutionLogic';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The refusals of a confirmation that mean the day has changed since it was read: read it again. */
const RELOAD_ON = new Set(['substitute_busy', 'substitute_cap', 'substitute_away', 'not_uncovered']);
const AWAY_COLOR = { absent: 'red', on_leave: 'blue', half_day: 'orange', present: 'grape' } as const;
const NONE = '';

/**
 * /substitutions?date= (112, 113): the arrangement register. The date's teachers away and their
 * periods without a teacher, each with a substitute picker (the 5 suggested first, then every other
 * free teacher); "Fill all" puts the proposals in the empty pickers, Confirm saves the changed ones
 * (all or none), and the register prints as a PDF in English or Hindi. "Exchange a period" saves two
 * present teachers' lessons given to each other (`ExchangeModal`); such a row shows as an exchange.
 */
export default function SubstitutionsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { params, update } = useAddressParams();
  const today = useSchoolToday();
  const asked = params.get('date');
  const date = asked && DAY.test(asked) ? asked : today;
  const day = useSubstitutionDay(date);
  const save = useSaveSubstitutions();
  const [changes, setChanges] = useState<{ date: string; picks: Picks }>({ date: '', picks: {} });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [exchanging, setExchanging] = useState(false);
  const picks = useMemo(() => (changes.date === date ? changes.picks : {}), [changes, date]);
  const data = day.data;
  const items = useMemo(() => (data ? changedItems(data, picks) : []), [data, picks]);
  const confirmLeave = useUnsavedGuard(items.length > 0);

  const pick = useCallback((key: string, teacherId: string | null) => setChanges((c) => ({ date, picks: { ...(c.date === date ? c.picks : {}), [key]: teacherId } })), [date]);
  const choose = (next: string) => {
    if (!next || next === date) return;
    confirmLeave(() => {
      setChanges({ date: '', picks: {} });
      setRefusal(null);
      update({ date: next });
    });
  };

  const confirm = () => {
    if (!data || items.length === 0) return;
    setRefusal(null);
    save.mutate(
      { date: data.date, items },
      {
        onSuccess: () => {
          setChanges({ date: '', picks: {} });
          notifySaved(t('substitutions.saved', { date: fmt.date(data.date) }), { check: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.reason && RELOAD_ON.has(error.reason)) {
            // Someone else arranged, or a teacher's day changed: the reason names who, and the day is read again.
            setRefusal(reasonText(error.reason, error.params, t) ?? apiErrorText(error, t));
            void day.refetch();
          } else notifyError(error, t('substitutions.saveFailed'));
        },
      },
    );
  };

  return (
    <>
      <PageHeading title={t(route.title)} description={t('substitutions.description')} />
      <Stack gap="md" maw={960}>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateField label={t('substitutions.date')} required value={date} onChange={choose} w={{ base: '100%', xs: 240 }} />
            {data?.canArrange && noSchoolKey(data) === null ? (
              <Button variant="default" leftSection={<IconArrowsExchange size={18} aria-hidden />} onClick={() => setExchanging(true)}>
                {t('substitutions.exchange.open')}
              </Button>
            ) : null}
            <RegisterDownloads date={date} disabled={!data || noSchoolKey(data) !== null} />
          </Group>
        </Paper>
        {day.isLoading ? (
          <Stack gap="xs" role="status" aria-label={t('common.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={96} radius="md" />
            ))}
          </Stack>
        ) : day.isError ? (
          <QueryError query={day} title={t('substitutions.loadError')} />
        ) : data ? (
          <Arrangements
            data={data}
            picks={picks}
            changed={items.length}
            refusal={refusal}
            onPick={pick}
            onFillAll={() => setChanges({ date, picks: fillAll(data, picks) })}
            onConfirm={confirm}
            saving={save.isPending}
          />
        ) : null}
      </Stack>
      {exchanging && data ? <ExchangeModal data={data} onClose={() => setExchanging(false)} onRefused={() => void day.refetch()} /> : null}
    </>
  );
}

/** The register's PDF in English and in Hindi. */
function RegisterDownloads({ date, disabled }: { date: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'en' | 'hi' | null>(null);
  const download = async (lang: 'en' | 'hi') => {
    setBusy(lang);
    try {
      await downloadArrangementRegister(date, lang);
    } catch (error) {
      notifyError(error, t('substitutions.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap" ml={{ xs: 'auto' }}>
      {(['en', 'hi'] as const).map((lang) => (
        <Button
          key={lang}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === lang}
          disabled={disabled || (busy !== null && busy !== lang)}
          onClick={() => void download(lang)}
          // A long label wraps on a narrow phone instead of leaving the page.
          h="auto"
          mih={36}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', paddingBlock: 6 } }}
        >
          {t(lang === 'en' ? 'substitutions.registerEn' : 'substitutions.registerHi')}
        </Button>
      ))}
    </Group>
  );
}

function Arrangements({
  data,
  picks,
  changed,
  refusal,
  onPick,
  onFillAll,
  onConfirm,
  saving,
}: {
  data: SubstitutionDay;
  picks: Picks;
  changed: number;
  refusal: string | null;
  onPick: (key: string, teacherId: string | null) => void;
  onFillAll: () => void;
  onConfirm: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const notSchool = noSchoolKey(data);
  const editable = data.canArrange;
  const empty = data.periods.every((p) => pickOf(p, picks) !== null || !p.proposedId);
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} component="h2" size="md" m={0}>
          {fmt.longDate(data.date)}
        </Text>
        {notSchool ? null : (
          <Text size="sm" c="dimmed">
            {t('substitutions.caps', { daily: fmt.number(data.dailyCap), weekly: fmt.number(data.weeklyCap) })}
          </Text>
        )}
      </Group>
      {notSchool ? (
        <Alert color="yellow" role="status" title={t('substitutions.notSchoolTitle')}>
          {t(notSchool, { title: data.holidayTitle ?? '' })}
        </Alert>
      ) : (
        <>
          <AwayList away={data.away} />
          {data.periods.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed" role="status">
                {t(data.away.length === 0 ? 'substitutions.nobodyAway' : 'substitutions.noPeriods')}
              </Text>
            </Paper>
          ) : (
            <>
              {!editable ? (
                <Alert color="gray" role="status">
                  {t('substitutions.readOnly')}
                </Alert>
              ) : null}
              {refusal ? (
                <Alert color="red" role="alert" title={t('substitutions.saveFailed')}>
                  {refusal}
                </Alert>
              ) : null}
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('substitutions.listLabel')}>
                {data.periods.map((p) => (
                  <PeriodRow key={slotKey(p)} period={p} teachers={data.teachers} value={pickOf(p, picks)} editable={editable} onPick={onPick} />
                ))}
              </Stack>
              {editable ? (
                <Paper withBorder shadow="md" radius="md" p="sm" pos="sticky" bottom={8} style={{ zIndex: 5 }} component="section" aria-label={t('substitutions.actions')}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" c={changed ? 'orange.8' : 'dimmed'} aria-live="polite">
                      {changed ? t('substitutions.unsaved', { count: changed }) : t('substitutions.upToDate')}
                    </Text>
                    <Group gap="xs" wrap="wrap">
                      <Button variant="default" leftSection={<IconWand size={18} aria-hidden />} onClick={onFillAll} disabled={empty}>
                        {t('substitutions.fillAll')}
                      </Button>
                      <Button leftSection={<IconChecks size={18} aria-hidden />} onClick={onConfirm} loading={saving} disabled={changed === 0}>
                        {t('substitutions.confirm')}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              ) : null}
            </>
          )}
        </>
      )}
    </>
  );
}

/** Who is away, and why. */
function AwayList({ away }: { away: SubstitutionDay['away'] }) {
  const { t } = useTranslation();
  if (away.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('substitutions.awayTitle')}>
      <Text fw={600} size="sm" mb={6}>
        {t('substitutions.awayTitle')}
      </Text>
      <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {away.map((a) => (
          <Box component="li" key={a.teacherId} data-testid="away">
            <Badge variant="light" color={AWAY_COLOR[a.away]} tt="none" size="lg" style={{ height: 'auto', whiteSpace: 'normal' }}>
              {a.fullName}: {t(`substitutions.awayKind.${a.away}`)}
            </Badge>
          </Box>
        ))}
      </Group>
    </Paper>
  );
}

/** One uncovered period: when, which class and subject, whose, and its substitute. */
const PeriodRow = memo(function PeriodRow({
  period: p,
  teachers,
  value,
  editable,
  onPick,
}: {
  period: UncoveredPeriod;
  teachers: SubstitutionDay['teachers'];
  value: string | null;
  editable: boolean;
  onPick: (key: string, teacherId: string | null) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const label = useClassLabel();
  const key = slotKey(p);
  const name = periodName(p.periodName, t);
  const className = label(p.class);
  const changed = value !== savedId(p);
  const { suggested, others } = pickerGroups(p, teachers);
  const chosen = p.candidates.find((c) => c.teacherId === value);
  const reasons = (c: (typeof p.candidates)[number]) =>
    [...c.reasons.map((r) => t(`substitutions.reason.${r}`)), t('substitutions.coversToday', { count: c.coversToday, n: fmt.number(c.coversToday) })].join(', ');
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={`${name}, ${className}`}
      data-testid="uncovered"
      style={changed ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Box style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name} · {p.startTime}–{p.endTime} · {className}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {p.subjectName} · {p.absentTeacherName}
              {p.away === 'present' ? null : ` (${t(`substitutions.awayKind.${p.away}`)})`}
            </Text>
            {p.away === 'present' ? (
              <Badge mt={4} color={AWAY_COLOR.present} variant="light" tt="none" leftSection={<IconArrowsExchange size={12} aria-hidden />}>
                {t('substitutions.exchange.badge')}
              </Badge>
            ) : null}
          </Box>
          {p.substitute && !changed ? (
            <Badge color="green" variant="light" tt="none" size="lg" style={{ height: 'auto', whiteSpace: 'normal' }}>
              {t('substitutions.arranged', { name: p.substitute.fullName })}
            </Badge>
          ) : !editable ? (
            <Badge color="gray" variant="light" tt="none">
              {t('substitutions.notArranged')}
            </Badge>
          ) : null}
        </Group>
        {editable ? (
          <>
            <NativeSelect
              label={t('substitutions.substitute')}
              aria-label={t('substitutions.substituteFor', { period: name, className })}
              value={value ?? NONE}
              onChange={(e) => onPick(key, e.currentTarget.value || null)}
              w={{ base: '100%', sm: 420 }}
            >
              <option value={NONE}>{t('substitutions.none')}</option>
              {suggested.length ? (
                <optgroup label={t('substitutions.suggested')}>
                  {suggested.map((c) => (
                    <option key={c.teacherId} value={c.teacherId}>
                      {`${c.fullName} (${reasons(c)})`}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {others.length ? (
                <optgroup label={t('substitutions.others')}>
                  {others.map((o) => (
                    <option key={o.teacherId} value={o.teacherId}>
                      {o.fullName}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </NativeSelect>
            {chosen ? (
              <Group gap={4} wrap="wrap" data-testid="reasons">
                {chosen.reasons.map((r) => (
                  <Badge key={r} size="sm" variant="light" color="teal" tt="none">
                    {t(`substitutions.reason.${r}`)}
                  </Badge>
                ))}
                <Badge size="sm" variant="light" color="gray" tt="none">
                  {t('substitutions.coversToday', { count: chosen.coversToday, n: fmt.number(chosen.coversToday) })}
                </Badge>
                <Badge size="sm" variant="light" color="gray" tt="none">
                  {t('substitutions.coversRecent', { count: chosen.coversRecent, n: fmt.number(chosen.coversRecent) })}
                </Badge>
              </Group>
            ) : suggested.length === 0 && others.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('substitutions.nobodyFree')}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
});
