/**
 * A page of a template drawn live by the public form's own page (`/t/{id}?preview=1`, `respondent/preview-page.tsx`,
 * driven by `respondent/preview-protocol.ts`): for templates without rendered pictures (an organization's own, spec
 * 000 §3 `pageImages` without `imageUrl`). The form is laid out at the large thumbnail's size (1000×625 CSS px) and
 * scaled to the box's width, so it looks like the catalogue's pictures; it takes no input (pointer events off, out of
 * the tab order, hidden from assistive technology: the caller names the page).
 */
import { useEffect, useRef } from 'react';
import { useElementSize } from '@mantine/hooks';
import type { ThemeLook } from '@formloom/contracts/entities/theme';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { TEMPLATE_THUMBNAIL_SIZES } from '@formloom/contracts/rules/template-thumbnails';
import { paths } from '../../../config/paths';
import { usePreviewFrame } from '../../../respondent/preview-frame';
import { PREVIEW_PARAM } from '../../../respondent/preview-protocol';
import classes from './templates.module.css';

const { width: PAGE_WIDTH, height: PAGE_HEIGHT } = TEMPLATE_THUMBNAIL_SIZES.large;

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
  const frame = usePreviewFrame({ name, template, stepId, look, thumbnail: true });
  const { ref, width } = useElementSize();
  // The frame keeps the large thumbnail's layout size (the CSS module) and is scaled to the box's measured width.
  const scaled = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scaled.current) scaled.current.style.transform = `scale(${width > 0 ? width / PAGE_WIDTH : 0})`;
  }, [width]);
  return (
    <div ref={ref} className={classes.livePage} aria-hidden>
      <div ref={scaled} className={classes.liveScaled}>
        <iframe
        ref={frame}
        src={`${paths.publicForm.getHref(flowPublicIdentifier)}?${PREVIEW_PARAM}=1`}
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
