/**
 * The editor's live preview: the public form's page opened with `?preview=1` inside the editor's iframe
 * (`preview-protocol.ts`). It shows the draft the editor sends — unsaved edits included — on the page the
 * editor has selected, with the same renderers and checks as the live form; 'Submit' shows the ending and stores
 * nothing. Sent as a `thumbnail`, it draws the page alone (no banner, no scroll bar) for the template gallery.
 */
import { useEffect, useState } from 'react';
import { FormRunner } from './form-runner';
import { isPreviewState, type PreviewReady, type PreviewState } from './preview-protocol';
import { Spinner } from './controls';
import classes from './form.module.css';
import { ThemedPage } from './theme';

/** Submitting in the preview: nothing is sent; the ending shows after a short pause. */
const noSubmit = () => new Promise<void>((resolve) => setTimeout(resolve, 300));

/** The preview of form `publicIdentifier`, driven by the parent window's messages. */
export function PreviewPage({ publicIdentifier }: { publicIdentifier: string }) {
  const [state, setState] = useState<PreviewState | null>(null);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      if (isPreviewState(event.data)) setState(event.data);
    }
    window.addEventListener('message', onMessage);
    const ready: PreviewReady = { type: 'formloom:preview-ready' };
    window.parent.postMessage(ready, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    document.title = state ? `Preview: ${state.name}` : 'Preview';
  }, [state]);

  // A thumbnail shows the page alone: no scroll bar beside it.
  const thumbnail = state?.thumbnail === true;
  useEffect(() => {
    document.documentElement.style.scrollbarWidth = thumbnail ? 'none' : '';
  }, [thumbnail]);

  return (
    <ThemedPage look={state?.look ?? null}>
      {!thumbnail && (
        <p className={classes.previewBanner} data-testid="preview-banner">
          Preview · answers are not saved
        </p>
      )}
      {state ? (
        <FormRunner
          publicIdentifier={publicIdentifier}
          title={state.name}
          template={state.template}
          challenge={null}
          settings={{}}
          submit={noSubmit}
          onAlreadyResponded={() => undefined}
          pageId={state.stepId}
        />
      ) : (
        <Spinner label="Loading preview" />
      )}
    </ThemedPage>
  );
}
