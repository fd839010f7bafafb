/**
 * 'Test run': a dialog that runs the workflow's saved draft against a submission of the form — the latest by
 * default, or one of the TEST_RUN_SUBMISSION_CHOICES latest — as a test run, then opens the new run's page. Its
 * steps really run (emails are sent); the dialog says so. Refusals (an incomplete draft, no submissions yet) show in
 * the dialog with the server's words.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError, toFieldErrors } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { IconSend } from '../../../ui/icons';
import { useStartTestRun, useTestSubmissions } from '../api/run-actions';

const LATEST = 'latest';

/** The 'Test run' button and its dialog. */
export function TestRunButton({ flowPublicIdentifier, workflowId }: { flowPublicIdentifier: string; workflowId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconSend size={14} />} onClick={() => setOpened(true)}>
        {copy.workflowRuns.testRun}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={copy.workflowRuns.testRunTitle}>
        {opened && <TestRunForm flowPublicIdentifier={flowPublicIdentifier} workflowId={workflowId} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function TestRunForm({ flowPublicIdentifier, workflowId, onDone }: { flowPublicIdentifier: string; workflowId: string; onDone: () => void }) {
  const navigate = useNavigate();
  const submissions = useTestSubmissions(flowPublicIdentifier, true);
  const start = useStartTestRun();
  const [choice, setChoice] = useState(LATEST);
  const options = [
    { value: LATEST, label: copy.workflowRuns.latestSubmission },
    ...(submissions.data ?? []).map((submission) => ({
      value: submission.submissionId,
      label: [formatDateTime(submission.submissionTime), submission.label].filter(Boolean).join(' — '),
    })),
  ];
  const problems = start.error && isApiError(start.error, 400) ? toFieldErrors(start.error.details) : [];

  async function run() {
    const created = await start.mutateAsync({ workflowId, ...(choice === LATEST ? {} : { submissionId: choice }) });
    notifications.show({ color: 'green', message: copy.workflowRuns.testRunStarted });
    onDone();
    void navigate(paths.workflowRun.getHref(flowPublicIdentifier, workflowId, created.id));
  }

  return (
    <Stack gap="md">
      <Text fz="sm">{copy.workflowRuns.testRunHelp}</Text>
      <Select
        label={copy.workflowRuns.testSubmission}
        data={options}
        value={choice}
        onChange={(value) => setChoice(value ?? LATEST)}
        allowDeselect={false}
        searchable
        disabled={submissions.isPending}
      />
      {start.isError && (
        <Alert color="red" variant="light" role="alert" title={errorMessage(start.error)}>
          {problems.length > 1 && (
            <Stack gap={2}>
              {problems.map((problem) => (
                <Text fz="xs" key={`${problem.path}:${problem.message}`}>
                  {problem.message}
                </Text>
              ))}
            </Stack>
          )}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          {copy.workflowRuns.cancel}
        </Button>
        <Button onClick={() => void run().catch(() => undefined)} loading={start.isPending}>
          {copy.workflowRuns.startTestRun}
        </Button>
      </Group>
    </Stack>
  );
}
