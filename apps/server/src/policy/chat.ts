import { sql, type SQL } from 'drizzle-orm';
import { ROLE, type ChatContact, type ChatRelation, type Role } from '@shala/contract';
import type { Caller } from '../context.js';
import type { Db } from '../db/client.js';
import { AppError, notFound } from '../errors.js';
import { runNamed } from '../db/prepared.js';
import { roleSql } from '../db/roles.js';

/**
 * Who may chat with whom (DESIGN section 4), inside the caller's school, active users only:
 * - a teacher (114) with the principals (113) and system admins (112) of its school, both ways;
 * - a parent (115) with the teachers of its children's classes in the current session (the class
 *   teacher or a subject teacher), and a teacher with the parents of the students it teaches.
 * A peer of another school, unknown or inactive answers 404; one of the school with no relation
 * 403 `chat_not_related`; oneself 400 `chat_self`.
 *
 * `related` is one statement for one peer; `contactsSql` is the caller's whole set, which the
 * contacts page searches and pages in one statement.
 */

/** Rows of the caller's contacts: user_id, relation, detail, class_teacher_of. */
function relatedSql(caller: Caller, schoolId: string, peer?: string): SQL {
  const me = caller.userId;
  const onlyPeer = (col: SQL) => (peer ? sql` and ${col} = ${peer}::uuid` : sql``);
  const current = sql`(select a.id from academic_sessions a where a.school_id = ${schoolId}::uuid and a.is_current)`;
  switch (caller.roleId) {
    case ROLE.SYSTEM_ADMIN:
    case ROLE.PRINCIPAL:
      return sql`select u.id as user_id, 'teacher'::text as relation, null::text as detail, null::text as class_teacher_of
        from users u where u.school_id = ${schoolId}::uuid and u.role_id = ${roleSql(ROLE.TEACHER)} and u.status${onlyPeer(sql`u.id`)}`;
    case ROLE.TEACHER:
      return sql`select u.id as user_id, case u.role_id when ${roleSql(ROLE.PRINCIPAL)} then 'principal' else 'systemAdmin' end as relation,
          null::text as detail, null::text as class_teacher_of
        from users u where u.school_id = ${schoolId}::uuid and u.role_id in (${roleSql(ROLE.SYSTEM_ADMIN)}, ${roleSql(ROLE.PRINCIPAL)}) and u.status${onlyPeer(sql`u.id`)}
        union all
        select p.id, 'parent', string_agg(distinct trim(s.first_name || ' ' || s.last_name), ', '), null::text
        from classes c
        join class_students st on st.class_id = c.id and st.school_id = ${schoolId}::uuid
        join users s on s.id = st.student_id and s.school_id = ${schoolId}::uuid
        join users p on p.id = s.parent_user_id and p.school_id = ${schoolId}::uuid and p.role_id = ${roleSql(ROLE.PARENT)} and p.status
        where c.school_id = ${schoolId}::uuid and c.session_id = ${current}${onlyPeer(sql`p.id`)}
          and (c.class_teacher_id = ${me}::uuid
            or exists (select 1 from class_subjects cs where cs.class_id = c.id and cs.teacher_id = ${me}::uuid))
        group by p.id`;
    case ROLE.PARENT:
      return sql`select t.id as user_id, 'childTeacher'::text as relation,
          string_agg(distinct case when cs.teacher_id = t.id then sub.name || ' (' || trim(c.name || '-' || c.section, '-') || ')' end, ', ') as detail,
          string_agg(distinct case when c.class_teacher_id = t.id then trim(c.name || '-' || c.section, '-') end, ', ') as class_teacher_of
        from users s
        join class_students st on st.student_id = s.id and st.school_id = ${schoolId}::uuid and st.session_id = ${current}
        join classes c on c.id = st.class_id
        left join class_subjects cs on cs.class_id = c.id
        left join subjects sub on sub.id = cs.subject_id
        join users t on (t.id = c.class_teacher_id or t.id = cs.teacher_id) and t.school_id = ${schoolId}::uuid and t.role_id = ${roleSql(ROLE.TEACHER)} and t.status
        where s.school_id = ${schoolId}::uuid and s.parent_user_id = ${me}::uuid${onlyPeer(sql`t.id`)}
        group by t.id`;
    default:
      return sql`select null::uuid as user_id, null::text as relation, null::text as detail, null::text as class_teacher_of where false`;
  }
}

export interface ContactRow {
  user_id: string;
  full_name: string;
  role_id: number;
  image: string | null;
  relation: ChatRelation;
  detail: string | null;
  class_teacher_of: string | null;
}

export function presentContact(r: ContactRow): ChatContact {
  return {
    userId: r.user_id,
    fullName: r.full_name,
    roleId: r.role_id,
    image: r.image,
    relation: r.relation,
    detail: r.detail,
    classTeacherOf: r.class_teacher_of,
  };
}

export const chatPolicy = {
  /** The caller's contacts as a subquery (user_id, relation, detail, class_teacher_of). */
  contactsSql(caller: Caller, schoolId: string): SQL {
    return relatedSql(caller, schoolId);
  },

  /**
   * The peer as the caller's contact, in one statement: 400 for oneself, 404 for a user not of the
   * school or inactive, 403 `chat_not_related` for one of the school outside the chat pairs.
   */
  async related(db: Db, caller: Caller, schoolId: string, peerId: string): Promise<ChatContact> {
    if (peerId === caller.userId) throw new AppError('BAD_REQUEST', 'A chat is with someone else.', { reason: 'chat_self' });
    // Named by role (the statement's text is the role's): planned once per connection, not per message.
    const rows = await runNamed<ContactRow & { related: boolean }>(
      db,
      `chat_related_${caller.roleId}`,
      sql`
        select u.id as user_id, trim(u.first_name || ' ' || u.last_name) as full_name, u.role_id, u.image,
          r.relation, r.detail, r.class_teacher_of, r.user_id is not null as related
        from users u
        left join (${relatedSql(caller, schoolId, peerId)}) r on r.user_id = u.id
        where u.school_id = ${schoolId}::uuid and u.id = ${peerId}::uuid and u.status
        limit 1`,
    );
    const row = rows[0];
    if (!row) throw notFound('User');
    if (!row.related) throw new AppError('FORBIDDEN', 'You cannot message this person.', { reason: 'chat_not_related' });
    return presentContact(row);
  },

  /** The roles that chat at all (the contract's roles decide; this names them for the services). */
  chats(role: Role): boolean {
    return role === ROLE.SYSTEM_ADMIN || role === ROLE.PRINCIPAL || role === ROLE.TEACHER || role === ROLE.PARENT;
  },
};
