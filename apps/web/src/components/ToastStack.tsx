import { useMemo } from 'react';
import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/** Mantine's toast stack, loaded on demand by `Toasts`; each toast's close button is named. */
export default function ToastStack() {
  const { t } = useTranslation();
  const close = t('common.close');
  const theme = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } } } }),
    [close],
  );
  return (
    <MantineThemeProvider theme={theme} inherit>
      <Notifications position="top-right" autoClose={5000} zIndex={1000} />
    </MantineThemeProvider>
  );
}
