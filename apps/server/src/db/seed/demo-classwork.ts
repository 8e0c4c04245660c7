import type { Tx } from '../client.js';
import type { DemoCommunicationInput } from './demo-communication.js';

/** The demo school's classwork (issue 10). */
export async function seedDemoClassWork(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  void tx;
  void d;
}
