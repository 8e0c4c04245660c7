import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deliveryReasonOf, DELIVERY_STATUSES, ROLE, type AttachedFile, type DeliveryStatus, type MessageAudience, type MessageSummary } from '@shala/contract';
import { useClassOptions } from '../../api/academics-assign';
import { downloadMessageAttachment } from '../../api/messages';
import { FileDownloadButton } from '../../components/FileUploads';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { useClassLabel } from '../academics';
import { useFormat } from '../../lib/format';

/** The roles a message can go to, as the composer's checkboxes: admins are the system admins and principals. */
export const AUDIENCE_ROLES = {
  parents: [ROLE.PARENT],
  teachers: [ROLE.TEACHER],
  students: [ROLE.STUDENT],
  admins: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL],
} as const;
export type AudienceRole = keyof typeof AUDIENCE_ROLES;
export const AUDIENCE_ROLE_NAMES = Object.keys(AUDIENCE_ROLES) as AudienceRole[];

/** The checkboxes of a set of roles (a message's roles back as the composer names them). */
export function audienceRolesOf(roles: readonly number[]): AudienceRole[] {
  return AUDIENCE_ROLE_NAMES.filter((name) => AUDIENCE_ROLES[name].some((r) => roles.includes(r)));
}

export const DELIVERY_COLOR: Record<DeliveryStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  delivered: 'green',
  read: 'green',
  failed: 'red',
  skipped: 'yellow',
};

/**
 * A delivery's reason in the reader's language: Shala's own code translated, with the provider's
 * words after it where it gave some (they are the provider's, in its language); a provider's
 * delivery report, in its own words, says so.
 */
export function useDeliveryReason() {
  const { t } = useTranslation();
  return (reason: string | null): string => {
    if (!reason) return '—';
    const { code, detail } = deliveryReasonOf(reason);
    if (code === 'smtp') return t('messages.reasons.smtp', { code: detail });
    if (!code) return t('messages.reasons.provider', { text: detail });
    const text = t(`messages.reasons.${code}`);
    return detail ? t('messages.reasons.withDetail', { text, detail }) : text;
  };
}

/** Who a message goes to, in words: "Parents, Teachers", "Parents of Class 5 – A", "3 people". */
export function useAudienceText() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const label = useClassLabel();
  const { current } = useCurrentSession();
  const classes = useClassOptions(current?.sessionId);
  const byId = new Map((classes.data?.items ?? []).map((c) => [c.assignClassId, label(c)]));
  return (audience: MessageAudience): string => {
    switch (audience.kind) {
      case 'roles':
        return audienceRolesOf(audience.roles)
          .map((name) => t(`messages.roles.${name}`))
          .join(', ');
      case 'classes': {
        const names = audience.classIds.map((id) => byId.get(id));
        const known = names.every((n) => !!n);
        const list = known ? names.join(', ') : t('messages.audience.classCount', { count: audience.classIds.length, n: fmt.number(audience.classIds.length) });
        return t(audience.who === 'parents' ? 'messages.audience.parentsOf' : 'messages.audience.studentsOf', { classes: list });
      }
      case 'people':
        return t('messages.audience.peopleCount', { count: audience.userIds.length, n: fmt.number(audience.userIds.length) });
    }
  };
}

/** Each channel's badge colour. */
const CHANNEL_COLORS = { sms: 'indigo', whatsapp: 'green', email: 'grape' } as const;

/** The bell (always), then SMS, WhatsApp and mail where chosen. */
export function ChannelBadges({ channels }: { channels: MessageSummary['channels'] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="outline" color="gray" radius="sm" style={{ textTransform: 'none' }}>
        {t('messages.channels.bell')}
      </Badge>
      {channels.map((c) => (
        <Badge key={c} variant="light" color={CHANNEL_COLORS[c]} radius="sm" style={{ textTransform: 'none' }}>
          {t(`messages.channels.${c}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** Scheduled or sent. */
export function MessageStatusBadge({ message }: { message: MessageSummary }) {
  const { t } = useTranslation();
  const color = message.status === 'sent' ? 'green' : message.status === 'scheduled' ? 'blue' : 'gray';
  return (
    <Badge variant="light" color={color} style={{ textTransform: 'none', flexShrink: 0, overflow: 'visible', minWidth: 'max-content' }}>
      {t(`messages.status.${message.status}`)}
    </Badge>
  );
}

/** A delivery's status, coloured. */
export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={DELIVERY_COLOR[status]} radius="sm" style={{ textTransform: 'none', flexShrink: 0, overflow: 'visible', minWidth: 'max-content' }}>
      {t(`messages.delivery.${status}`)}
    </Badge>
  );
}

/** The deliveries counted by status, as small badges ("Sent 2", "Failed 1"); a dash when there are none. */
export function DeliveryCounts({ counts }: { counts: Record<string, number> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const shown = DELIVERY_STATUSES.filter((s) => (counts[s] ?? 0) > 0);
  if (!shown.length) return <>{t('messages.list.noDeliveries')}</>;
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((s) => (
        <Badge key={s} size="sm" variant="light" color={DELIVERY_COLOR[s]} radius="sm" style={{ textTransform: 'none' }}>
          {t(`messages.delivery.${s}`)} {fmt.number(counts[s]!)}
        </Badge>
      ))}
    </Group>
  );
}

/** A message's file under its label, with its download button (the admin's page and the recipients'). */
export function MessageAttachment({ messageId, file, mb }: { messageId: string; file: AttachedFile; mb?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} mb={mb} align="flex-start">
      <Text size="sm" fw={600}>
        {t('messages.attachment')}
      </Text>
      <FileDownloadButton file={file} download={() => downloadMessageAttachment(messageId, file)} />
    </Stack>
  );
}
