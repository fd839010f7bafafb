/**
 * A page of a template drawn live by the public form's own page (`/t/{id}?preview=1`, `respondent/preview-page.tsx`,
 * driven by the messages of `respondent/preview-protocol.ts`, sent as a `thumbnail`: no editor banner, no scroll bar):
 * for templates without rendered pictures (an organization's own, spec 000 §3 `pageImages` without `imageUrl`). The
 * form is laid out at the large thumbnail's size (1000×625 CSS px) and scaled to the box's width, so it looks like
 * the catalogue's pictures; it takes no input (pointer events off, out of the tab order, hidden from assistive
 * technology: the caller names the page).
 *
 * Only TYPES come from `preview-protocol.ts` here: a runtime import from this chunk too would split that module out
 * of the public form's entry into a chunk of its own, which the form's first paint then loads
 * (`web/test/bundle-size.test.ts`). The two values it needs are spelled below and checked against the module by
 * `web/test/features/templates/live-page.test.ts`.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useElementSize } from '@mantine/hooks';
import type { ThemeLook } from '@formloom/contracts/entities/theme';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { TEMPLATE_THUMBNAIL_SIZES } from '@formloom/contracts/rules/template-thumbnails';
import { paths } from '../../../config/paths';
import type { PreviewReady, PreviewState } from '../../../respondent/preview-protocol';
import classes from './templates.module.css';

const { width: PAGE_WIDTH, height: PAGE_HEIGHT } = TEMPLATE_THUMBNAIL_SIZES.large;

/** `preview-protocol.ts` `PREVIEW_PARAM`: the query parameter that opens the public form's page as a preview. */
export const LIVE_PAGE_PREVIEW_PARAM = 'preview';
/** `PreviewReady['type']`: the preview's "I am listening" message. */
export const LIVE_PAGE_READY_TYPE: PreviewReady['type'] = 'formloom:preview-ready';

/** Props of {@link LivePage}: the form's public id, name, template and look, and the page to draw. */
export interface LivePageProps {
  flowPublicIdentifier: string;
  name: string;
  template: FlowTemplate;
  look: ThemeLook | null;
  stepId: string;
}

/** The page `stepId` of `template`, drawn live and scaled to the box (see the module doc). */
export function LivePage({ flowPublicIdentifier, name, template, look, stepId }: LivePageProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const scaled = useRef<HTMLDivElement>(null);
  const { ref, width } = useElementSize();

  const send = useCallback(() => {
    const state: PreviewState = { type: 'formloom:preview-state', name, template, stepId, look, thumbnail: true };
    frame.current?.contentWindow?.postMessage(state, window.location.origin);
  }, [name, template, stepId, look]);

  // Every change reaches the frame; a (re)loaded frame says when it listens and then gets the state.
  useEffect(send, [send]);
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: unknown } | null;
      if (event.origin === window.location.origin && event.source === frame.current?.contentWindow && data?.type === LIVE_PAGE_READY_TYPE) send();
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  // The frame keeps the large thumbnail's layout size (the CSS module) and is scaled to the box's measured width.
  useEffect(() => {
    if (scaled.current) scaled.current.style.transform = `scale(${width > 0 ? width / PAGE_WIDTH : 0})`;
  }, [width]);

  return (
    <div ref={ref} className={classes.livePage} aria-hidden>
      <div ref={scaled} className={classes.liveScaled}>
        <iframe
          ref={frame}
          src={`${paths.publicForm.getHref(flowPublicIdentifier)}?${LIVE_PAGE_PREVIEW_PARAM}=1`}
          title={name}
          tabIndex={-1}
          loading="lazy"
          className={classes.liveFrame}
          width={PAGE_WIDTH}
          height={PAGE_HEIGHT}
        />
      </div>
    </div>
  );
}
