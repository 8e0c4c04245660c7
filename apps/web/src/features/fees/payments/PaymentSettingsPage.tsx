import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpiSettings } from '../../../api/fees-upi';
import type { ScreenProps } from '../../../app/screen';
import { RecordState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { UpiSettingsCard } from './UpiSettingsCard';
import { RazorpaySettingsCard } from '../online/RazorpaySettingsCard';

/**
 * /paymentsettings (113): how the school is paid beyond its counter: its own Razorpay account
 * (parents' Pay now) and UPI without a gateway (its UPI id and payee name).
 */
export default function PaymentSettingsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const upi = useUpiSettings();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('feeUpi.settings.description')} />
      <Stack gap="lg" maw={900}>
        <RazorpaySettingsCard canEdit />
        <RecordState query={upi}>{() => (upi.data ? <UpiSettingsCard key={upi.data.updatedAt ?? 'none'} settings={upi.data} /> : null)}</RecordState>
      </Stack>
    </>
  );
}
