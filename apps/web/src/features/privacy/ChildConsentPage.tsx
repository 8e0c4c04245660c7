import { useEffect, useState } from 'react';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONSENT_VERSION, type ChildConsent, type ConsentState, type PersonSummary } from '@shala/contract';
import { useChildConsent, useGiveConsent, useWithdrawConsent } from '../../api/privacy';
import type { ScreenProps } from '../../lib/screen';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { ChosenChild } from '../parent';
import { DownloadButtons } from './DownloadButtons';
import { toastOutcome } from '../../lib/notify';
import { useFormat } from '../../lib/format';
import { confirmAction } from '../../lib/confirm';

export const STATE_COLOR: Record<ConsentState, string> = { given: 'green', withdrawn: 'orange', missing: 'gray' };

/** A consent state as a badge. */
export function ConsentBadge({ state }: { state: ConsentState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLOR[state]} style={{ textTransform: 'none', overflow: 'visible' }}>
      {t(`privacy.state.${state}`)}
    </Badge>
  );
}

/** /childconsent (115): a parent's consent per child (DPDP Act 2023), its history, and the child's data. */
export default function ChildConsentPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('privacy.consent.description')} />
      <ChosenChild label={t('privacy.consent.child')}>{(child) => <ChildConsentCard key={child.userId} child={child} />}</ChosenChild>
    </>
  );
}

function ChildConsentCard({ child }: { child: PersonSummary }) {
  const { t } = useTranslation();
  const query = useChildConsent(child.userId);
  return (
    <ListState
      query={query}
      isEmpty={!query.data}
      emptyText={t('privacy.consent.none')}
      rows={3}
    >
      {query.data ? <ConsentForm consent={query.data} /> : null}
    </ListState>
  );
}

function ConsentForm({ consent }: { consent: ChildConsent }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const give = useGiveConsent();
  const withdraw = useWithdrawConsent();
  const inForce = consent.status === 'given' ? consent.current : null;
  const [photos, setPhotos] = useState(inForce?.photos ?? false);
  const [notify, setNotify] = useState(inForce?.notifications ?? false);
  useEffect(() => {
    setPhotos(inForce?.photos ?? false);
    setNotify(inForce?.notifications ?? false);
  }, [inForce?.photos, inForce?.notifications]);
  const outdated = !!inForce && inForce.version !== CONSENT_VERSION;
  const unchanged = !!inForce && !outdated && inForce.photos === photos && inForce.notifications === notify;

  const submit = () =>
    give.mutate(
      { studentId: consent.studentId, body: { version: CONSENT_VERSION, photos, notifications: notify } },
      toastOutcome(t('privacy.consent.saved', { name: consent.studentName }), t('privacy.consent.failed')),
    );
  const confirmWithdraw = () =>
    confirmAction({
      title: t('privacy.consent.withdrawTitle'),
      text: t('privacy.consent.withdrawText', { name: consent.studentName }),
      confirm: t('privacy.consent.withdraw'),
      color: 'red',
      onConfirm: () => withdraw.mutate({ studentId: consent.studentId }, toastOutcome(t('privacy.consent.withdrawn', { name: consent.studentName }), t('privacy.consent.failed'))),
    });

  return (
    <Stack gap="lg" maw={860}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {t('privacy.consent.for', { name: consent.studentName })}
            </Title>
            <ConsentBadge state={consent.status} />
          </Group>
          {consent.current ? (
            <Text size="sm" c="dimmed" data-testid="consent-current">
              {t(`privacy.consent.since.${consent.current.action}`, { at: fmt.dateTime(consent.current.at), name: consent.current.parentName })}
            </Text>
          ) : null}
          {outdated ? (
            <Text size="sm" c="orange.9">
              {t('privacy.consent.outdated')}
            </Text>
          ) : null}
          <Paper bg="gray.0" p="md" radius="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {t('privacy.consent.text')}
            </Text>
            <Text size="xs" c="dimmed" mt="xs">
              {t('privacy.consent.version', { version: CONSENT_VERSION })}
            </Text>
          </Paper>
          <Stack gap="xs">
            <Checkbox checked readOnly label={t('privacy.consent.processing')} description={t('privacy.consent.processingHint')} />
            <Checkbox checked={photos} onChange={(e) => setPhotos(e.currentTarget.checked)} label={t('privacy.consent.photos')} />
            <Checkbox checked={notify} onChange={(e) => setNotify(e.currentTarget.checked)} label={t('privacy.consent.notifications')} />
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button onClick={submit} loading={give.isPending} disabled={unchanged}>
              {inForce ? t('privacy.consent.update') : t('privacy.consent.give')}
            </Button>
            {inForce ? (
              <Button variant="outline" color="red" onClick={confirmWithdraw} loading={withdraw.isPending}>
                {t('privacy.consent.withdraw')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('privacy.export.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('privacy.export.parentHint')}
          </Text>
          <DownloadButtons studentId={consent.studentId} name={consent.studentName} />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h5" mb="sm">
          {t('privacy.consent.history')}
        </Title>
        {consent.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('privacy.consent.noHistory')}
          </Text>
        ) : (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('privacy.consent.history')}>
            {consent.history.map((h) => (
              <Group component="li" key={h.consentId} gap="xs" py="xs" wrap="wrap" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                <ConsentBadge state={h.action} />
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {fmt.dateTime(h.at)}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('privacy.consent.byName', { name: h.parentName })}
                  {h.action === 'given' ? ` · ${optionsText(t, h.photos, h.notifications)}` : ''}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** What a consent covers, in words: processing, and photos and notifications when given. */
export function optionsText(t: (key: string) => string, photos: boolean, notify: boolean): string {
  return [t('privacy.consent.short.processing'), photos ? t('privacy.consent.short.photos') : null, notify ? t('privacy.consent.short.notifications') : null]
    .filter(Boolean)
    .join(', ');
}
