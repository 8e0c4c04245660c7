import type { ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';
import { FEE_SETUP_SCREENS } from './setup/screens';
import { FEE_RECORDS_SCREENS } from './records/screens';
import { FEE_STUDENT_SCREENS } from './student/screens';
import { FEE_REPORTS_SCREENS } from './reports/screens';
import { FEE_LATE_SCREENS } from './late/screens';
import { FEE_COUNTER_SCREENS } from './counter/screens';
import { FEE_UPI_SCREENS } from './upi/screens';
import { FEE_PAYMENT_SCREENS } from './payments/screens';

/**
 * The screens of fees, by route path (routes.tsx spreads them): setup (fee types, class fees),
 * records (fee records, instalments, payments), student (a student's fees for parents and
 * students), reports (the overview, dues, reports), late fees (the rule), the counter (issue 25),
 * UPI (parents' references to confirm), payments (the school's ways of being paid).
 */
export const FEE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  ...FEE_SETUP_SCREENS,
  ...FEE_RECORDS_SCREENS,
  ...FEE_STUDENT_SCREENS,
  ...FEE_REPORTS_SCREENS,
  ...FEE_LATE_SCREENS,
  ...FEE_COUNTER_SCREENS,
  ...FEE_UPI_SCREENS,
  ...FEE_PAYMENT_SCREENS,
};
