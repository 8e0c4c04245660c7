import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE_KEY, isRole } from '@shala/contract';
import { useNotificationPreferences } from '../../api/messaging';
import { useProfile } from '../../api/queries';
import { PageHeading } from '../../components/PageHeading';
import { UserAvatar } from '../../components/UserAvatar';
import type { ScreenProps } from '../../lib/screen';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ErrorAlert } from '../../components/ListState';
import { PhoneNumber } from '../../components/PhoneNumber';

/** The mobile number SMS and WhatsApp go to (verified in the notification settings), or the way to verify one. */
function MessagingMobile() {
  const { t } = useTranslation();
  const prefs = useNotificationPreferences();
  const mobile = prefs.data?.mobileVerified ? prefs.data.mobile : null;
  return (
    <Field
      label={t('profile.messagingMobile')}
      value={
        <>
          <span data-testid="messaging-mobile">{prefs.isLoading ? '…' : (mobile ?? t('profile.messagingMobileNone'))}</span>{' '}
          <Anchor component={Link} to="/notificationsettings" size="sm">
            {mobile ? t('profile.messagingMobileChange') : t('profile.messagingMobileVerify')}
          </Anchor>
        </>
      }
    />
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** The signed-in user's own profile. */
export default function ProfilePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { data: profile, isLoading, isError, error, refetch } = useProfile();
  const missing = t('common.notProvided');

  return (
    <>
      <PageHeading title={t(route.title)} />
      {isLoading ? (
        <Skeleton h={220} radius="md" />
      ) : isError || !profile ? (
        <ErrorAlert title={t('profile.loadError')} error={error} onRetry={() => void refetch()} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
          <Group gap="lg" align="center" wrap="wrap">
            <UserAvatar image={profile.image} alt={t('profile.avatarAlt', { name: profile.fullName })} size={96} radius={96} />
            <Stack gap={4} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {profile.fullName}
              </Title>
              <Group gap="xs">
                <Badge variant="light">{isRole(profile.roleId) ? t(ROLE_KEY[profile.roleId]) : t('roles.unknown')}</Badge>
                <Badge variant="dot" color={profile.status ? 'green' : 'gray'}>
                  {profile.status ? t('profile.active') : t('profile.inactive')}
                </Badge>
              </Group>
            </Stack>
            <Button component={Link} to="/editprofile" leftSection={<IconPencil size={16} aria-hidden />}>
              {t('profile.edit')}
            </Button>
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" mt="xl" mb={0}>
            <Field label={t('profile.loginId')} value={profile.loginId} />
            <Field label={t('profile.role')} value={isRole(profile.roleId) ? t(ROLE_KEY[profile.roleId]) : t('roles.unknown')} />
            <Field label={t('profile.email')} value={profile.email || missing} />
            {/* Two numbers, each named for what it is (issue 39): the record's contact, and the verified mobile SMS and WhatsApp go to. */}
            <Field label={t('profile.contact')} value={profile.contact ? <PhoneNumber value={profile.contact} /> : missing} />
            {profile.schoolId ? <MessagingMobile /> : null}
            <Field label={t('profile.school')} value={profile.schoolName || missing} />
            <Field label={t('profile.status')} value={profile.status ? t('profile.active') : t('profile.inactive')} />
          </SimpleGrid>
        </Paper>
      )}
      <ChangePasswordCard />
    </>
  );
}
