/**
 * App-wide providers: Mantine (theme, styles), notifications (toasts) and react-query, around `children`.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@formloom/contracts/limits';
import { cssVariablesResolver, theme } from './theme';

/** What {@link AppProvider} takes. */
export interface AppProviderProps {
  /** The react-query client; the router's loaders fill the same one (`createRoutes(queryClient)`). */
  queryClient: QueryClient;
  /** Mantine's environment: 'test' turns off transitions and portals (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Mantine, toasts (spec 000 §9: 5000 ms) and react-query for the app. */
export function AppProvider({ queryClient, env = 'default', children }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
