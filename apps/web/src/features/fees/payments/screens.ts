import { lazyScreens } from '../../../lib/screen';

/** Fees, part "payments": the school's ways of being paid (../screens.ts spreads it). */
export const FEE_PAYMENT_SCREENS = lazyScreens({
  '/paymentsettings': () => import('./PaymentSettingsPage'),
});
