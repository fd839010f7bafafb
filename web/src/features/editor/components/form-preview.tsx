/**
 * The editor's live preview: the public form's page in an iframe (`/t/{id}?preview=1`,
 * `web/src/respondent/preview-page.tsx`), at a desktop or a phone's width, showing the draft as it is being
 * edited — saved or not — on the page selected in the editor. The editor drives it with `postMessage`
 * (`web/src/respondent/preview-protocol.ts`): it sends the name, the draft and the selected page when the frame
 * says it is ready and again on every change, to our own origin only.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Group, SegmentedControl, Text } from '@mantine/core';
import type { ThemeDefinition } from '@formloom/contracts/entities/theme';
import { themeLook } from '@formloom/contracts/rules/themes';
import { paths } from '../../../config/paths';
import { isPreviewReady, PREVIEW_PARAM, type PreviewState } from '../../../respondent/preview-protocol';
import { useEditor } from './editor-context';
import classes from './form-preview.module.css';

/** The preview's widths: a desktop browser, a phone (390 CSS px). */
type PreviewWidth = 'desktop' | 'mobile';

/** The live preview of the form being edited, named `name`, drawn in `theme` (null: the default look). */
export function FormPreview({ name, theme = null }: { name: string; theme?: ThemeDefinition | null }) {
  const { publicIdentifier, draft, selectedStepId } = useEditor();
  const frame = useRef<HTMLIFrameElement>(null);
  const look = useMemo(() => (theme ? themeLook(theme) : null), [theme]);
  const [width, setWidth] = useState<PreviewWidth>('desktop');

  const send = useCallback(() => {
    const state: PreviewState = { type: 'formloom:preview-state', name, template: draft, stepId: selectedStepId, look };
    frame.current?.contentWindow?.postMessage(state, window.location.origin);
  }, [name, draft, selectedStepId, look]);

  // Every change of the draft, the name or the selected page reaches the preview.
  useEffect(send, [send]);

  // The frame says when it listens (after each load); it then gets the current state.
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin === window.location.origin && event.source === frame.current?.contentWindow && isPreviewReady(event.data)) send();
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  const src = `${paths.publicForm.getHref(publicIdentifier)}?${PREVIEW_PARAM}=1`;
  return (
    <Box className={classes.panel} data-testid="form-preview">
      <Group justify="space-between" gap="xs" mb="xs">
        <Text fw={600} fz="sm">
          Preview
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={width}
          onChange={(value) => setWidth(value as PreviewWidth)}
          data={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'mobile', label: 'Mobile' },
          ]}
        />
      </Group>
      <div className={classes.stage} data-width={width}>
        <iframe ref={frame} src={src} title={`Preview of ${name}`} className={classes.frame} data-width={width} />
      </div>
    </Box>
  );
}
