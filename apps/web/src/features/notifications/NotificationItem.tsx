import { Badge, Box, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconBeach,
  IconBell,
  IconBook,
  IconCalendarOff,
  IconCertificate,
  IconCurrencyRupee,
  IconMail,
  IconMessageCircle,
  IconSpeakerphone,
  IconUserOff,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification, NotificationKind } from '@shala/contract';
import { formatInstant } from '../../lib/format';
import { notificationText } from './text';

const KIND_ICON: Record<NotificationKind, { icon: Icon; color: string }> = {
  chat: { icon: IconMessageCircle, color: 'indigo' },
  notice: { icon: IconSpeakerphone, color: 'orange' },
  classwork: { icon: IconBook, color: 'teal' },
  absence: { icon: IconUserOff, color: 'red' },
  fee: { icon: IconCurrencyRupee, color: 'grape' },
  fee_due: { icon: IconCurrencyRupee, color: 'grape' },
  fee_overdue: { icon: IconCurrencyRupee, color: 'red' },
  holiday: { icon: IconBeach, color: 'cyan' },
  result: { icon: IconCertificate, color: 'yellow' },
  result_withdrawn: { icon: IconCertificate, color: 'red' },
  report_cards: { icon: IconCertificate, color: 'yellow' },
  message: { icon: IconMail, color: 'blue' },
  messaging_limit: { icon: IconMail, color: 'red' },
  staff_leave: { icon: IconBeach, color: 'teal' },
  substitution: { icon: IconBook, color: 'orange' },
  leave_requested: { icon: IconCalendarOff, color: 'blue' },
  leave_decided: { icon: IconCalendarOff, color: 'teal' },
  other: { icon: IconBell, color: 'gray' },
};

/** One notification: its kind's icon, the sender, the message, the time at the school; a button when it leads somewhere. */
export function NotificationItem({ item, onOpen, showRead = false }: { item: Notification; onOpen?: () => void; showRead?: boolean }) {
  const { t, i18n } = useTranslation();
  const kind = KIND_ICON[item.kind] ?? KIND_ICON.other;
  const KindIcon = kind.icon;
  const body = (
    <Box
      p="sm"
      style={{
        borderRadius: 8,
        border: '1px solid var(--mantine-color-gray-3)',
        background: showRead && !item.read ? 'var(--mantine-color-indigo-0)' : undefined,
      }}
      data-testid="notification-item"
      data-read={item.read}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={kind.color} radius="xl" size="lg" aria-label={t(`notifications.kinds.${item.kind}`)} role="img">
          <KindIcon size={18} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.fullName}
            </Text>
            {!item.read ? (
              <Badge size="xs" variant="light" color="indigo" style={{ flexShrink: 0 }}>
                {t('notifications.new')}
              </Badge>
            ) : showRead ? (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {t('notifications.read')}
              </Text>
            ) : null}
          </Group>
          <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {notificationText(item, t, i18n.language)}
          </Text>
          <Text size="xs" c="dimmed" mt={4} component="time" dateTime={item.timestamp}>
            {formatInstant(item.timestamp, i18n.language)}
          </Text>
        </Box>
      </Group>
    </Box>
  );
  return onOpen ? (
    <UnstyledButton w="100%" onClick={onOpen} style={{ borderRadius: 8 }}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}
