import { Alert, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpiSettings } from '../../../api/fees-upi';
import { useMessagingSettings } from '../../../api/messaging-settings';
import type { ScreenProps } from '../../../lib/screen';
import { RecordState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { UpiSettingsCard } from './UpiSettingsCard';
import { RazorpaySettingsCard } from '../online/RazorpaySettingsCard';

/**
 * /paymentsettings (113): how the school is paid beyond its counter: its own Razorpay account
 * (parents' Pay now) and UPI without a gateway (its UPI id and payee name). A server without
 * SECRETS_KEY cannot keep the gateway's secrets: a warning says so before anyone types them (the
 * server says whether it has the key in the messaging settings, whose secrets it seals the same way).
 */
export default function PaymentSettingsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const upi = useUpiSettings();
  const server = useMessagingSettings();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('feeUpi.settings.description')} />
      <Stack gap="lg" maw={900}>
        {server.data && !server.data.secretsKey ? (
          <Alert color="yellow" icon={<IconKey size={18} aria-hidden />} title={t('fees.gateway.noKeyTitle')} data-testid="payment-no-key">
            {t('fees.gateway.noKeyText')}
          </Alert>
        ) : null}
        <RazorpaySettingsCard canEdit />
        <RecordState query={upi}>{() => (upi.data ? <UpiSettingsCard key={upi.data.updatedAt ?? 'none'} settings={upi.data} /> : null)}</RecordState>
      </Stack>
    </>
  );
}
