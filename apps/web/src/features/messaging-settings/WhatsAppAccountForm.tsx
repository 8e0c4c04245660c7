import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MESSAGING_LIMITS, PREFERENCE_KINDS, whatsAppAccountInput, type MessagingSettings, type WhatsAppAccountInput } from '@shala/contract';
import { useSaveWhatsAppAccount } from '../../api/messaging-settings';
import { MoneyInput } from '../../components/MoneyInput';
import { useErrorToken } from '../../lib/validation';
import { WebhookUrl } from '../../components/WebhookUrl';
import { AccountFormFooter, ChannelSection, SecretField, useAccountForm } from './AccountParts';
import { TemplateList } from './TemplateList';
import { emptyWhatsAppTemplate, whatsAppBody, whatsAppValues, type WhatsAppFormValues } from './settingsForm';

/** The school's WhatsApp Cloud account: phone number id, three write-only secrets, templates, the webhook URL. */
export function WhatsAppAccountForm({ settings }: { settings: MessagingSettings['whatsapp'] }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const save = useSaveWhatsAppAccount();
  const account = settings.account;
  const { form, submit } = useAccountForm<WhatsAppFormValues, WhatsAppAccountInput>(whatsAppAccountInput, whatsAppValues(account), whatsAppBody, save.mutateAsync, 'messagingSettings.whatsappSaved');
  const secret = (name: 'accessToken' | 'appSecret' | 'verifyToken') => (
    <SecretField
      label={t(`messagingSettings.${name}`)}
      stored={!!account}
      hint={account?.secrets[name]}
      required={!account}
      maxLength={MESSAGING_LIMITS.secret}
      {...form.getInputProps(name)}
      error={errorText(form.errors[name])}
    />
  );
  const path = (i: number) => `templates.${i}.name` as const;
  return (
    <ChannelSection id="whatsapp-title" title={t('messagingSettings.whatsapp')} source={settings.source}>
      <form noValidate onSubmit={submit.onSubmit} aria-labelledby="whatsapp-title">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('messagingSettings.phoneNumberId')} description={t('messagingSettings.phoneNumberIdHint')} required inputMode="numeric" maxLength={30} {...form.getInputProps('phoneNumberId')} error={errorText(form.errors.phoneNumberId)} />
            <MoneyInput label={t('messagingSettings.pricePerMessage')} description={t('messagingSettings.priceHint')} min={0} max={MESSAGING_LIMITS.price} value={form.values.pricePaise} onChange={(v) => form.setFieldValue('pricePaise', v)} error={errorText(form.errors.pricePaise)} />
            {secret('accessToken')}
            {secret('appSecret')}
            {secret('verifyToken')}
          </SimpleGrid>
          {account ? <WebhookUrl label={t('messagingSettings.whatsappWebhook')} path={account.webhookUrl} hint={t('messagingSettings.whatsappWebhookHint')} /> : null}
          <TemplateList
            form={form}
            kinds={PREFERENCE_KINDS}
            empty={emptyWhatsAppTemplate}
            fields={(i) => (
              <TextInput label={t('messagingSettings.templateName')} required maxLength={512} {...form.getInputProps(path(i))} error={errorText(form.errors[path(i)])} />
            )}
          />
          <AccountFormFooter channel="whatsapp" own={settings.source === 'own'} submit={submit} label={t('messagingSettings.saveWhatsapp')} />
        </Stack>
      </form>
    </ChannelSection>
  );
}
