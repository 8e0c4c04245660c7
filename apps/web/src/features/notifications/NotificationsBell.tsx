import { ActionIcon, Badge, Box, Button, Group, Indicator, Modal, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canOpen, ROLE, type Notification } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useMarkNotificationsRead, useNotifications } from '../../api/queries';

function formatTimestamp(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** The bell with its unread badge, and the panel it opens (spec section 2). */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { role, userId } = useAuth();
  const [opened, { open, close }] = useDisclosure(false);
  const { data, isLoading, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];
  const chatAllowed = canOpen(role, '/chat');

  const openPanel = () => {
    open();
    markRead.mutate(); // opening the panel resets the count to 0
  };

  // A notification click opens a chat with the sender (a teacher always chats with the admin).
  const openChat = (item: Notification) => {
    if (!item.senderId) return;
    const teacherId = role === ROLE.TEACHER ? (userId ?? '') : item.senderId;
    const query = new URLSearchParams({ teacherId, UserName: item.fullName });
    close();
    navigate(`/chat?${query.toString()}`);
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
              {items.map((item) => {
                const body = (
                  <Box p="sm" style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {item.fullName}
                      </Text>
                      {!item.read ? (
                        <Badge size="xs" variant="light" color="indigo">
                          {t('notifications.new')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                      {item.message}
                    </Text>
                    <Text size="xs" c="dimmed" mt={4} component="time" dateTime={item.timestamp}>
                      {formatTimestamp(item.timestamp, i18n.language)}
                    </Text>
                  </Box>
                );
                return (
                  <li key={item.id}>
                    {chatAllowed && item.senderId ? (
                      <UnstyledButton w="100%" onClick={() => openChat(item)}>
                        {body}
                      </UnstyledButton>
                    ) : (
                      body
                    )}
                  </li>
                );
              })}
            </Stack>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('notifications.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
