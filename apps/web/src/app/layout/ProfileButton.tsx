import type { ComponentProps } from 'react';
import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/queries';
import { UserAvatar } from '../../components/UserAvatar';

/** The avatar that opens the profile menu. */
export function ProfileButton(props: ComponentProps<typeof UnstyledButton<'button'>>) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const name = profile?.fullName ?? '';
  return (
    <UnstyledButton aria-label={t('header.profileMenu')} style={{ borderRadius: '50%' }} {...props}>
      <UserAvatar image={profile?.image} alt={t('profile.avatarAlt', { name })} size={36} radius="xl" />
    </UnstyledButton>
  );
}
