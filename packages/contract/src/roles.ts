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

export const ALL_ROLES: readonly Role[] = [111, 112, 113, 114, 115, 116];

/** Roles that belong to exactly one school (everyone but the platform owner). */
export const SCHOOL_ROLES: readonly Role[] = [112, 113, 114, 115, 116];

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
  111: 'O',
  112: 'A',
  113: 'P',
  114: 'T',
  115: 'G',
  116: 'S',
};

/** i18n key of each role's name. */
export const ROLE_KEY: Record<Role, string> = {
  111: 'roles.owner',
  112: 'roles.systemAdmin',
  113: 'roles.principal',
  114: 'roles.teacher',
  115: 'roles.parent',
  116: 'roles.student',
};
