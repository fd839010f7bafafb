/**
 * Editing a submission through its edit link (`rules/edit-links.ts`): the public form opens the submission with the
 * link's token, then saves the edited answers over it. No login: the token is the permission, and only that
 * submission's. The answers are checked against the LIVE form as a new submission's are.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { EDIT_TOKEN_PATTERN } from '../../rules/edit-links';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { PUBLIC_FORM_ROUTES } from '../public-form-routes';
import { FlowParams } from './flows';
import { UrlParametersInput } from './progress';

/** `…/submissions/:submissionId` path parameters of the public form. */
export const EditSubmissionParams = FlowParams.extend({ submissionId: z.uuid() });
/** `{publicIdentifier, submissionId}`. */
export type EditSubmissionParams = z.infer<typeof EditSubmissionParams>;

/** An edit token (43 base64url characters). */
export const EditToken = z.string().regex(EDIT_TOKEN_PATTERN, { message: copy.publicForm.editLinkInvalid });

/** `GET …/submissions/:submissionId` query: the link's `token`. */
export const EditableSubmissionQuery = z.object({ token: EditToken });
/** `{token}`. */
export type EditableSubmissionQuery = z.infer<typeof EditableSubmissionQuery>;

/**
 * `GET …/submissions/:submissionId` response: the submission's answers by question id (as stored: normalized) and
 * its hidden fields by name, to fill the form with.
 */
export const EditableSubmissionResponse = z.object({
  submission: z.object({
    submissionId: z.string(),
    submissionTime: z.string(),
    lastUpdatedAt: z.string(),
    answers: z.record(z.string(), z.unknown()),
    urlParameters: z.record(z.string(), z.string()),
  }),
});
/** `{submission: {submissionId, submissionTime, lastUpdatedAt, answers, urlParameters}}`. */
export type EditableSubmissionResponse = z.infer<typeof EditableSubmissionResponse>;

/** `PUT …/submissions/:submissionId` body: the link's `token`, the edited answers and the hidden fields (kept as they were when left out). */
export const UpdateSubmissionBody = z.object({
  token: EditToken,
  answers: z.record(z.string(), z.unknown()),
  urlParameters: UrlParametersInput.optional(),
});
/** `{token, answers, urlParameters?}`. */
export type UpdateSubmissionBody = z.infer<typeof UpdateSubmissionBody>;

/** `PUT …/submissions/:submissionId` response: the submission's id, its first submission time and the time of this edit. */
export const UpdateSubmissionResponse = z.object({
  submission: z.object({ submissionId: z.string(), submissionTime: z.string(), lastUpdatedAt: z.string() }),
});
/** `{submission: {submissionId, submissionTime, lastUpdatedAt}}`. */
export type UpdateSubmissionResponse = z.infer<typeof UpdateSubmissionResponse>;

const linkRefused = errorResponse(`'${copy.publicForm.editLinkInvalid}': no such submission, or the token is not its own.`);

/** `GET /public/flows/:publicIdentifier/submissions/:submissionId?token=`: a submission opened by its edit link. */
export const getEditableSubmission = defineEndpoint({
  id: 'publicForms.editableSubmission',
  service: 'flows',
  method: PUBLIC_FORM_ROUTES.editableSubmission.method,
  path: PUBLIC_FORM_ROUTES.editableSubmission.path,
  access: 'public',
  summary: 'Open a submission by its edit link',
  tags: ['public forms'],
  params: EditSubmissionParams,
  query: EditableSubmissionQuery,
  responses: { 200: okResponse(EditableSubmissionResponse), 404: linkRefused },
});

/** `PUT /public/flows/:publicIdentifier/submissions/:submissionId`: save the edited answers over the submission. */
export const updateSubmission = defineEndpoint({
  id: 'publicForms.updateSubmission',
  service: 'flows',
  method: PUBLIC_FORM_ROUTES.updateSubmission.method,
  path: PUBLIC_FORM_ROUTES.updateSubmission.path,
  access: 'public',
  summary: 'Save an edited submission',
  description: `Checked against the live form as a new submission is (400 '${copy.flows.submissionInvalid}' with details at \`answers.<widgetId>\`); a closed form refuses edits too.`,
  tags: ['public forms'],
  params: EditSubmissionParams,
  body: UpdateSubmissionBody,
  responses: { 200: okResponse(UpdateSubmissionResponse), 404: linkRefused },
});
