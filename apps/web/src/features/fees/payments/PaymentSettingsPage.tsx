import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpiSettings } from '../../../api/fees-upi';
import type { ScreenProps } from '../../../app/screen';
import { RecordState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { UpiSettingsCard } from './UpiSettingsCard';

/**
 * /paymentsettings (113): how the school is paid beyond its counter. UPI without a gateway (its UPI
 * id and payee name); the payment gateway's card joins it.
 */
export default function PaymentSettingsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const upi = useUpiSettings();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('feeUpi.settings.description')} />
      <Stack gap="lg" maw={900}>
        <RecordState query={upi}>{() => (upi.data ? <UpiSettingsCard key={upi.data.updatedAt ?? 'none'} settings={upi.data} /> : null)}</RecordState>
      </Stack>
    </>
  );
}
