import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The address to give a provider: the server's path on this site's origin. */
export const absoluteUrl = (path: string, origin = window.location.origin) => new URL(path, origin).toString();

/** A webhook URL to give the provider, with a copy button. */
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
    </Stack>
  );
}
