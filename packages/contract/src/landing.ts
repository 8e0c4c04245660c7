import { ROLE, type Role } from './roles.js';

// Where the web lives and where each role lands (no route table: the sign-in page imports these
// alone; routes.ts has the table).

export const WEB_BASE_PATH = '/sms_frontend';

/** Where uploaded images are served; the avatar is this base path plus the image name. */
export const IMAGE_BASE_PATH = '/api/uploads/';

/** Where each role lands after sign-in (spec section 2). */
export const LANDING: Record<Role, string> = {
  [ROLE.OWNER]: '/dashboard',
  [ROLE.SYSTEM_ADMIN]: '/systemadmin',
  [ROLE.PRINCIPAL]: '/schooladmin',
  [ROLE.TEACHER]: '/teacherdashboard',
  [ROLE.PARENT]: '/parentdashboard',
  [ROLE.STUDENT]: '/studentdashboard',
};

/** The landing route of a role code, or '/' for an unknown one. */
export function landingFor(role: number | null | undefined): string {
  return (role != null && LANDING[role as Role]) || '/';
}

/** Open without signing in: the login, password reset, and a certificate's verification page (its QR code, issue 26). */
export const PUBLIC_ROUTES = ['/', '/frgtpass', '/otp', '/verify/:token'] as const;
