import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Toasts: top-right, 5 s (spec section 9); global.css moves them below the header. */}
        <Notifications position="top-right" autoClose={5000} zIndex={1000} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

