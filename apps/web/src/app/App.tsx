import type { ReactNode } from 'react';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toasts } from '../components/Toasts';
import { cssVariablesResolver, theme } from './theme';

/**
 * Theme and toasts for every page. The query client comes with the signed-in layout
 * (`QueryScope`); tests may pass their own here. The theme's CSS variables are styles the build
 * writes (main.tsx imports them: mantine-styles.ts), not computed as the app starts. Tests pass
 * their own theme (test/utils.tsx: the app's, for a DOM without layout).
 */
export function AppProviders({
  queryClient,
  themeOverride = theme,
  children,
}: {
  queryClient?: QueryClient;
  themeOverride?: MantineThemeOverride;
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={themeOverride} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" withCssVariables={false}>
      <Toasts />
      {queryClient ? <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> : children}
    </MantineProvider>
  );
}
