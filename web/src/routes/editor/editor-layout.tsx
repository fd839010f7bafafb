/**
 * `/editor/:flowPublicIdentifier/*`: the editor shell inside the app shell; the tab routes render inside it.
 * The flow and its draft are loaded by {@link editorLoader} before it renders. The header's name field and
 * menu come from the flow-actions feature. Opening a flow records the view (spec 000 §2 'Recently viewed', 'Last
 * viewed'), once per flow opened. On a phone, the small-screen notice (auth feature, spec 000 §9) sits under the header.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { SmallScreenNotice } from '../../features/auth/components/small-screen-notice';
import { EditorShell } from '../../features/editor/components/editor-shell';
import { useRecordFlowView } from '../../features/flow-actions/api/flow-actions';
import { useMe } from '../../features/auth/api/get-me';
import { FlowActionsMenu } from '../../features/flow-actions/components/flow-actions-menu';
import { MakeTemplateModal } from '../../features/templates/components/make-template-modal';
import { FlowNameEditor } from '../../features/flow-actions/components/flow-name-editor';

/** The editor of the flow in the URL. */
export function EditorLayoutRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  const { mutate: recordView } = useRecordFlowView();
  const me = useMe().data;
  const isAdmin = me?.user.isAdmin ?? false;
  useEffect(() => {
    if (flowPublicIdentifier) recordView({ publicIdentifier: flowPublicIdentifier });
  }, [flowPublicIdentifier, recordView]);
  return (
    <EditorShell
      publicIdentifier={flowPublicIdentifier}
      renderTitle={(flow) => <FlowNameEditor flow={flow} />}
      renderActions={(flow, editorItems) => (
        <FlowActionsMenu
          flow={flow}
          leaveAfterDelete
          openDuplicate
          extraItems={editorItems}
          renderMakeTemplate={isAdmin ? (onDone) => <MakeTemplateModal flow={flow} onClose={onDone} /> : undefined}
        />
      )}
      notice={<SmallScreenNotice />}
      formsOrigin={me?.formsOrigin}
    />
  );
}
