import { sql } from 'drizzle-orm';
import type { Role } from '@shala/contract';

/**
 * A role named in SQL text, as a literal rather than a parameter (`u.role_id = ${roleSql(ROLE.STUDENT)}`):
 * the statement is planned for that role, as when the number was written in, and the code names it.
 */
export const roleSql = (role: Role) => sql.raw(String(role));
