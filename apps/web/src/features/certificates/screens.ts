import { lazyScreens } from '../../lib/screen';

/** Certificates (issue 26): the register of the admins, ID cards, the shared certificates of parents and students. */
export const CERTIFICATE_SCREENS = lazyScreens({
  '/certificates': () => import('./CertificatesPage'),
  '/idcards': () => import('./IdCardsPage'),
  '/mycertificates': () => import('./MyCertificatesPage'),
});
