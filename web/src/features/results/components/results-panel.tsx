/**
 * The 'Results' tab: the form's submissions, newest first, one row per submission with the submission time
 * and one column per question (the union of the questions of the page's submissions, in their order),
 * paginated. Each answer shows its `displayValue`, the text the flows service computed (contracts
 * `widgets/registry.ts` `displayAnswer`), which the thank-you email shows too. Empty state when nothing was
 * submitted yet. The header's 'Export' menu downloads every response as CSV or Excel (`export-menu.tsx`).
 */
import { useState } from 'react';
import { ActionIcon, Badge, Card, Container, Group, Pagination, ScrollArea, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { Submission } from '@formloom/contracts/entities/flow';
import { SUBMISSIONS_PAGE_DEFAULT } from '@formloom/contracts/limits';
import { formatDateTime } from '../../../lib/format';
import { IconInbox, IconRefresh } from '../../../ui/icons';
import { Empty, ErrorAlert } from '../../../ui/states';
import { AnswerText } from './answer-text';
import { useSubmissions } from '../api/get-submissions';
import { ExportMenu } from './export-menu';
import classes from './results-panel.module.css';

interface Column {
  id: string;
  name: string;
  type: string;
}

/**
 * The columns of a page of submissions: every question id once, in first-seen order, then every hidden field
 * (`urlParameters`, type `UrlParameter`) once.
 */
export function questionColumns(responses: Submission[]): Column[] {
  const seen = new Map<string, Column>();
  for (const response of responses) {
    for (const question of response.questions) {
      if (!seen.has(question.id)) seen.set(question.id, { id: question.id, name: question.name, type: question.type });
    }
  }
  const hidden = new Map<string, Column>();
  for (const response of responses) {
    for (const param of response.urlParameters ?? []) {
      if (!hidden.has(param.id) && !seen.has(param.id)) hidden.set(param.id, { id: param.id, name: param.name, type: 'UrlParameter' });
    }
  }
  return [...seen.values(), ...hidden.values()];
}

export function ResultsPanel({
  publicIdentifier,
  pageSize = SUBMISSIONS_PAGE_DEFAULT,
}: {
  publicIdentifier: string;
  /**
   * Not used any more: answers come with their text (`displayValue`). Still accepted because the router
   * (`routes/editor/tabs.tsx`) passes it; drop it there, then here.
   */
  template?: unknown;
  pageSize?: number;
}) {
  const [page, setPage] = useState(1);
  const submissions = useSubmissions(publicIdentifier, { limit: pageSize, offset: (page - 1) * pageSize, sort: 'desc' });
  const data = submissions.data;
  const total = data?.totalResponses ?? 0;
  const pageCount = Math.max(1, data?.pageCount ?? Math.ceil(total / pageSize));

  return (
    <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} fz="xl">
              Results
            </Title>
            {data && (
              <Badge variant="light" size="lg" data-testid="results-total">
                {total} {total === 1 ? 'response' : 'responses'}
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            <ExportMenu publicIdentifier={publicIdentifier} hasResponses={total > 0} />
            <Tooltip label="Refresh">
              <ActionIcon variant="default" size="lg" aria-label="Refresh results" onClick={() => void submissions.refetch()} loading={submissions.isFetching}>
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        {submissions.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading results">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} h={44} />
            ))}
          </Stack>
        ) : submissions.isError ? (
          <ErrorAlert error={submissions.error} title="Could not load results" onRetry={() => void submissions.refetch()} />
        ) : data && data.responses.length === 0 && page === 1 ? (
          <Card p="xl">
            <Empty
              testId="results-empty"
              icon={<IconInbox size={28} />}
              title="No responses yet"
              description="Share your form's link; every submission will appear here, newest first."
            />
          </Card>
        ) : data ? (
          <ResultsTable responses={data.responses} />
        ) : null}

        {pageCount > 1 && (
          <Group justify="center">
            <Pagination total={pageCount} value={page} onChange={setPage} aria-label="Results pages" data-testid="results-pagination" />
          </Group>
        )}
      </Stack>
    </Container>
  );
}

function ResultsTable({ responses }: { responses: Submission[] }) {
  const columns = questionColumns(responses);
  return (
    <Card p={0}>
      {/* Focusable, so that a keyboard can scroll a table wider than the screen (axe's scrollable-region-focusable). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Responses' }}>
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" miw={Math.max(480, 200 + columns.length * 180)} data-testid="results-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.nowrap}>Submitted</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.id} miw={160}>
                  <Text fz="sm" fw={700} lineClamp={2}>
                    {column.name}
                  </Text>
                  {column.type === 'UrlParameter' && (
                    <Text fz={11} c="dimmed">
                      Hidden field
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {responses.map((response) => {
              const byId = new Map([
                ...response.questions.map((question) => [question.id, question.displayValue] as const),
                ...(response.urlParameters ?? []).map((param) => [param.id, param.value] as const),
              ]);
              return (
                <Table.Tr key={response.submissionId} data-testid="results-row" data-submission-id={response.submissionId}>
                  <Table.Td className={classes.nowrap}>
                    <Text fz="sm" c="dimmed">
                      {formatDateTime(response.submissionTime)}
                    </Text>
                  </Table.Td>
                  {columns.map((column) => {
                    const text = byId.get(column.id) ?? '';
                    return (
                      <Table.Td key={column.id}>
                        {text ? (
                          <Text fz="sm" lineClamp={3}>
                            <AnswerText text={text} />
                          </Text>
                        ) : (
                          <Text fz="sm" c="dimmed" aria-label="No answer">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
