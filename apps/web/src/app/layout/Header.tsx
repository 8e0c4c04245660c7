import { Burger, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/queries';
import { LanguagePicker } from '../../components/LanguagePicker';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { LOCAL_KEY, local } from '../../api/storage';
import { ProfileMenu } from './ProfileMenu';
import { SessionPicker } from './SessionPicker';

const LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

interface Props {
  isMobile: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function Header({ isMobile, sidebarOpen, onToggleSidebar }: Props) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const schoolName = profile?.schoolName ?? local.get(LOCAL_KEY.schoolName) ?? t('app.name');

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Burger
          opened={isMobile && sidebarOpen}
          onClick={onToggleSidebar}
          size="sm"
          aria-label={t('layout.toggleSidebar')}
          aria-expanded={sidebarOpen}
        />
        <img src={LOGO} alt="" width={28} height={28} style={{ flexShrink: 0 }} />
        <Text fw={700} size={isMobile ? 'sm' : 'lg'} truncate title={schoolName} style={{ minWidth: 0 }}>
          {schoolName}
        </Text>
      </Group>
      <Group gap={isMobile ? 4 : 'sm'} wrap="nowrap" style={{ flexShrink: 0 }}>
        {!isMobile ? (
          <>
            <SessionPicker />
            <LanguagePicker />
          </>
        ) : null}
        <NotificationsBell />
        <ProfileMenu />
      </Group>
    </Group>
  );
}
