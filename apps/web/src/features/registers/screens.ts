import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const AdmissionRegisterPage = lazy(() => import('./AdmissionRegisterPage'));

/** The school's registers (issue 26): the admission register and the UDISE+ export (signedIn.tsx spreads them). */
export const REGISTER_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/admissionregister': AdmissionRegisterPage,
};
