import { ROLE, WHATSAPP_CONSENT_VERSION } from '@shala/contract';
import type { Tx } from '../db/client.js';
import { consentRecords, deliveries, messageContacts, messages, notificationPreferences, notifications, users } from '../db/schema.js';
import { now } from '../clock.js';
import type { DemoCommunicationInput } from './demo-communication-input.js';
import { and, eq, inArray } from 'drizzle-orm';

/**
 * The demo school's messages to phones (issue 24): the first parents of 5-A have verified mobile
 * numbers (two with WhatsApp consent, one with SMS for notices on, one with WhatsApp off for
 * absences), and the principal's message of yesterday to 5-A's parents by SMS and WhatsApp with its
 * delivery report (delivered, read, sent, one failed with the provider's reason). The demo has no
 * provider account: nothing is sent, the report is as a provider would have left it.
 */
export async function seedDemoMessages(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  const principal = d.idOf.get('DEMO-P0001');
  const parentLogins = [...new Set((d.students ?? []).filter((s) => s.cls === '5-A').map((s) => s.parent))];
  const parentIds = parentLogins.map((l) => d.idOf.get(l)).filter((id): id is string => !!id);
  if (!principal || parentIds.length < 4) return;
  const at = now();
  const yesterday = new Date(at.getTime() - 24 * 3600_000);
  const mobile = (i: number) => `+9198765${String(43210 + i).padStart(5, '0')}`;
  const reached = parentIds.slice(0, 4);

  await tx.insert(messageContacts).values(
    reached.map((userId, i) => ({ userId, schoolId: d.schoolId, mobile: mobile(i), mobileVerifiedAt: yesterday, whatsappOptInAt: i < 2 ? yesterday : null, updatedAt: yesterday })),
  );
  // WhatsApp consent is the parent's for each child, with the text's version.
  const children = await tx
    .select({ id: users.id, parentId: users.parentUserId })
    .from(users)
    .where(and(eq(users.schoolId, d.schoolId), eq(users.roleId, ROLE.STUDENT), inArray(users.parentUserId, reached.slice(0, 2))));
  if (children.length) {
    await tx.insert(consentRecords).values(
      children.map((c) => ({ schoolId: d.schoolId, studentId: c.id, parentId: c.parentId, action: 'given', purpose: 'whatsapp', version: WHATSAPP_CONSENT_VERSION, processing: false, notifications: true, createdAt: yesterday })),
    );
  }
  await tx.insert(notificationPreferences).values([
    { schoolId: d.schoolId, userId: reached[2]!, kind: 'notice', channel: 'sms', enabled: true, updatedAt: yesterday },
    { schoolId: d.schoolId, userId: reached[3]!, kind: 'absence', channel: 'whatsapp', enabled: false, updatedAt: yesterday },
  ]);

  const title = 'Annual day rehearsal';
  const body = 'Rehearsal for the annual day is on Friday after school till 5 pm. Please pick your child up at the main gate.';
  const [message] = await tx
    .insert(messages)
    .values({
      schoolId: d.schoolId,
      senderId: principal,
      senderName: 'Demo Principal',
      title,
      body,
      audience: { kind: 'classes', classIds: [d.classId.get('5-A')!], who: 'parents' },
      channels: ['sms', 'whatsapp'],
      status: 'sent',
      recipients: parentIds.length,
      createdAt: yesterday,
    })
    .returning({ id: messages.id });
  const notes = await tx
    .insert(notifications)
    .values(
      parentIds.map((userId) => ({
        schoolId: d.schoolId,
        userId,
        senderId: principal,
        senderName: 'Demo Principal',
        message: `${title}: ${body}`,
        kind: 'message',
        // As a sent message's: it names the message, and opens it where its recipients read it.
        params: { messageId: message!.id },
        link: `/inbox/${message!.id}`,
        createdAt: yesterday,
        readAt: yesterday,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  const noteOf = new Map(notes.map((n) => [n.userId, n.id]));
  const sent = { sentAt: yesterday, createdAt: yesterday, updatedAt: yesterday };
  const row = (i: number, channel: 'sms' | 'whatsapp', status: string, extra: Partial<typeof deliveries.$inferInsert> = {}) => ({
    schoolId: d.schoolId,
    notificationId: noteOf.get(reached[i]!)!,
    messageId: message!.id,
    userId: reached[i]!,
    channel,
    status,
    address: mobile(i),
    provider: channel === 'sms' ? 'msg91' : 'meta',
    providerMessageId: `demo-${channel}-${i}`,
    parts: channel === 'sms' ? 2 : 1,
    attempts: 1,
    ...sent,
    ...extra,
  });
  await tx.insert(deliveries).values([
    row(0, 'sms', 'delivered'),
    row(0, 'whatsapp', 'read'),
    row(1, 'sms', 'delivered'),
    row(1, 'whatsapp', 'failed', { reason: 'Message undeliverable (131026)', parts: 0 }),
    row(2, 'sms', 'sent'),
    row(3, 'sms', 'failed', { reason: 'Number is in the DND registry', parts: 0 }),
  ]);
}
