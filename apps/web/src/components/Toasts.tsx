import { lazy, Suspense } from 'react';
import { useNotifications } from '@mantine/notifications';

// Mantine's toast component (with its transitions) loads with the first toast, not with the
// login page: `notifications.show` only writes to the store, which this reads.
const ToastStack = lazy(() => import('./ToastStack'));

/** Toasts: top-right, 5 s (spec section 9); global.css moves them below the header. On a phone: at the bottom, clear of the heading. */
export function Toasts() {
  const state = useNotifications();
  if (state.notifications.length === 0 && state.queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
