import { Paper, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferences } from '@shala/contract';
import { useSavePreferences } from '../../api/messaging';
import { toastOutcome } from '../../lib/notify';
import { SettingsCard } from './SettingsCard';

/** The consent text and its version, as the parent agrees to it (the version is recorded with the consent). */
function ConsentText({ version }: { version: string }) {
  const { t } = useTranslation();
  return (
    <Paper bg="gray.0" p="md" radius="sm">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="whatsapp-consent">
        {t('messaging.whatsappConsent')}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {t('messaging.whatsapp.version', { version })}
      </Text>
    </Paper>
  );
}

/**
 * A parent's WhatsApp: off until the mobile number is verified; turning it on shows the consent
 * text and records the consent on "I agree"; turning it off withdraws it at once.
 */
export function WhatsAppCard({ prefs }: { prefs: NotificationPreferences }) {
  const { t } = useTranslation();
  const save = useSavePreferences();

  const turn = (on: boolean) =>
    save.mutate({ whatsappOptIn: on }, toastOutcome(on ? t('messaging.whatsapp.turnedOn') : t('messaging.whatsapp.turnedOff'), t('messaging.failed')));

  const change = (on: boolean) => {
    if (!on) return turn(false);
    modals.openConfirmModal({
      title: t('messaging.whatsapp.consentTitle'),
      children: <ConsentText version={prefs.whatsappConsentVersion} />,
      labels: { confirm: t('messaging.whatsapp.agree'), cancel: t('common.cancel') },
      onConfirm: () => turn(true),
    });
  };

  return (
    <SettingsCard id="whatsapp" title={t('messaging.whatsapp.title')}>
      {/* The hint under the switch, not its description: Mantine's label would take it into the switch's name. */}
      <Switch
        label={t('messaging.whatsapp.switch')}
        aria-describedby="whatsapp-hint"
        checked={prefs.whatsappOptIn}
        disabled={!prefs.mobileVerified && !prefs.whatsappOptIn}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      <Text id="whatsapp-hint" size="sm" c="dimmed" mt={4}>
        {!prefs.mobileVerified ? t('messaging.whatsapp.needsMobile') : prefs.whatsappOptIn ? t('messaging.whatsapp.onHint', { mobile: prefs.mobile ?? '' }) : t('messaging.whatsapp.offHint')}
      </Text>
      <Text size="xs" c="dimmed" mt="sm">
        {t(prefs.whatsappOptIn ? 'messaging.whatsapp.agreed' : 'messaging.whatsapp.version', { version: prefs.whatsappConsentVersion })}
      </Text>
    </SettingsCard>
  );
}
