/**
 * The app's react-query client: no retries for 4xx answers (they will not change by retrying), one retry
 * for network and 5xx failures, and no refetch on window focus for drafts being edited. Route loaders fetch what
 * a page needs before it renders (`src/app/loaders.ts`); a query whose load failed is not fetched again when
 * its page mounts (`retryOnMount: false`): the page shows the error with its 'Try again' button, and the next
 * navigation to the page loads it again.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A new client with the defaults above (one per app; tests make one per render). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retryOnMount: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
