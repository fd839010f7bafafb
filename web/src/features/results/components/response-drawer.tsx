/**
 * The Results' response drawer: one response as a person reads it — when it was submitted (started, for a response
 * in progress) and last edited (saved) when that differs, every question's name and answer text (`AnswerText`:
 * uploaded files as download links), its hidden fields, its calculations (at most 2 decimals), its quiz score and its
 * values of the form's custom columns, editable there as in the table (`custom-column-cell.tsx`) — and 'Delete response', which asks for confirmation in a modal first; after a deletion the table and the count
 * refresh (`api/delete-submission.ts`) and the drawer closes. A read-only member gets no delete button and no editors.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { results as texts } from '@formloom/contracts/copy/results';
import { customColumns as customTexts } from '@formloom/contracts/copy/custom-columns';
import type { CustomColumn } from '@formloom/contracts/entities/custom-column';
import type { Submission } from '@formloom/contracts/entities/flow';
import { displayCalculation } from '@formloom/contracts/rules/calculations';
import { displayQuizScore } from '@formloom/contracts/rules/submission-results';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { IconTrash } from '../../../ui/icons';
import { useDeleteSubmission } from '../api/delete-submission';
import { AnswerText } from './answer-text';
import { CustomColumnCell } from './custom-column-cell';
import classes from './response-drawer.module.css';

/** Props of {@link ResponseDrawer}. */
export interface ResponseDrawerProps {
  publicIdentifier: string;
  /** The response shown; `null` closes the drawer. */
  response: Submission | null;
  /** Whether it is a respondent's progress (its time is when they started). */
  inProgress: boolean;
  /** The form's custom columns (its settings'), with the response's values, last. */
  customColumns?: readonly CustomColumn[];
  /** Hide 'Delete response' and the custom values' editors (a read-only member). */
  readOnly?: boolean;
  onClose: () => void;
}

/** One label and its text (or, for a custom column, its cell), in the drawer's list. */
function Field({ label, text, content }: DrawerField) {
  return (
    <div className={classes.field}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>
        {content ??
          (text ? (
            <AnswerText text={text} />
          ) : (
            <Text component="span" fz="sm" c="dimmed">
              {texts.noAnswer}
            </Text>
          ))}
      </dd>
    </div>
  );
}

/** A field of the drawer: its label and its text, or what shows instead of a text (`content`). */
interface DrawerField {
  key: string;
  label: string;
  text?: string;
  content?: ReactNode;
}

/** A titled list of fields, left out when it has none. */
function Section({ title, fields, testId }: { title: string; fields: DrawerField[]; testId: string }) {
  if (fields.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={3} fz="sm" c="dimmed" tt="uppercase">
        {title}
      </Title>
      <dl className={classes.list}>
        {fields.map(({ key, ...field }) => (
          <Field key={key} {...field} />
        ))}
      </dl>
    </Stack>
  );
}

/** The drawer of one response (see the module doc). */
export function ResponseDrawer({ publicIdentifier, response, inProgress, customColumns = [], readOnly = false, onClose }: ResponseDrawerProps) {
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

            <Section
              title={customTexts.drawerHeading}
              testId="response-custom-columns"
              fields={customColumns.map((column) => ({
                key: column.id,
                label: column.name,
                content: (
                  <CustomColumnCell
                    publicIdentifier={publicIdentifier}
                    submissionId={response.submissionId}
                    column={column}
                    cell={response.customColumns?.find(({ id }) => id === column.id)}
                    readOnly={readOnly}
                  />
                ),
              }))}
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
