/**
 * `/approve#token=…&state=…`: the approver's page of an approval step (docs/architecture.md "Approvals"), opened from
 * an approval email. Public — no sign-in, no app shell. The token is read from the URL's fragment (never sent to a
 * server: `@formloom/contracts/rules/approval-links`), so it does not reach any access log; the page posts it.
 */
import { useLocation } from 'react-router';
import { readApprovalLink } from '@formloom/contracts/rules/approval-links';
import { ApprovalPage } from '../features/approvals/components/approval-page';

/** See the module doc. */
export function ApproveRoute() {
  const { hash } = useLocation();
  const link = readApprovalLink(hash);
  return <ApprovalPage key={link?.token ?? ''} token={link?.token ?? null} stateId={link?.stateId ?? null} />;
}
