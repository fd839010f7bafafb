/**
 * `/home/settings/custom-domains` (spec 000 §1 'Custom domain settings'): the organization's subdomain page inside the
 * app shell, given whether the signed-in user is an admin (auth feature).
 */
import { useMe } from '../features/auth/api/get-me';
import { CustomDomainsPage } from '../features/settings/components/custom-domains-page';

/** The custom domain settings (inside the app shell). */
export function CustomDomainsRoute() {
  const me = useMe();
  return <CustomDomainsPage isAdmin={me.data?.user.isAdmin ?? false} />;
}
