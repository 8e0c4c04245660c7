import { useEffect } from 'react';
import { ActionIcon, Anchor, Button, Group, Indicator, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useMarkNotificationsRead, useNotifications, useReportLanguage } from '../../api/queries';
import { NotificationItem } from './NotificationItem';
import { PushConsent } from './PushConsent';
import { notificationTarget } from './target';
import { registerServiceWorker } from './register-sw';

/** The bell with its unread badge, and the panel it opens (spec section 2). */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const [opened, { open, close }] = useDisclosure(false);
  const { data, isLoading, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];

  // The signed-in layout (never the login page) registers the service worker, in production.
  useEffect(() => void registerServiceWorker(), []);
  useReportLanguage(i18n.resolvedLanguage ?? i18n.language);

  const openPanel = () => {
    open();
    markRead.mutate(); // opening the panel resets the count to 0
  };

  // A click goes to the notification's link, or opens a chat with its sender.
  const openItem = (item: Notification) => {
    const target = notificationTarget(item, role);
    if (!target) return undefined;
    return () => {
      close();
      void navigate(target);
    };
  };

  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : String(unread)}
        disabled={unread === 0}
        size={18}
        color="red"
        offset={4}
        inline
        data-testid="notifications-bell"
      >
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.title')} onClick={openPanel}>
          <IconBell size={22} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Indicator>

      <Modal opened={opened} onClose={close} title={t('notifications.title')} size="md" withCloseButton={false} scrollAreaComponent={ScrollArea.Autosize}>
        <Stack gap="xs">
          {isLoading ? (
            <>
              <Skeleton h={56} />
              <Skeleton h={56} />
            </>
          ) : isError ? (
            <Text c="red" size="sm">
              {t('notifications.loadError')}
            </Text>
          ) : items.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('notifications.empty')}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <li key={item.id}>
                  <NotificationItem item={item} onOpen={openItem(item)} />
                </li>
              ))}
            </Stack>
          )}
          {opened ? <PushConsent /> : null}
          <Group justify="space-between" mt="sm" wrap="wrap">
            <Anchor component={Link} to="/notifications" onClick={close} size="sm">
              {t('notifications.viewAll')}
            </Anchor>
            <Button variant="default" onClick={close}>
              {t('notifications.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
