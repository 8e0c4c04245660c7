import type { Role } from '@shala/contract';

/** The signed-in caller, resolved from the session token (auth/sessions.ts). */
export interface Caller {
  userId: string;
  roleId: Role;
  schoolId: string | null;
  sessionId: string;
  name: string;
  /** When the session ends (sockets are closed then). */
  expiresAt?: Date;
}
