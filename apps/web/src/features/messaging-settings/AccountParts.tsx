import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title, type PasswordInputProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { AccountChannel } from '@shala/contract';
import { isApiError } from '../../api/http';
import { useDeleteAccount, useSettingsScope } from '../../api/messaging-settings';
import { FailureAlert } from '../../components/ModalFooter';
import { useContractForm, type SaveFailure } from '../../lib/contractForm';
import { ModalFooter } from '../../components/ModalFooter';
import { useSubmit, type Submit } from '../../lib/useSubmit';

/** A channel's section: its title, whose account it sends on (the platform's screen: whether it has one), and its form. */
export function ChannelSection({ id, title, source, children }: { id: string; title: string; source: 'own' | 'platform' | 'none'; children: ReactNode }) {
  const { t } = useTranslation();
  const platform = useSettingsScope() === 'platform';
  const color = source === 'own' ? 'green' : source === 'platform' ? 'blue' : 'gray';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Badge color={color} variant="light" style={{ textTransform: 'none' }}>
          {platform ? t(`messagingSettings.platform.source.${source}`) : t(`messagingSettings.source.${source}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {platform ? t(`messagingSettings.platform.sourceHint.${source}`) : t(`messagingSettings.sourceHint.${source}`)}
      </Text>
      {children}
    </Paper>
  );
}

/** A refusal of the whole account (no SECRETS_KEY, unreadable secrets): its reason, and that nothing was saved (no field to correct). */
const accountFailure =
  (t: TFunction) =>
  (error: unknown, failure: SaveFailure): SaveFailure =>
    isApiError(error) && error.status === 409 ? { title: failure.title, message: t('messagingSettings.notSaved') } : failure;

/** An account's form: checked by the contract's schema, saved as `body(values)`, a toast when saved, the server's refusals on their fields. */
export function useAccountForm<V extends object, B>(schema: z.ZodType, initialValues: V, body: (values: V) => B, save: (body: B) => Promise<unknown>, savedKey: string) {
  const { t } = useTranslation();
  const form = useContractForm<V>(schema, { initialValues, prepare: body });
  const submit = useSubmit({ form, save: (values: V) => save(body(values)), saved: () => t(savedKey), errorToast: true, failure: accountFailure(t) });
  return { form, submit };
}

/** The end of an account's form: what a failed save said, Remove (the school's own account), Save. */
export function AccountFormFooter({ channel, own, submit, label }: { channel: AccountChannel; own: boolean; submit: Pick<Submit<never, undefined>, 'failure' | 'pending'>; label: string }) {
  return (
    <>
      <FailureAlert failure={submit.failure} />
      <Group justify="space-between" gap="sm">
        {own ? <RemoveAccount channel={channel} /> : <span />}
        <Button type="submit" loading={submit.pending}>
          {label}
        </Button>
      </Group>
    </>
  );
}

/** A write-only secret: empty, with what is stored as its placeholder ("set, ends in a1b2"). */
export function SecretField({ hint, stored, ...props }: PasswordInputProps & { hint: string | null | undefined; stored: boolean }) {
  const { t } = useTranslation();
  const placeholder = !stored
    ? t('messagingSettings.secretNotSet')
    : hint == null
      ? t('messagingSettings.secretUnreadable')
      : hint.length > 1
        ? t('messagingSettings.secretEndsIn', { end: hint.slice(1) })
        : t('messagingSettings.secretSet');
  return (
    <PasswordInput
      autoComplete="new-password"
      placeholder={placeholder}
      description={stored ? t('messagingSettings.secretKeep') : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('common.showHide') }}
      {...props}
    />
  );
}

/** Removes the school's own account of a channel (the platform's, on its screen), after a confirmation. */
export function RemoveAccount({ channel }: { channel: AccountChannel }) {
  const { t } = useTranslation();
  const platform = useSettingsScope() === 'platform';
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const submit = useSubmit({
    save: () => remove.mutateAsync(channel),
    saved: () => t('messagingSettings.removed'),
    done: () => setOpen(false),
  });
  return (
    <>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('messagingSettings.remove')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={platform ? t('messagingSettings.platform.removeTitle') : t('messagingSettings.removeTitle')} closeButtonProps={{ 'aria-label': t('common.close') }} centered>
        <Stack gap="md">
          <Text size="sm">{platform ? t('messagingSettings.platform.removeText') : t('messagingSettings.removeText')}</Text>
          <ModalFooter failure={submit.failure} onCancel={() => setOpen(false)} label={t('messagingSettings.remove')} color="red" pending={submit.pending} onConfirm={() => void submit.run(undefined)} />
        </Stack>
      </Modal>
    </>
  );
}
