/** Shared loading, error and empty states used by every screen. */
import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { errorMessage } from '../lib/api-client';
import { IconAlert } from './icons';

/** A centred spinner filling its container (or the viewport with `fullScreen`). */
export function PageLoader({ fullScreen = false, label = 'Loading' }: { fullScreen?: boolean; label?: string }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite" aria-label={label}>
      <Loader type="dots" size="lg" />
    </Center>
  );
}

/** An inline error box with the server's message and an optional retry. */
export function ErrorAlert({ error, title = 'Something went wrong', onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlert />} role="alert">
      <Stack gap="xs" align="flex-start">
        <span>{errorMessage(error)}</span>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A friendly empty state: icon, title, description and actions. */
export function Empty({ icon, title, description, children, testId }: { icon?: ReactNode; title: string; description?: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <EmptyState
      icon={icon}
      variant="light"
      title={title}
      description={description}
      py="xl"
      data-testid={testId}
    >
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
