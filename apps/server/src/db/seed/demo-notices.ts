import type { Tx } from '../client.js';
import type { DemoCommunicationInput } from './demo-communication.js';

/** The demo school's notices (issue 10). */
export async function seedDemoNotices(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  void tx;
  void d;
}
