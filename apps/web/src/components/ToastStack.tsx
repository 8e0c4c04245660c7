import '@mantine/notifications/styles.layer.css';
import { useMemo } from 'react';
import { MantineThemeProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/** Below this width (576 px) toasts show at the bottom, so they never cover the page's heading. */
export const PHONE_TOASTS_QUERY = '(max-width: 35.99em)';

/** Mantine's toast stack, loaded on demand by `Toasts`; each toast's close button is named. */
export default function ToastStack() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_TOASTS_QUERY, false) ?? false;
  const close = t('common.close');
  const theme = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } } } }),
    [close],
  );
  return (
    <MantineThemeProvider theme={theme} inherit>
      <Notifications position={phone ? 'bottom-center' : 'top-right'} autoClose={5000} zIndex={1000} />
    </MantineThemeProvider>
  );
}
