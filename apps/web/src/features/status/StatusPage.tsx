import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { landingFor } from '@shala/contract/web';
import { useAuth } from '../../api/auth';
import { PageHeading } from '../../components/PageHeading';

/** 403 (a route the role may not open) and 404 (no such route), inside the layout. */
export default function StatusPage({ status }: { status: 403 | 404 }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const key = status === 403 ? 'forbidden' : 'notFound';
  const Icon = status === 403 ? IconLock : IconMapOff;
  return (
    <>
      <PageHeading title={t(`statusPage.${key}.title`)} />
      <Paper withBorder radius="md" p="xl" maw={640}>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color={status === 403 ? 'orange' : 'gray'}>
            <Icon size={30} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{t('statusPage.code', { code: status })}</Text>
          <Text>{t(`statusPage.${key}.text`)}</Text>
          <Button component={Link} to={landingFor(role)} variant="light">
            {t('statusPage.home')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
