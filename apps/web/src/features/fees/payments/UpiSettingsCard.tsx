import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UPI_NAME_MAX, upiSettingsInput, type UpiSettings, type UpiSettingsInput } from '@shala/contract';
import { useSaveUpiSettings } from '../../../api/fees-upi';
import { FailureAlert } from '../../../components/ModalFooter';
import { useContractForm } from '../../../lib/contractForm';
import { useSubmit } from '../../../lib/useSubmit';
import { useErrorToken } from '../../../lib/validation';
import { SettingsCard } from '../../messaging';

/**
 * The school's UPI id for payments without a gateway (the principal's): its UPI id (name@bank) and
 * the payee name parents' apps show. Set, parents get "Pay by UPI" on each unpaid instalment (a QR
 * code and a link) and the reminders carry the link; removed, they do not. The page keys it by the
 * saved settings: new saved settings are a new form.
 */
export function UpiSettingsCard({ settings }: { settings: UpiSettings }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const save = useSaveUpiSettings();
  const form = useContractForm<UpiSettingsInput>(upiSettingsInput, { initialValues: { vpa: settings.vpa ?? '', name: settings.name ?? '' } });
  const submit = useSubmit({
    form,
    save: (values: UpiSettingsInput) => save.mutateAsync(values),
    saved: (result) => (result.vpa ? t('feeUpi.settings.saved', { vpa: result.vpa }) : t('feeUpi.settings.removed')),
    failTitle: t('feeUpi.settings.failed'),
    errorToast: true,
  });
  const field = (name: keyof UpiSettingsInput) => ({ ...form.getInputProps(name), error: errorText(form.errors[name]) });
  return (
    <SettingsCard id="upi" title={t('feeUpi.settings.title')} hint={t('feeUpi.settings.hint')}>
      <form noValidate aria-label={t('feeUpi.settings.title')} onSubmit={submit.onSubmit}>
        <Stack gap="sm">
          <Alert color={settings.vpa ? 'teal' : 'gray'} icon={<IconInfoCircle aria-hidden />} data-testid="upi-state">
            {settings.vpa ? t('feeUpi.settings.on', { vpa: settings.vpa, name: settings.name }) : t('feeUpi.settings.off')}
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('feeUpi.settings.vpa')} description={t('feeUpi.settings.vpaHint')} placeholder="school@okaxis" autoComplete="off" maxLength={97} {...field('vpa')} />
            <TextInput label={t('feeUpi.settings.name')} description={t('feeUpi.settings.nameHint')} maxLength={UPI_NAME_MAX} {...field('name')} />
          </SimpleGrid>
          <FailureAlert failure={submit.failure} />
          <Group gap="sm">
            <Button type="submit" loading={submit.pending} leftSection={<IconCheck size={18} aria-hidden />}>
              {t('feeUpi.settings.save')}
            </Button>
            {settings.vpa ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden />}
                disabled={submit.pending}
                onClick={() => void submit.run({ vpa: '', name: '' })}
              >
                {t('feeUpi.settings.remove')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
