import { Menu, Text } from '@mantine/core';
import { IconBellCog, IconLogout, IconMessages, IconSpeakerphone, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ROLE, ROLE_KEY, canOpen, isRole } from '@shala/contract';
import { clearAuth, useAuth } from '../../api/auth';
import { call } from '../../api/client';
import { useProfile } from '../../api/queries';
import { ProfileButton } from './ProfileButton';
import { forgetThisBrowser } from '../../features/notifications/push-client';
import { confirmAction } from '../../lib/confirm';

/** How the person is reached beyond the bell (every role of a school). */
const SETTINGS = '/notificationsettings';

/** The profile menu itself (Mantine's Menu, with its positioning): loaded by ProfileMenu. */
export default function ProfileMenuPopup({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { role, userId } = useAuth();
  const { data: profile } = useProfile();
  const name = profile?.fullName ?? '';

  const logout = async () => {
    // Before the session ends: the next person on this phone does not get this user's alerts.
    await forgetThisBrowser();
    try {
      await call('signout');
    } catch {
      // The session may already be gone; signing out locally is what matters.
    }
    clearAuth();
    queryClient.clear();
    navigate('/', { replace: true });
  };

  const confirmLogout = () =>
    confirmAction({
      title: t('header.logoutConfirmTitle'),
      text: t('header.logoutConfirmText'),
      confirm: t('header.logoutConfirm'),
      color: 'red',
      onConfirm: () => void logout(),
    });

  const chatQuery = new URLSearchParams({ teacherId: userId ?? '', UserName: name });

  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal hideDetached={false} defaultOpened={defaultOpened}>
      <Menu.Target>
        <ProfileButton />
      </Menu.Target>
      <Menu.Dropdown>
        {profile ? (
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {profile.fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {isRole(profile.roleId) ? t(ROLE_KEY[profile.roleId]) : t('roles.unknown')}
            </Text>
          </Menu.Label>
        ) : null}
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t('header.profile')}
        </Menu.Item>
        {canOpen(role, SETTINGS) ? (
          <Menu.Item component={Link} to={SETTINGS} leftSection={<IconBellCog size={16} aria-hidden />}>
            {t('routes.notificationsettings')}
          </Menu.Item>
        ) : null}
        {role === ROLE.PRINCIPAL ? (
          <Menu.Item component={Link} to="/viewall_notice" leftSection={<IconSpeakerphone size={16} aria-hidden />}>
            {t('header.viewAllNotices')}
          </Menu.Item>
        ) : null}
        {role === ROLE.TEACHER ? (
          <Menu.Item
            component={Link}
            to={`/chat?${chatQuery.toString()}`}
            leftSection={<IconMessages size={16} aria-hidden />}
          >
            {t('header.chatWithAdmin')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={confirmLogout}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
