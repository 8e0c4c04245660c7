import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const ChildConsentPage = lazy(() => import('./ChildConsentPage'));
const DataPrivacyPage = lazy(() => import('./DataPrivacyPage'));
const AuditLogPage = lazy(() => import('./AuditLogPage'));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const PRIVACY_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/childconsent': ChildConsentPage,
  '/dataprivacy': DataPrivacyPage,
  '/auditlog': AuditLogPage,
};
