/**
 * The 'Edit' tab: pages on the left (in page order, `orderedSteps`), the selected page on the right, and a
 * summary of the errors of the last save attempt on top.
 */
import { Alert, Anchor, Box, Container, Flex, List, Paper } from '@mantine/core';
import { IconAlert } from '../../../ui/icons';
import { useEditor } from './editor-context';
import { EndingEditor } from './ending-editor';
import { PageEditor } from './page-editor';
import { PagesPanel } from './pages-panel';

export function EditTab() {
  const { draft, selectedStepId, saveErrors, select } = useEditor();
  const step = draft.steps[selectedStepId];

  return (
    <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
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
        <Paper withBorder p="sm" w={{ base: '100%', sm: 260 }} pos={{ base: 'static', sm: 'sticky' }} top={80} flex="none">
          <PagesPanel />
        </Paper>
        <Box flex={1} miw={0} w="100%">
          {step?.type === 'form' && <PageEditor page={step} />}
          {step?.type === 'ending' && <EndingEditor ending={step} />}
        </Box>
      </Flex>
    </Container>
  );
}
