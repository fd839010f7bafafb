/**
 * The 'Results' tab: the form's responses in a table (`results-table.tsx`: a row per response, a column per question,
 * hidden field, calculation, the quiz's score, then the form's custom columns), paginated.
 *
 * Above the table, the toolbar (`results-toolbar.tsx`): a search (debounced {@link SEARCH_DEBOUNCE_MS}), a range of
 * days, the status ('Completed' or 'In progress': respondents' saved progress) and the sort; they are part of the
 * query key and send the table back to page 1. The count and the Export menu follow them ('export with the same
 * filters'). Members who may change the form add their own columns there ('Add column': `add-custom-column.tsx`,
 * spec 001 §2), kept in the flow's settings, and fill them in the table or the drawer. Clicking a row — or Enter on
 * it, rows are focusable — opens its response in a drawer (`response-drawer.tsx`), where it can be deleted. Empty states: 'No responses yet' when nothing was submitted,
 * 'No responses match these filters' with 'Clear filters' when the filters keep nothing.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Container, Group, Pagination, Skeleton, Stack, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { results as texts } from '@formloom/contracts/copy/results';
import { customColumnsOf } from '@formloom/contracts/entities/custom-column';
import type { Flow, Submission } from '@formloom/contracts/entities/flow';
import { SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_SEARCH_MAX_LENGTH } from '@formloom/contracts/limits';
import { IconInbox, IconRefresh } from '../../../ui/icons';
import { Empty, ErrorAlert } from '../../../ui/states';
import { useSubmissions } from '../api/get-submissions';
import { DEFAULT_FILTERS, isFiltered, toQueryFilters, type ResultsFilters } from '../model/filters';
import { AddCustomColumn } from './add-custom-column';
import { ExportMenu } from './export-menu';
import { ResponseDrawer } from './response-drawer';
import { ResultsTable } from './results-table';
import { ResultsToolbar } from './results-toolbar';

/** How long the search waits after the last keystroke before it asks the server (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The Results tab (see the module doc). */
export function ResultsPanel({
  publicIdentifier,
  flow,
  pageSize = SUBMISSIONS_PAGE_DEFAULT,
  readOnly = false,
}: {
  publicIdentifier: string;
  /** The flow (its id and settings: the custom columns); until it is loaded, no custom columns show. */
  flow?: Flow;
  pageSize?: number;
  /** The caller may only view the workspace: no 'Delete response', no changes to custom columns or their values. */
  readOnly?: boolean;
}) {
  const [filters, setFilters] = useState<ResultsFilters>(DEFAULT_FILTERS);
  const [search] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const query = toQueryFilters({ ...filters, search }, SUBMISSIONS_SEARCH_MAX_LENGTH);
  // The page belongs to the filters it was chosen under: other filters start again at page 1.
  const filtersKey = JSON.stringify(query);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const [selected, setSelected] = useState<Submission | null>(null);
  const customColumns = flow ? customColumnsOf(flow.settings) : [];

  const submissions = useSubmissions(publicIdentifier, { limit: pageSize, offset: (page - 1) * pageSize, ...query });
  const data = submissions.data;
  const total = data?.totalResponses ?? 0;
  const pageCount = Math.max(1, data?.pageCount ?? Math.ceil(total / pageSize));
  const inProgress = query.status === 'in_progress';
  const filtered = isFiltered({ ...filters, search });
  // The drawer shows the response as the page now holds it (a custom value changed since it opened).
  const shown = (selected && data?.responses.find((response) => response.submissionId === selected.submissionId)) ?? selected;

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
            {flow && !readOnly && <AddCustomColumn publicIdentifier={publicIdentifier} flowId={flow.id} />}
            <ExportMenu publicIdentifier={publicIdentifier} hasResponses={total > 0} filters={query} />
            <Tooltip label="Refresh">
              <ActionIcon variant="default" size="lg" aria-label="Refresh results" onClick={() => void submissions.refetch()} loading={submissions.isFetching}>
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <ResultsToolbar filters={filters} onChange={setFilters} />

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
            {filtered ? (
              <Empty testId="results-no-matches" icon={<IconInbox size={28} />} title={texts.noMatches}>
                <Button variant="default" onClick={() => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort })}>
                  {texts.clearFilters}
                </Button>
              </Empty>
            ) : (
              <Empty
                testId="results-empty"
                icon={<IconInbox size={28} />}
                title="No responses yet"
                description="Share your form's link; every submission will appear here, newest first."
              />
            )}
          </Card>
        ) : data ? (
          <ResultsTable
            publicIdentifier={publicIdentifier}
            responses={data.responses}
            inProgress={inProgress}
            customColumns={customColumns}
            flowId={flow?.id}
            readOnly={readOnly}
            onOpen={setSelected}
          />
        ) : null}

        {pageCount > 1 && (
          <Group justify="center">
            <Pagination
              total={pageCount}
              value={page}
              onChange={(next) => setPaging({ filtersKey, page: next })}
              aria-label="Results pages"
              data-testid="results-pagination"
            />
          </Group>
        )}
      </Stack>

      <ResponseDrawer
        publicIdentifier={publicIdentifier}
        response={shown}
        inProgress={inProgress}
        customColumns={customColumns}
        readOnly={readOnly}
        onClose={() => setSelected(null)}
      />
    </Container>
  );
}
