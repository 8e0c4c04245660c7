import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../app/screen';

const CertificatesPage = lazy(() => import('./CertificatesPage'));
const MyCertificatesPage = lazy(() => import('./MyCertificatesPage'));

/** Certificates (issue 26): the register of the admins, the shared certificates of parents and students. */
export const CERTIFICATE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/certificates': CertificatesPage,
  '/mycertificates': MyCertificatesPage,
};
