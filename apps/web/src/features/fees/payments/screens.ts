import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

const PaymentSettingsPage = lazy(() => import('./PaymentSettingsPage'));

/** Fees, part "payments": the school's ways of being paid (../screens.ts spreads it). */
export const FEE_PAYMENT_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/paymentsettings': PaymentSettingsPage,
};
