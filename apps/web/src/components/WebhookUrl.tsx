import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The address to give a provider: the server sends it whole (its `PUBLIC_URL`); a bare path is taken on this site's origin. */
export const absoluteUrl = (path: string, origin = window.location.origin) => new URL(path, origin).toString();
/** An address only this machine reaches (the server's `PUBLIC_URL` is not set): no provider can call it. */
export const isLocalAddress = (url: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(url).hostname);

/** A webhook URL to give the provider, with a copy button; a warning when it is this machine's only. */
export function WebhookUrl({ label, path, hint }: { label: string; path: string; hint?: string }) {
  const { t } = useTranslation();
  const url = absoluteUrl(path);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1, minWidth: 0 }}>
          {url}
        </Code>
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('account.copied') : t('messagingSettings.copy', { what: label })} withArrow>
              <ActionIcon variant="light" color={copied ? 'green' : undefined} size="lg" onClick={copy} aria-label={t('messagingSettings.copy', { what: label })}>
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {isLocalAddress(url) ? (
        <Text size="xs" c="orange.8">
          {t('common.webhookLocal')}
        </Text>
      ) : null}
    </Stack>
  );
}
