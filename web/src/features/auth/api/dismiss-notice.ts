/**
 * `dismissNotice` (POST /admin/notices/:notice/dismiss) → `{dismissedNotices}`: the signed-in user closed a one-time
 * notice (`USER_NOTICES`). The cached `/auth/me` takes the answer at once, so the notice disappears everywhere.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dismissNotice } from '@formloom/contracts/api/workspaces-auth/auth';
import type { UserNotice } from '@formloom/contracts/entities/identity';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';
import type { Me } from './get-me';

/** Dismisses a notice; the notice leaves the cached `/auth/me` before the server answers (it is only a notice). */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notice: UserNotice) => callEndpoint(dismissNotice, { params: { notice } }),
    onMutate: (notice) =>
      queryClient.setQueryData<Me | null>(authKeys.me(), (me) =>
        me && !me.dismissedNotices.includes(notice) ? { ...me, dismissedNotices: [...me.dismissedNotices, notice].sort() } : me,
      ),
    onSuccess: ({ dismissedNotices }) =>
      queryClient.setQueryData<Me | null>(authKeys.me(), (me) => (me ? { ...me, dismissedNotices } : me)),
  });
}
