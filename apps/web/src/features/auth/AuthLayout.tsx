import type { ReactNode } from 'react';
import { Anchor, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../../components/LanguagePicker';
import { MAIN_ID, SkipLink } from '../../components/RouteAnnouncer';

const LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

/** Centered card for the public screens: login, forgot password, one-time code. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        mih="100vh"
        style={{
          outline: 'none',
          background:
            'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 55%, var(--mantine-color-cyan-0) 100%)',
        }}
      >
        <Center mih="100vh" px="sm" py="xl">
          <Stack w="100%" maw={420} gap="md">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <img src={LOGO} alt="" width={36} height={36} />
                <Box style={{ minWidth: 0 }}>
                  <Text fw={700} size="lg" lh={1.2}>
                    {t('app.name')}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {t('app.tagline')}
                  </Text>
                </Box>
              </Group>
              <LanguagePicker w={124} />
            </Group>
            <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
              <Stack gap={4} mb="lg">
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Paper>
          </Stack>
        </Center>
      </Box>
    </>
  );
}

/** A public form's full-width submit button, off while its request runs. */
export function AuthSubmit({ pending, color, children }: { pending: boolean; color?: string; children: ReactNode }) {
  return (
    <Button type="submit" fullWidth size="md" disabled={pending} color={color}>
      {children}
    </Button>
  );
}

/** The link back to the sign-in page under a form. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/" size="sm" ta="center">
      {t('auth.forgot.backToLogin')}
    </Anchor>
  );
}
