import { useMemo, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toasts } from '../components/Toasts';
import { cssVariablesResolver, theme } from './theme';

/**
 * Theme and toasts for every page. The query client comes with the signed-in layout
 * (`QueryScope`); tests may pass their own here.
 */
export function AppProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // Close buttons Mantine draws itself (toasts) get a translated name.
  const translated = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } } },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language decides the text
    [i18n.language],
  );
  return (
    <MantineProvider theme={translated} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      {queryClient ? <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> : children}
    </MantineProvider>
  );
}
