import { Alert, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SettingsScopeContext, useMessagingSettings, type SettingsScope } from '../../api/messaging-settings';
import type { ScreenProps } from '../../lib/screen';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { SmsAccountForm } from './SmsAccountForm';
import { WhatsAppAccountForm } from './WhatsAppAccountForm';
import { RulesCard } from './RulesCard';

/**
 * /messagingsettings (113): the school's SMS (MSG91, DLT) and WhatsApp accounts with their
 * templates and webhook URLs, and its rules per kind. Secrets are write-only: a field shows only
 * that one is set and how it ends; left empty, the stored one stays.
 */
export default function MessagingSettingsPage({ route }: ScreenProps) {
  return <SettingsView route={route} scope="school" />;
}

/** The accounts of a scope (a school's with its rules; the platform's: PlatformMessagingPage). */
export function SettingsView({ route, scope }: Pick<ScreenProps, 'route'> & { scope: SettingsScope }) {
  return (
    <SettingsScopeContext.Provider value={scope}>
      <Accounts route={route} scope={scope} />
    </SettingsScopeContext.Provider>
  );
}

function Accounts({ route, scope }: Pick<ScreenProps, 'route'> & { scope: SettingsScope }) {
  const { t } = useTranslation();
  const settings = useMessagingSettings();
  return (
    <>
      <PageHeading title={t(route.title)} description={t(scope === 'platform' ? 'messagingSettings.platform.description' : 'messagingSettings.description')} />
      <RecordState query={settings}>
        {() =>
          settings.data ? (
            <Stack gap="lg" maw={900}>
              {!settings.data.secretsKey ? (
                <Alert color="yellow" icon={<IconKey size={18} aria-hidden />} title={t('messagingSettings.noKeyTitle')}>
                  {t('messagingSettings.noKeyText')}
                </Alert>
              ) : null}
              <SmsAccountForm key={`sms-${settings.data.sms.account?.updatedAt ?? 'none'}`} settings={settings.data.sms} />
              <WhatsAppAccountForm key={`wa-${settings.data.whatsapp.account?.updatedAt ?? 'none'}`} settings={settings.data.whatsapp} />
              {scope === 'school' ? <RulesCard rules={settings.data.rules} /> : null}
            </Stack>
          ) : null
        }
      </RecordState>
    </>
  );
}
