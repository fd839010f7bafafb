/**
 * The outcome of an OAuth connection, shown on the page the provider's callback brought the browser back to
 * (`useOAuthResult`): a toast '{name} connected' once the connection is among `services`, or the reason it failed in
 * an alert the user closes. The parameters then leave the URL.
 */
import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ServiceConnection } from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import { useOAuthResult } from '../api/oauth-result';

/** See the module doc; `services`: the connections the page has loaded (undefined while loading). */
export function OAuthOutcome({ services }: { services: readonly ServiceConnection[] | undefined }) {
  const { connectedId, error, clear } = useOAuthResult();
  const [failure, setFailure] = useState<string | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  // Kept once read (React's "adjusting state when a prop changes", during render), then taken out of the URL; closing
  // it never brings it back, even while the URL still holds it for a render.
  if (error && error !== seen) {
    setSeen(error);
    setFailure(error);
  }
  useEffect(() => {
    if (error) clear();
  }, [error, clear]);
  useEffect(() => {
    if (!connectedId || !services) return;
    const connected = services.find((service) => service.id === connectedId);
    if (connected) notifications.show({ color: 'teal', message: copy.integrations.connectedToast(connected.name) });
    clear();
  }, [connectedId, services, clear]);
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" withCloseButton closeButtonLabel="Close" onClose={() => setFailure(null)} role="alert" data-testid="oauth-error">
      {failure}
    </Alert>
  );
}
