import type { Tx } from '../db/client.js';
import type { DemoCommunicationInput } from './demo-communication-input.js';
import { seedDemoNotices } from './demo-notices.js';
import { seedDemoClassWork } from './demo-classwork.js';
import { seedDemoChat } from './demo-chat.js';
import { seedDemoMessages } from './demo-messages.js';

/** The demo school's notices, class work, chats and messages to phones: a few statements each. */
export async function seedDemoCommunication(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  await seedDemoNotices(tx, d);
  await seedDemoClassWork(tx, d);
  await seedDemoChat(tx, d);
  await seedDemoMessages(tx, d);
}
