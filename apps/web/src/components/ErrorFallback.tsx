import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A friendly, translated message for a screen that crashed: never a stack trace. */
export function ErrorFallback({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation();
  const home = `${import.meta.env.BASE_URL}`;
  return (
    <Center mih={320} p="md">
      <Paper withBorder p="xl" maw={480} w="100%" role="alert">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={52} radius="xl" color="orange" variant="light">
            <IconAlertTriangle size={28} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('errorBoundary.title')}
          </Title>
          <Text c="dimmed">{t('errorBoundary.text')}</Text>
          <Group justify="center" mt="xs">
            <Button
              onClick={() => {
                onReset?.();
                window.location.reload();
              }}
            >
              {t('errorBoundary.reload')}
            </Button>
            <Button variant="default" component="a" href={home}>
              {t('errorBoundary.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
