import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const CertificatesPage = lazy(() => import('./CertificatesPage'));
const MyCertificatesPage = lazy(() => import('./MyCertificatesPage'));
const IdCardsPage = lazy(() => import('./IdCardsPage'));

/** Certificates (issue 26): the register of the admins, ID cards, the shared certificates of parents and students. */
export const CERTIFICATE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/certificates': CertificatesPage,
  '/idcards': IdCardsPage,
  '/mycertificates': MyCertificatesPage,
};
