/** `/editor/:flowPublicIdentifier/*`: the editor shell; the tab routes render inside it. */
import { useParams } from 'react-router';
import { UserMenu } from '../../features/auth/components/user-menu';
import { EditorShell } from '../../features/editor/components/editor-shell';

export function EditorLayoutRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  return <EditorShell publicIdentifier={flowPublicIdentifier} headerRight={<UserMenu />} />;
}
