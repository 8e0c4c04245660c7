import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MESSAGING_LIMITS, SMS_TEMPLATE_KEYS, smsAccountInput, type MessagingSettings, type SmsAccountInput } from '@shala/contract';
import { useSaveSmsAccount } from '../../api/messaging-settings';
import { MoneyInput } from '../../components/MoneyInput';
import { useErrorToken } from '../../lib/validation';
import { WebhookUrl } from '../../components/WebhookUrl';
import { AccountFormFooter, ChannelSection, SecretField, useAccountForm } from './AccountParts';
import { TemplateList } from './TemplateList';
import { emptySmsTemplate, smsBody, smsValues, type SmsFormValues } from './settingsForm';

/** The school's MSG91 account: DLT entity and header, the auth key (write-only), templates, the webhook URL. */
export function SmsAccountForm({ settings }: { settings: MessagingSettings['sms'] }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const save = useSaveSmsAccount();
  const account = settings.account;
  const { form, submit } = useAccountForm<SmsFormValues, SmsAccountInput>(smsAccountInput, smsValues(account), smsBody, save.mutateAsync, 'messagingSettings.smsSaved');
  const path = (i: number, field: string) => `templates.${i}.${field}` as const;
  return (
    <ChannelSection id="sms-title" title={t('messagingSettings.sms')} source={settings.source}>
      <form noValidate onSubmit={submit.onSubmit} aria-labelledby="sms-title">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('messagingSettings.entityId')} description={t('messagingSettings.entityIdHint')} required inputMode="numeric" maxLength={30} {...form.getInputProps('entityId')} error={errorText(form.errors.entityId)} />
            <TextInput label={t('messagingSettings.header')} description={t('messagingSettings.headerHint')} required maxLength={6} {...form.getInputProps('header')} error={errorText(form.errors.header)} />
            <SecretField
              label={t('messagingSettings.authKey')}
              stored={!!account}
              hint={account?.secrets.authKey}
              required={!account}
              maxLength={MESSAGING_LIMITS.secret}
              {...form.getInputProps('authKey')}
              error={errorText(form.errors.authKey)}
            />
            <MoneyInput label={t('messagingSettings.pricePerPart')} description={t('messagingSettings.priceHint')} min={0} max={MESSAGING_LIMITS.price} value={form.values.pricePaisePerPart} onChange={(v) => form.setFieldValue('pricePaisePerPart', v)} error={errorText(form.errors.pricePaisePerPart)} />
          </SimpleGrid>
          {account?.webhookUrl ? <WebhookUrl label={t('messagingSettings.smsWebhook')} path={account.webhookUrl} hint={t('messagingSettings.smsWebhookHint')} /> : null}
          <TemplateList
            form={form}
            kinds={SMS_TEMPLATE_KEYS}
            empty={emptySmsTemplate}
            fields={(i) => (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <TextInput label={t('messagingSettings.dltTemplateId')} required inputMode="numeric" maxLength={30} {...form.getInputProps(path(i, 'templateId'))} error={errorText(form.errors[path(i, 'templateId')])} />
                  <TextInput label={t('messagingSettings.msg91TemplateId')} maxLength={64} {...form.getInputProps(path(i, 'providerTemplateId'))} error={errorText(form.errors[path(i, 'providerTemplateId')])} />
                </SimpleGrid>
                <Textarea
                  label={t('messagingSettings.text')}
                  description={t('messagingSettings.textHint')}
                  required
                  autosize
                  minRows={2}
                  maxRows={6}
                  maxLength={MESSAGING_LIMITS.templateText}
                  {...form.getInputProps(path(i, 'text'))}
                  error={errorText(form.errors[path(i, 'text')])}
                />
              </>
            )}
          />
          <AccountFormFooter channel="sms" own={settings.source === 'own'} submit={submit} label={t('messagingSettings.saveSms')} />
        </Stack>
      </form>
    </ChannelSection>
  );
}
