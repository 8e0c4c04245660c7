import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

const FeeTypesPage = lazy(() => import('./FeeTypesPage'));
const AllFeesPage = lazy(() => import('./AllFeesPage'));
const ClassFeePage = lazy(() => import('./ClassFeePage'));

/** Fees, part "setup": its screens by route path (../screens.ts spreads them). */
export const FEE_SETUP_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/AddFeetype': FeeTypesPage,
  '/viewall_fees': AllFeesPage,
  '/AddClassFee': ClassFeePage,
};
