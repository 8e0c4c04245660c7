import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { messageContacts, mobileCodes } from '../../db/schema.js';

/**
 * An erased person's messaging contact goes (issue 39): its mobile number, verified or pending
 * (`message_contacts`, `mobile_codes`), its WhatsApp opt-in and stops, its quiet hours. In the
 * erasure's transaction; the consent history stays, as the evidence the Act asks a school to keep.
 */
export async function forgetContacts(tx: Tx, schoolId: string, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await tx.delete(messageContacts).where(and(eq(messageContacts.schoolId, schoolId), inArray(messageContacts.userId, [...userIds])));
  await tx.delete(mobileCodes).where(and(eq(mobileCodes.schoolId, schoolId), inArray(mobileCodes.userId, [...userIds])));
}
