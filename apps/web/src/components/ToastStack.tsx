import { Notifications } from '@mantine/notifications';

/** Mantine's toast stack, loaded on demand by `Toasts`. */
export default function ToastStack() {
  return <Notifications position="top-right" autoClose={5000} zIndex={1000} />;
}
