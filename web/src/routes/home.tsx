/** `/home` and `/home/:workspaceSlug`: the dashboard with the signed-in user's first name. */
import { useParams } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { UserMenu } from '../features/auth/components/user-menu';
import { HomePage } from '../features/home/components/home-page';

export function HomeRoute() {
  const { workspaceSlug } = useParams();
  const me = useMe();
  return <HomePage firstName={me.data?.user.firstName ?? ''} workspaceSlug={workspaceSlug} headerRight={<UserMenu />} />;
}
