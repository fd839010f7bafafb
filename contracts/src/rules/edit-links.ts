/**
 * Edit links: a respondent changes a submission through a link that carries the submission's id and its edit token
 * (32 random bytes, base64url; the flows service keeps only its SHA-256): `<PUBLIC_URL>/t/<publicIdentifier>
 * ?edit=<submissionId>&token=<token>`. The link is made when the submission is made and travels in the
 * `form.submitted` event (`editLink`), for the workflow email's `edit_submission` button (spec 001 §3 email blocks)
 * and in the submit answer; the public form opens it filled with the submission's answers and saves the edit over
 * it. ZOD-FREE AT RUNTIME (the public form reads links with it). Pure.
 */
import { EDIT_LINK_PARAMS } from '../api/public-form-routes';

/** The edit token's shape: 43 base64url characters (32 bytes). */
export const EDIT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The edit link of submission `submissionId` of form `publicIdentifier` under `publicUrl` (no trailing slash needed). */
export function editLinkOf(publicUrl: string, publicIdentifier: string, submissionId: string, token: string): string {
  const query = new URLSearchParams({ [EDIT_LINK_PARAMS.submission]: submissionId, [EDIT_LINK_PARAMS.token]: token });
  return `${publicUrl.replace(/\/+$/, '')}/t/${encodeURIComponent(publicIdentifier)}?${query.toString()}`;
}

/** The submission id and token an edit link's query (`location.search`) carries; `null` when it carries none or a malformed one. */
export function readEditLink(search: string): { submissionId: string; token: string } | null {
  const query = new URLSearchParams(search);
  const submissionId = query.get(EDIT_LINK_PARAMS.submission);
  const token = query.get(EDIT_LINK_PARAMS.token);
  if (!submissionId || !token || !/^[0-9a-f-]{36}$/i.test(submissionId) || !EDIT_TOKEN_PATTERN.test(token)) return null;
  return { submissionId, token };
}
