import { nowMs } from '../../api/clock';
import { useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconCurrentLocation, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ARRANGERS_MAX, staffSettingsInput, type StaffSettings, type StaffSettingsInput } from '@shala/contract';
import { useCheckinQr, useSaveStaffSettings, useStaffSettings } from '../../api/staff-leave';
import { TEACHER_OPTIONS_KEY, teacherOptions } from '../../api/academics-assign';
import { RemoteMultiSelect } from '../../components/RemoteSelect';
import { QueryError } from '../../components/ListState';
import { FailureAlert } from '../../components/ModalFooter';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { useSubmit } from '../../lib/useSubmit';
import { useFormat } from '../../lib/format';

/** The server's SVG as an image's data URL: drawn by the browser as a picture, never as the page's markup. */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** Seconds from now until an instant (never below 0). */
const secondsUntil = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - nowMs()) / 1000));

/**
 * The office's check-in QR (admins): large, asked again at its refreshAt (a countdown till then),
 * the day's check-ins so far; below, the staff settings (grace, campus, substitution caps, the
 * teachers with the arrangement duty).
 */
export function CheckinQrView() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const qr = useCheckinQr();
  const data = qr.data;
  const [left, setLeft] = useState<number | null>(null);
  const { refetch, errorUpdatedAt } = qr;

  useEffect(() => {
    if (!data) return;
    setLeft(secondsUntil(data.refreshAt));
    const tick = setInterval(() => setLeft(secondsUntil(data.refreshAt)), 1000);
    // Ask again when the token changes (a moment after, so the server's next window has begun);
    // after a failed ask (the time is past), again in a few seconds.
    const until = Date.parse(data.refreshAt) - nowMs();
    const refresh = setTimeout(() => void refetch(), until > 0 ? until + 250 : 5000);
    return () => {
      clearInterval(tick);
      clearTimeout(refresh);
    };
  }, [data, refetch, errorUpdatedAt]);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {qr.isLoading ? (
          <Skeleton h={320} radius="md" aria-label={t('common.loading')} />
        ) : qr.isError && !data ? (
          <QueryError query={qr} title={t('checkin.qr.loadError')} />
        ) : data ? (
          <Stack gap="sm" align="center">
            <Text ta="center" size="sm">
              {t('checkin.qr.hint')}
            </Text>
            <img src={svgDataUrl(data.svg)} alt={t('checkin.qr.alt')} data-testid="checkin-qr" style={{ width: 'min(100%, 420px)', height: 'auto', aspectRatio: '1 / 1', background: '#fff' }} />
            {qr.isError ? (
              <Text size="sm" c="red.8" role="alert" ta="center">
                {t('checkin.qr.refreshFailed')}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed" aria-live="off" data-testid="checkin-countdown">
              {t('checkin.qr.refreshIn', { count: left ?? 0 })}
            </Text>
            <Text fw={700} size="lg" role="status">
              {t('checkin.qr.checkedIn', { n: fmt.number(data.checkedIn) })}
            </Text>
          </Stack>
        ) : null}
      </Paper>
      <SettingsForm />
    </Stack>
  );
}

interface Values {
  graceMinutes: number | string;
  useCampus: boolean;
  latitude: number | string;
  longitude: number | string;
  radiusMetres: number | string;
  dailyCoverCap: number | string;
  weeklyCoverCap: number | string;
  /** The teachers with the arrangement duty (issue 42). */
  arrangers: string[];
}

const bodyOf = (v: Values): StaffSettingsInput => ({
  graceMinutes: Number(v.graceMinutes),
  campus: v.useCampus ? { latitude: Number(v.latitude), longitude: Number(v.longitude), radiusMetres: Number(v.radiusMetres) } : null,
  dailyCoverCap: Number(v.dailyCoverCap),
  weeklyCoverCap: Number(v.weeklyCoverCap),
  arrangers: v.arrangers,
});

function SettingsForm() {
  const { t } = useTranslation();
  const settings = useStaffSettings();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="staff-settings-title">
      <Text component="h2" fw={700} size="md" m={0} mb="sm" id="staff-settings-title">
        {t('checkin.settings.title')}
      </Text>
      {settings.isLoading ? <Skeleton h={200} /> : settings.isError ? <QueryError query={settings} title={t('checkin.settings.loadError')} /> : settings.data ? <SettingsFields initial={settings.data} /> : null}
    </Paper>
  );
}

function SettingsFields({ initial }: { initial: StaffSettings }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const save = useSaveStaffSettings();
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  const form = useContractForm<Values>(staffSettingsInput, {
    initialValues: {
      graceMinutes: initial.graceMinutes,
      useCampus: !!initial.campus,
      latitude: initial.campus?.latitude ?? '',
      longitude: initial.campus?.longitude ?? '',
      radiusMetres: initial.campus?.radiusMetres ?? 200,
      dailyCoverCap: initial.dailyCoverCap,
      weeklyCoverCap: initial.weeklyCoverCap,
      arrangers: initial.arrangers.map((a) => a.userId),
    },
    prepare: bodyOf,
  });
  const submit = useSubmit({ form, save: (v: Values) => save.mutateAsync(bodyOf(v)), saved: () => t('checkin.settings.saved') });
  const locate = () => {
    setLocateFailed(false);
    if (!('geolocation' in navigator)) {
      setLocateFailed(true);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        form.setValues({ latitude: Number(p.coords.latitude.toFixed(6)), longitude: Number(p.coords.longitude.toFixed(6)) });
      },
      () => {
        setLocating(false);
        setLocateFailed(true);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };
  const campusError = (key: 'latitude' | 'longitude' | 'radiusMetres') => errorText(form.errors[key] ?? form.errors[`campus.${key}`]);
  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('checkin.settings.title')}>
      <Stack gap="md">
        <NumberInput label={t('checkin.settings.grace')} description={t('checkin.settings.graceHint')} min={0} max={240} allowDecimal={false} {...form.getInputProps('graceMinutes')} error={errorText(form.errors.graceMinutes)} w={{ base: '100%', xs: 240 }} />
        <Switch label={t('checkin.settings.useCampus')} description={t('checkin.settings.useCampusHint')} {...form.getInputProps('useCampus', { type: 'checkbox' })} />
        {form.values.useCampus ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <NumberInput label={t('checkin.settings.latitude')} min={-90} max={90} decimalScale={6} {...form.getInputProps('latitude')} error={campusError('latitude')} />
              <NumberInput label={t('checkin.settings.longitude')} min={-180} max={180} decimalScale={6} {...form.getInputProps('longitude')} error={campusError('longitude')} />
              <NumberInput label={t('checkin.settings.radius')} min={20} max={5000} allowDecimal={false} {...form.getInputProps('radiusMetres')} error={campusError('radiusMetres')} />
            </SimpleGrid>
            <Group>
              <Button variant="light" leftSection={<IconCurrentLocation size={16} aria-hidden />} loading={locating} onClick={locate}>
                {t('checkin.settings.useLocation')}
              </Button>
            </Group>
            {locateFailed ? (
              <Alert color="red" role="alert">
                {t('checkin.positionFailed')}
              </Alert>
            ) : null}
          </>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput label={t('checkin.settings.dailyCap')} min={1} max={8} allowDecimal={false} {...form.getInputProps('dailyCoverCap')} error={errorText(form.errors.dailyCoverCap)} />
          <NumberInput label={t('checkin.settings.weeklyCap')} min={1} max={40} allowDecimal={false} {...form.getInputProps('weeklyCoverCap')} error={errorText(form.errors.weeklyCoverCap)} />
        </SimpleGrid>
        <RemoteMultiSelect
          label={t('checkin.settings.arrangers')}
          description={t('checkin.settings.arrangersHint', { n: ARRANGERS_MAX })}
          placeholder={t('checkin.settings.arrangersSearch')}
          queryKey={TEACHER_OPTIONS_KEY}
          fetchOptions={teacherOptions}
          value={form.values.arrangers}
          valueLabels={initial.arrangers.map((a) => ({ value: a.userId, label: a.fullName }))}
          onChange={(next) => form.setFieldValue('arrangers', next)}
          maxValues={ARRANGERS_MAX}
          error={errorText(form.errors.arrangers)}
          maw={560}
        />
        <FailureAlert failure={submit.failure} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={submit.pending}>
            {t('checkin.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
