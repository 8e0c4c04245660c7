import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconMail, IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface Credentials {
  name: string;
  loginId: string;
  password: string;
  mailed: boolean;
}

function CopyRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between" mt={2}>
        <Code fz="md" style={{ overflowWrap: 'anywhere', minWidth: 0 }} aria-label={label}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              style={{ flexShrink: 0 }}
            >
              {copied ? t('account.copied') : copyLabel}
            </Button>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/**
 * The login id and first password of a new account, shown once (the server never gives the
 * password again). Closing it moves on; the values are not kept anywhere.
 */
export function CredentialsModal({ credentials, onClose, doneLabel }: { credentials: Credentials | null; onClose: () => void; doneLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!credentials}
      onClose={onClose}
      title={t('account.createdTitle')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {credentials ? (
        <Stack gap="md">
          <Text size="sm">{t('account.createdFor', { name: credentials.name })}</Text>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('account.onceTitle')}>
            {t('account.onceText')}
          </Alert>
          <CopyRow label={t('account.loginId')} value={credentials.loginId} copyLabel={t('account.copyLoginId')} />
          <CopyRow label={t('account.password')} value={credentials.password} copyLabel={t('account.copyPassword')} />
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {credentials.mailed ? (
              <IconMail size={18} aria-hidden color="var(--mantine-color-green-7)" style={{ flexShrink: 0 }} />
            ) : (
              <IconMailOff size={18} aria-hidden color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
            )}
            <Text size="sm" c={credentials.mailed ? 'green.8' : 'dimmed'}>
              {credentials.mailed ? t('account.mailed') : t('account.notMailed')}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>{doneLabel ?? t('account.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
