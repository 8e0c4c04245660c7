import { lazyScreens } from '../../lib/screen';

/** The school's registers (issue 26): the admission register and the UDISE+ export (signedIn.tsx spreads them). */
export const REGISTER_SCREENS = lazyScreens({
  '/admissionregister': () => import('./AdmissionRegisterPage'),
});
