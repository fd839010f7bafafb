/**
 * `/home/integrations` and `/home/integrations/edit/:serviceId` (spec 001 §2): the organization's connected accounts
 * and one of them, inside the app shell, given who is signed in (auth feature).
 */
import { useParams } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { EditServicePage } from '../features/integrations/components/edit-service-page';
import { IntegrationsPage } from '../features/integrations/components/integrations-page';

/** The connected accounts. */
export function IntegrationsRoute() {
  const me = useMe();
  return <IntegrationsPage currentUserId={me.data?.user.id ?? 0} isAdmin={me.data?.user.isAdmin ?? false} />;
}

/** One connected account. */
export function IntegrationEditRoute() {
  const me = useMe();
  const { serviceId = '' } = useParams();
  return <EditServicePage key={serviceId} serviceId={serviceId} currentUserId={me.data?.user.id ?? 0} isAdmin={me.data?.user.isAdmin ?? false} />;
}
