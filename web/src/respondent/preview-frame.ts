/**
 * Driving a frame of the public form's preview page (`/t/{id}?preview=1`, `preview-page.tsx`) with the messages of
 * `preview-protocol.ts`, from the app (never loaded by the public form itself): the editor's live preview and the template gallery's live
 * pages both draw a form this way.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { ThemeLook } from '@formloom/contracts/entities/theme';
import { isPreviewReady, type PreviewState } from './preview-protocol';

/**
 * What the frame draws: the form's name, its template, the page (step id), the theme's look (null: default), and
 * whether as a thumbnail (`PreviewState.thumbnail`: no banner, no scroll bar).
 */
export interface PreviewFrameState {
  name: string;
  template: FlowTemplate;
  stepId: string;
  look: ThemeLook | null;
  thumbnail?: boolean;
}

/**
 * A ref for the preview `<iframe>` (its `src`: the form's `/t/{id}?preview=1`) that keeps it drawing `state`: sent on every change of it, and again whenever the
 * frame says it is ready (after each load) — to our own origin only, and only answering our own frame.
 */
export function usePreviewFrame({ name, template, stepId, look, thumbnail = false }: PreviewFrameState): RefObject<HTMLIFrameElement | null> {
  const frame = useRef<HTMLIFrameElement>(null);
  const send = useCallback(() => {
    const state: PreviewState = { type: 'formloom:preview-state', name, template, stepId, look, ...(thumbnail ? { thumbnail } : {}) };
    frame.current?.contentWindow?.postMessage(state, window.location.origin);
  }, [name, template, stepId, look, thumbnail]);

  useEffect(send, [send]);
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin === window.location.origin && event.source === frame.current?.contentWindow && isPreviewReady(event.data)) send();
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);
  return frame;
}
