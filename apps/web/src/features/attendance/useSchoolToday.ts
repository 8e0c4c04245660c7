import { useSyncExternalStore } from 'react';
import { onClockChange } from '../../api/clock';
import { schoolToday } from './markLogic';

/** Today at the school (`YYYY-MM-DD`), drawn again when the school's clock is learnt from the server (a page's first API answer). */
export function useSchoolToday(): string {
  return useSyncExternalStore(onClockChange, () => schoolToday());
}
