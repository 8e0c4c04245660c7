import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLE, type MessageChannel } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useNotificationPreferences } from '../../api/messaging';
import type { ScreenProps } from '../../lib/screen';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { ChannelTable } from './ChannelTable';
import { MobileCard } from './MobileCard';
import { QuietHoursCard } from './QuietHoursCard';
import { WhatsAppCard } from './WhatsAppCard';

/** The channels shown: SMS, WhatsApp (a parent's) and mail (when the person has an address). */
function channelsOf(parent: boolean, email: string | null): MessageChannel[] {
  return [...(['sms'] as const), ...(parent ? (['whatsapp'] as const) : []), ...(email ? (['email'] as const) : [])];
}

/**
 * /notificationsettings (every role of a school; issue 24): how the person is reached beyond the
 * bell. The verified mobile number, WhatsApp (a parent's, with its consent), per kind and channel
 * on or off (saved at once), and quiet hours.
 */
export default function NotificationSettingsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const query = useNotificationPreferences();
  const parent = role === ROLE.PARENT;
  return (
    <>
      <PageHeading title={t(route.title)} description={t('messaging.description')} />
      <RecordState query={query}>
        {() =>
          query.data ? (
            <Stack gap="lg" maw={860}>
              <MobileCard prefs={query.data} whatsapp={parent} />
              {parent ? <WhatsAppCard prefs={query.data} /> : null}
              <ChannelTable prefs={query.data} channels={channelsOf(parent, query.data.email)} />
              <QuietHoursCard key={`${query.data.quietHours.from}-${query.data.quietHours.to}`} prefs={query.data} />
            </Stack>
          ) : null
        }
      </RecordState>
    </>
  );
}
