/**
 * The 'Edit' tab: pages on the left (in page order, `orderedSteps`), the selected page in the middle, the live
 * preview on the right (`form-preview.tsx`; on screens under 1200 px it opens in a drawer), and a summary of the
 * errors of the last save attempt on top. 'Preview' shows or hides the preview; it starts shown on wide screens.
 * The pages and the page share one drag and drop (`editor-dnd.tsx`: questions onto pages, pages in order), and the
 * questions' settings upload pictures for this form (`ImageUploadContext`, `api/upload-image.ts`).
 */
import { useState, type ReactNode } from 'react';
import type { ThemeDefinition } from '@formloom/contracts/entities/theme';
import { Alert, Anchor, Box, Button, Container, Drawer, Flex, Group, List, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlert, IconEye } from '../../../ui/icons';
import { ImageUploadContext } from '../../../widgets/shared/image-upload';
import { useFlow } from '../api/get-flow';
import { useFormImageUploader } from '../api/upload-image';
import { useEditor } from './editor-context';
import { EditorDnd } from './editor-dnd';
import { EndingEditor } from './ending-editor';
import { FormPreview } from './form-preview';
import { PageEditor } from './page-editor';
import { PagesPanel } from './pages-panel';

/** Wide enough for pages, the page and the preview side by side (Mantine's `lg` breakpoint). */
const SIDE_BY_SIDE = '(min-width: 75em)';

/** Props of {@link EditTab}: what the route composes in from other features. */
export interface EditTabProps {
  /** The form's theme (its design; null: the default look), drawn by the preview. */
  previewTheme?: ThemeDefinition | null;
  /** The theme control beside 'Preview' (the themes feature's button and dialog). */
  themeControl?: ReactNode;
}

/** The Edit tab: pages, the selected page or ending, and the live preview. */
export function EditTab({ previewTheme = null, themeControl }: EditTabProps = {}) {
  const { publicIdentifier, draft, selectedStepId, saveErrors, select } = useEditor();
  const step = draft.steps[selectedStepId];
  const flow = useFlow(publicIdentifier).data?.flow;
  const name = flow?.name ?? '';
  const uploader = useFormImageUploader(flow?.id ?? 0);
  const wide = useMediaQuery(SIDE_BY_SIDE, false, { getInitialValueInEffect: false }) ?? false;
  // null: the default for the screen (shown beside the editor on wide screens, closed on narrow ones).
  const [previewChoice, setPreviewChoice] = useState<boolean | null>(null);
  const showPreview = previewChoice ?? wide;

  return (
    <Container size={showPreview && wide ? 1600 : 'lg'} py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Group justify="flex-end" mb="sm" gap="xs">
        {themeControl}
        <Button
          variant={showPreview ? 'light' : 'default'}
          size="xs"
          leftSection={<IconEye size={14} />}
          aria-pressed={showPreview}
          onClick={() => setPreviewChoice(!showPreview)}
          data-testid="preview-toggle"
        >
          Preview
        </Button>
      </Group>
      {saveErrors.list.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlert />}
          title={saveErrors.kind === 'publish' ? 'This form cannot be published yet' : 'Your changes could not be saved'}
          mb="md"
          data-testid="save-errors"
        >
          <List size="sm" spacing={2}>
            {saveErrors.list.map((error) => (
              <List.Item key={`${error.path}:${error.message}`}>
                {error.stepId ? (
                  <Anchor component="button" type="button" fz="sm" c="red.9" underline="always" onClick={() => error.stepId && select(error.stepId)}>
                    {error.where}
                  </Anchor>
                ) : (
                  error.where
                )}
                : {error.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Flex gap="lg" direction={{ base: 'column', sm: 'row' }} align="flex-start">
        <ImageUploadContext.Provider value={uploader}>
          <EditorDnd>
            <Paper withBorder p="sm" w={{ base: '100%', sm: 260 }} pos={{ base: 'static', sm: 'sticky' }} top={80} flex="none">
              <PagesPanel />
            </Paper>
            <Box flex={1} miw={0} w="100%">
              {step?.type === 'form' && <PageEditor page={step} />}
              {step?.type === 'ending' && <EndingEditor ending={step} />}
            </Box>
          </EditorDnd>
        </ImageUploadContext.Provider>
        {showPreview && wide && (
          <Box w={460} flex="none">
            <FormPreview name={name} theme={previewTheme} />
          </Box>
        )}
      </Flex>
      <Drawer opened={showPreview && !wide} onClose={() => setPreviewChoice(false)} position="right" size="100%" title="Preview">
        <FormPreview name={name} theme={previewTheme} />
      </Drawer>
    </Container>
  );
}
