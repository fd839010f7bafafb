/**
 * `deleteSubmission` (DELETE /admin/flows/{publicIdentifier}/submissions/{submissionId}) → `{success: true}`: a
 * response deleted for good. Every cached page of the form's submissions is refreshed after it (the table and the
 * count).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSubmission } from '@formloom/contracts/api/flows/submissions';
import { callEndpoint } from '../../../lib/api-client';
import { submissionKeys } from '../../../lib/query-keys';

/**
 * Deletes submission `submissionId` of form `publicIdentifier`.
 * @throws ApiError 403 (read-only member), 404 'Submission not found' / 'Form not found'.
 */
export function removeSubmission(publicIdentifier: string, submissionId: string) {
  return callEndpoint(deleteSubmission, { params: { publicIdentifier, submissionId } });
}

/** Deletes one of form `publicIdentifier`'s responses, then refreshes its pages. */
export function useDeleteSubmission(publicIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) => removeSubmission(publicIdentifier, submissionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionKeys.form(publicIdentifier) }),
  });
}
