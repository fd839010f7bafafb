/**
 * Approval links (docs/architecture.md "Approvals"): each approver of an approval step gets an email with one button
 * per state; each button opens the approver's page of the web app, `<PUBLIC_URL>/approve#token=<token>&state=<stateId>`.
 * The token (made and checked by the workflows-engine: `domain/approval-tokens.ts`) is in the URL's FRAGMENT, which
 * browsers never send to a server: it reaches no access log, proxy or `Referer`; the page reads it and posts it to
 * `POST /public/approvals/open` and `…/decide` in the request body. `state` only preselects the button the approver
 * clicked in the email; the decision is taken on the page.
 *
 * Zod-free at runtime; pure; never throws.
 */

/** The web app's path of the approver's page (outside the app shell; no sign-in). */
export const APPROVAL_PAGE_PATH = '/approve';

/** What an approval link carries: the token, and the state chosen in the email (if any). */
export interface ApprovalLink {
  token: string;
  stateId: string | null;
}

/** A token's characters: base64url and the dots between its parts (`domain/approval-tokens.ts`). */
const TOKEN_PATTERN = /^[A-Za-z0-9_.-]{20,512}$/;

/**
 * The link of an approver's button: `<publicUrl>/approve#token=<token>[&state=<stateId>]` (`publicUrl` with or without a
 * trailing slash).
 */
export function approvalLinkOf(publicUrl: string, token: string, stateId?: string): string {
  const fragment = new URLSearchParams({ token, ...(stateId ? { state: stateId } : {}) });
  return `${publicUrl.replace(/\/+$/, '')}${APPROVAL_PAGE_PATH}#${fragment.toString()}`;
}

/**
 * The token and preselected state a link's fragment (`location.hash`, with or without its `#`) carries; `null` when it
 * carries no token or a malformed one.
 */
export function readApprovalLink(hash: string): ApprovalLink | null {
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = fragment.get('token');
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const state = fragment.get('state');
  return { token, stateId: state && state.length <= 64 ? state : null };
}
