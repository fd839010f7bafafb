/**
 * The Results' response drawer: one response as a person reads it — when it was submitted (started, for a response
 * in progress) and last edited (saved) when that differs, every question's name and answer text (`AnswerText`:
 * uploaded files as download links), its hidden fields, its calculations (at most 2 decimals) and its quiz score —
 * and 'Delete response', which asks for confirmation in a modal first; after a deletion the table and the count
 * refresh (`api/delete-submission.ts`) and the drawer closes. A read-only member gets no delete button.
 */
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { results as texts } from '@formloom/contracts/copy/results';
import type { Submission } from '@formloom/contracts/entities/flow';
import { displayCalculation } from '@formloom/contracts/rules/calculations';
import { displayQuizScore } from '@formloom/contracts/rules/submission-results';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { IconTrash } from '../../../ui/icons';
import { useDeleteSubmission } from '../api/delete-submission';
import { AnswerText } from './answer-text';
import classes from './response-drawer.module.css';

/** Props of {@link ResponseDrawer}. */
export interface ResponseDrawerProps {
  publicIdentifier: string;
  /** The response shown; `null` closes the drawer. */
  response: Submission | null;
  /** Whether it is a respondent's progress (its time is when they started). */
  inProgress: boolean;
  /** Hide 'Delete response' (a read-only member). */
  readOnly?: boolean;
  onClose: () => void;
}

/** One label and its text, in the drawer's list. */
function Field({ label, text }: { label: string; text: string }) {
  return (
    <div className={classes.field}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>
        {text ? (
          <AnswerText text={text} />
        ) : (
          <Text component="span" fz="sm" c="dimmed">
            {texts.noAnswer}
          </Text>
        )}
      </dd>
    </div>
  );
}

/** A titled list of fields, left out when it has none. */
function Section({ title, fields, testId }: { title: string; fields: { key: string; label: string; text: string }[]; testId: string }) {
  if (fields.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={3} fz="sm" c="dimmed" tt="uppercase">
        {title}
      </Title>
      <dl className={classes.list}>
        {fields.map((field) => (
          <Field key={field.key} label={field.label} text={field.text} />
        ))}
      </dl>
    </Stack>
  );
}

/** The drawer of one response (see the module doc). */
export function ResponseDrawer({ publicIdentifier, response, inProgress, readOnly = false, onClose }: ResponseDrawerProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSubmission(publicIdentifier);

  const confirmDelete = async () => {
    if (!response) return;
    try {
      await remove.mutateAsync(response.submissionId);
      notifications.show({ color: 'green', message: texts.deleted });
      setConfirming(false);
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: texts.deleteFailed, message: errorMessage(error) });
    }
  };

  return (
    <>
      <Drawer
        opened={response !== null}
        onClose={onClose}
        position="right"
        size="md"
        title={texts.drawerTitle}
        classNames={{ content: classes.content }}
        closeButtonProps={{ 'aria-label': texts.closeDrawer }}
        // While the confirmation is open, Escape and clicks belong to it.
        closeOnEscape={!confirming}
        closeOnClickOutside={!confirming}
        data-testid="response-drawer"
      >
        {response && (
          <Stack gap="lg">
            <Stack gap={4}>
              <Group gap="xs">
                <Text fz="sm" c="dimmed">
                  {inProgress ? texts.startedAt : texts.submittedAt}
                </Text>
                {inProgress && (
                  <Badge variant="light" color="yellow" size="sm">
                    {texts.statusInProgress}
                  </Badge>
                )}
              </Group>
              <Text fw={600} data-testid="response-time">
                {formatDateTime(response.submissionTime)}
              </Text>
              {response.lastUpdatedAt !== response.submissionTime && (
                <Text fz="sm" c="dimmed" data-testid="response-edited">
                  {inProgress ? texts.lastSavedAt : texts.lastEditedAt} {formatDateTime(response.lastUpdatedAt)}
                </Text>
              )}
            </Stack>

            <Section
              title={texts.answersHeading}
              testId="response-answers"
              fields={response.questions.map((question) => ({ key: question.id, label: question.name, text: question.displayValue }))}
            />
            <Section
              title={texts.hiddenFieldsHeading}
              testId="response-hidden-fields"
              fields={(response.urlParameters ?? []).map((param) => ({ key: param.id, label: param.name, text: param.value }))}
            />
            <Section
              title={texts.calculationsHeading}
              testId="response-calculations"
              fields={[
                ...(response.calculations ?? []).map((calculation) => ({ key: calculation.id, label: calculation.name, text: displayCalculation(calculation.value) })),
                ...(response.quiz ? [{ key: ':score', label: copy.quiz.score, text: displayQuizScore(response.quiz) }] : []),
              ]}
            />

            {!readOnly && (
              <Group>
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                  {texts.deleteResponse}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Drawer>

      <Modal opened={confirming && response !== null} onClose={() => setConfirming(false)} title={texts.deleteResponse} centered>
        <Stack>
          <Text fz="sm">{texts.deleteConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {texts.cancel}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()} data-testid="response-delete-confirm">
              {texts.confirmDelete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
