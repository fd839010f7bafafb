/**
 * `/editor/:flowPublicIdentifier/*`: the editor shell inside the app shell; the tab routes render inside it.
 * The flow and its draft are loaded by {@link editorLoader} before it renders.
 */
import { useParams } from 'react-router';
import { EditorShell } from '../../features/editor/components/editor-shell';

/** The editor of the flow in the URL. */
export function EditorLayoutRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  return <EditorShell publicIdentifier={flowPublicIdentifier} />;
}
