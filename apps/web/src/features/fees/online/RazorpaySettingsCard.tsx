import { Alert, Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { razorpaySettingsInput, type GatewaySettings, type RazorpaySettingsInput } from '@shala/contract';
import { useGatewaySettings, useRemoveRazorpay, useSaveRazorpay } from '../../../api/fees-online';
import { isApiError } from '../../../api/http';
import { RecordState } from '../../../components/ListState';
import { FailureAlert } from '../../../components/ModalFooter';
import { useContractForm } from '../../../lib/contractForm';
import { toastOutcome } from '../../../lib/notify';
import { useSubmit } from '../../../lib/useSubmit';
import { useErrorToken } from '../../../lib/validation';
import { WebhookUrl } from '../../../components/WebhookUrl';
import { confirmAction } from '../../../lib/confirm';

/**
 * The school's Razorpay account (issue 25), on the principal's /paymentsettings: the key id, the key
 * secret and the webhook secret (write-only: stored sealed, shown only as a hint), and the webhook
 * URL to register in Razorpay's dashboard. With keys set, parents see "Pay now" on their child's fees.
 */
export function RazorpaySettingsCard({ canEdit }: { canEdit: boolean }) {
  const settings = useGatewaySettings();
  return <RecordState query={settings}>{() => (settings.data ? <RazorpayForm settings={settings.data} canEdit={canEdit} /> : null)}</RecordState>;
}

const empty: RazorpaySettingsInput = { keyId: '', keySecret: '', webhookSecret: '' };

function RazorpayForm({ settings, canEdit }: { settings: GatewaySettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const save = useSaveRazorpay();
  const remove = useRemoveRazorpay();
  const account = settings.razorpay;
  const form = useContractForm<RazorpaySettingsInput>(razorpaySettingsInput, {
    initialValues: { ...empty, keyId: account?.keyId ?? '' },
    prepare: (v) => ({ keyId: v.keyId.trim(), keySecret: v.keySecret.trim(), webhookSecret: v.webhookSecret.trim() }),
  });
  const submit = useSubmit({
    form,
    save: (values: RazorpaySettingsInput) => save.mutateAsync({ keyId: values.keyId.trim(), keySecret: values.keySecret.trim(), webhookSecret: values.webhookSecret.trim() }),
    saved: () => t('fees.gateway.saved'),
    done: () => form.setValues({ keySecret: '', webhookSecret: '' }),
    // A refusal of the whole account (no SECRETS_KEY on the server): its reason, and that nothing was saved.
    failure: (error, failure) => (isApiError(error) && error.status === 409 ? { title: failure.title, message: t('fees.gateway.notSaved') } : failure),
  });
  const confirmRemove = () =>
    confirmAction({
      title: t('fees.gateway.removeTitle'),
      text: t('fees.gateway.removeText'),
      confirm: t('fees.gateway.remove'),
      color: 'red',
      onConfirm: () => remove.mutate(undefined, toastOutcome(t('fees.gateway.removed'))),
    });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="razorpay-title" data-testid="razorpay-settings">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="razorpay-title">
            {t('fees.gateway.title')}
          </Title>
          {account ? (
            <Badge color={account.mode === 'live' ? 'teal' : 'yellow'} variant="light" style={{ textTransform: 'none' }}>
              {t(account.demo ? 'fees.gateway.demo' : account.mode === 'live' ? 'fees.gateway.live' : 'fees.gateway.test')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
              {t('fees.gateway.none')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('fees.gateway.intro')}
        </Text>
        {account?.demo ? (
          <Alert color="yellow" variant="light">
            {t('fees.gateway.demoText')}
          </Alert>
        ) : null}
        {account ? <WebhookUrl label={t('fees.gateway.webhook')} path={account.webhookUrl} hint={t('fees.gateway.webhookHint')} /> : null}
        {canEdit ? (
          <form noValidate onSubmit={submit.onSubmit} aria-labelledby="razorpay-title">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput label={t('fees.gateway.keyId')} description={t('fees.gateway.keyIdHint')} required maxLength={60} {...form.getInputProps('keyId')} error={errorText(form.errors.keyId)} />
                {/* Keys are saved together: both secrets are entered again to change them (what is stored is never shown). */}
                <PasswordInput label={t('fees.gateway.keySecret')} description={account ? t('fees.gateway.secretAgain') : undefined} autoComplete="new-password" required maxLength={100} visibilityToggleButtonProps={{ 'aria-label': t('common.showHide') }} {...form.getInputProps('keySecret')} error={errorText(form.errors.keySecret)} />
                <PasswordInput label={t('fees.gateway.webhookSecret')} description={account ? t('fees.gateway.secretAgain') : undefined} autoComplete="new-password" required maxLength={100} visibilityToggleButtonProps={{ 'aria-label': t('common.showHide') }} {...form.getInputProps('webhookSecret')} error={errorText(form.errors.webhookSecret)} />
              </SimpleGrid>
              <FailureAlert failure={submit.failure} />
              <Group justify="space-between" gap="sm">
                {account ? (
                  <Button variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending}>
                    {t('fees.gateway.remove')}
                  </Button>
                ) : (
                  <span />
                )}
                <Button type="submit" loading={submit.pending}>
                  {t('fees.gateway.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
