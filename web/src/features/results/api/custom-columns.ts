/**
 * The custom columns' calls (spec 001 §7; `@formloom/contracts/api/flows/custom-columns`):
 * - `createCustomColumn` (POST /admin/flows/customColumn/{flowId}, `{name, type, options}`) → `{flow, customFieldId}`;
 * - `renameCustomColumn` (PATCH the same path, `{columnId, name}`) and `deleteCustomColumn` (DELETE, `{columnId}`) →
 *   `{flow}`;
 * - `setCustomColumnValue` (PUT /admin/flows/{publicIdentifier}/submissions/{submissionId}/customColumns/{columnId},
 *   `{value}`) → `{customColumn}`, the cell as stored.
 * A column's change writes the answered flow into the flow's cache (its `settings.customColumns` are the Results'
 * columns) and refreshes the form's submissions; a value's change writes the cell into every cached page.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createCustomColumn,
  deleteCustomColumn,
  renameCustomColumn,
  setCustomColumnValue,
  type CreateCustomColumnBody,
} from '@formloom/contracts/api/flows/custom-columns';
import type { FlowWithDraftResponse, FlowResponse } from '@formloom/contracts/api/flows/flows';
import type { SubmissionsResponse } from '@formloom/contracts/api/flows/submissions';
import type { SubmissionCustomColumn } from '@formloom/contracts/entities/custom-column';
import type { Flow } from '@formloom/contracts/entities/flow';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys, submissionKeys } from '../../../lib/query-keys';

/** The flow a column call answered, written into the flow's cache; the form's pages of submissions refresh. */
function columnsChanged(queryClient: QueryClient, publicIdentifier: string, flow: Flow) {
  queryClient.setQueryData<FlowWithDraftResponse>(flowKeys.detail(publicIdentifier), (current) => (current ? { ...current, flow } : current));
  return queryClient.invalidateQueries({ queryKey: submissionKeys.form(publicIdentifier) });
}

/** Adds a custom column to flow `flowId` of form `publicIdentifier`. @throws ApiError 400 (the name, the options, too many), 403, 404. */
export function useCreateCustomColumn(publicIdentifier: string, flowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomColumnBody) => callEndpoint(createCustomColumn, { params: { flowId }, body }),
    onSuccess: ({ flow }) => columnsChanged(queryClient, publicIdentifier, flow),
  });
}

/** Renames a custom column (`{columnId, name}`). @throws ApiError 400, 403, 404 'Custom column not found'. */
export function useRenameCustomColumn(publicIdentifier: string, flowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { columnId: string; name: string }): Promise<FlowResponse> => callEndpoint(renameCustomColumn, { params: { flowId }, body }),
    onSuccess: ({ flow }) => columnsChanged(queryClient, publicIdentifier, flow),
  });
}

/** Deletes a custom column and its values (the column's id). @throws ApiError 403, 404 'Custom column not found'. */
export function useDeleteCustomColumn(publicIdentifier: string, flowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columnId: string): Promise<FlowResponse> => callEndpoint(deleteCustomColumn, { params: { flowId }, body: { columnId } }),
    onSuccess: ({ flow }) => columnsChanged(queryClient, publicIdentifier, flow),
  });
}

/** What a value's change takes: the response, the column and the value (`null` clears the cell). */
export interface CustomValueChange {
  submissionId: string;
  columnId: string;
  value: unknown;
}

/** `cell` put into `page`'s response `submissionId` (its other cells kept, in their order; a new one last). */
function withCell(page: SubmissionsResponse, submissionId: string, cell: SubmissionCustomColumn): SubmissionsResponse {
  return {
    ...page,
    responses: page.responses.map((response) => {
      if (response.submissionId !== submissionId) return response;
      const cells = response.customColumns ?? [];
      const next = cells.some(({ id }) => id === cell.id) ? cells.map((current) => (current.id === cell.id ? cell : current)) : [...cells, cell];
      return { ...response, customColumns: next };
    }),
  };
}

/**
 * Sets one response's value of a custom column of form `publicIdentifier`; the stored cell replaces the shown one in
 * every cached page of the form (no refetch: the table does not jump).
 * @throws ApiError 400 with the type's message ('Please enter a number'), 403, 404.
 */
export function useSetCustomColumnValue(publicIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, columnId, value }: CustomValueChange) =>
      callEndpoint(setCustomColumnValue, { params: { publicIdentifier, submissionId, columnId }, body: { value } }),
    onSuccess: ({ customColumn }, { submissionId }) => {
      queryClient.setQueriesData<SubmissionsResponse>({ queryKey: submissionKeys.pages(publicIdentifier) }, (page) =>
        page ? withCell(page, submissionId, customColumn) : page,
      );
    },
  });
}
