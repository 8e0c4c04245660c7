import { Badge, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { landingFor } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { PageHeading } from '../../components/PageHeading';
import type { ScreenProps } from '../../app/screen';

/** Screens not built yet: the route's title and a translated 'coming soon', never a blank page. */
export default function ComingSoonPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { role } = useAuth();
  return (
    <>
      <PageHeading title={t(route.title)} />
      <Paper withBorder radius="md" p="xl" maw={640}>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={30} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Badge variant="light" size="lg">
            {t('comingSoon.badge')}
          </Badge>
          <Text c="dimmed">{t('comingSoon.text')}</Text>
          <Button component={Link} to={landingFor(role)} variant="light">
            {t('comingSoon.back')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
