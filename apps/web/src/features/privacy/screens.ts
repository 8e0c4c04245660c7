import { lazyScreens } from '../../lib/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const PRIVACY_SCREENS = lazyScreens({
  '/childconsent': () => import('./ChildConsentPage'),
  '/dataprivacy': () => import('./DataPrivacyPage'),
  '/auditlog': () => import('./AuditLogPage'),
});
