/** Role codes of spec section 2. */
export const ROLE = {
  OWNER: 111,
  SYSTEM_ADMIN: 112,
  PRINCIPAL: 113,
  TEACHER: 114,
  PARENT: 115,
  STUDENT: 116,
} as const;

export type Role = (typeof ROLE)[keyof typeof ROLE];

export const ALL_ROLES: readonly Role[] = [ROLE.OWNER, ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT];

/** Roles that belong to exactly one school (everyone but the platform owner). */
export const SCHOOL_ROLES: readonly Role[] = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT];

export function isRole(value: unknown): value is Role {
  return typeof value === 'number' && (ALL_ROLES as readonly number[]).includes(value);
}

/** Parses a role code from untrusted text (a cookie); unknown values give null. */
export function parseRole(value: unknown): Role | null {
  const n = typeof value === 'string' && /^\d{3}$/.test(value.trim()) ? Number(value.trim()) : value;
  return isRole(n) ? n : null;
}

/** Letter used in generated login ids: school code + letter + sequence, e.g. DEMO-T0007. */
export const ROLE_LETTER: Record<Role, string> = {
  [ROLE.OWNER]: 'O',
  [ROLE.SYSTEM_ADMIN]: 'A',
  [ROLE.PRINCIPAL]: 'P',
  [ROLE.TEACHER]: 'T',
  [ROLE.PARENT]: 'G',
  [ROLE.STUDENT]: 'S',
};

/** i18n key of each role's name. */
export const ROLE_KEY: Record<Role, string> = {
  [ROLE.OWNER]: 'roles.owner',
  [ROLE.SYSTEM_ADMIN]: 'roles.systemAdmin',
  [ROLE.PRINCIPAL]: 'roles.principal',
  [ROLE.TEACHER]: 'roles.teacher',
  [ROLE.PARENT]: 'roles.parent',
  [ROLE.STUDENT]: 'roles.student',
};

/**
 * Duties a school gives a member of staff beyond its role (issue 42): `arrangement`, the
 * arrangement (substitution) register, which the admins keep and a teacher keeps only with it (a
 * vice principal, the "arrangement in-charge"). The signed-in profile lists the caller's.
 */
export const STAFF_DUTIES = ['arrangement'] as const;
export type StaffDuty = (typeof STAFF_DUTIES)[number];
