/**
 * The files of a submission, for another service (cross-service agreement; never routed by the gateway; the shared
 * `x-internal-token` is required): workflows-engine attaches a respondent's uploads to a workflow email (spec 001 §3
 * email `attachments`) and fetches their bytes here when it sends it. Only files the submission holds are given — an
 * upload of another response, of another form, or one no longer referred to is left out (`missing`) — and at most
 * `EMAIL_ATTACHMENTS_MAX_FILES` files of `EMAIL_ATTACHMENTS_MAX_BYTES` in all (413 beyond, nothing read). The bytes
 * travel base64-encoded in JSON (one round trip for every file of an email; ~4/3 of the files' size).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { EMAIL_ATTACHMENTS_MAX_FILES } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { FlowParams } from './flows';

/** `:publicIdentifier` and `:submissionId` of the submission's files. */
export const SubmissionFilesParams = FlowParams.extend({ submissionId: z.uuid() });

/** The body: the upload ids wanted (the upload references of the submission's answers). */
export const SubmissionFilesBody = z.object({ uploadIds: z.array(z.uuid()).min(1).max(EMAIL_ATTACHMENTS_MAX_FILES) });
/** `{uploadIds}`. */
export type SubmissionFilesBody = z.infer<typeof SubmissionFilesBody>;

/** One file: its reference (`id`, the cleaned `name`, the server-determined `contentType`, `size` in bytes) and bytes. */
export const SubmissionFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** The bytes, base64 (RFC 4648 §4). */
  contentBase64: z.string(),
});
/** A file with its bytes. */
export type SubmissionFile = z.infer<typeof SubmissionFile>;

/** `{files, missing}`: the files found (in the order asked), and the ids asked that are not the submission's. */
export const SubmissionFilesResponse = z.object({ files: z.array(SubmissionFile), missing: z.array(z.string()) });
/** `{files, missing}`. */
export type SubmissionFilesResponse = z.infer<typeof SubmissionFilesResponse>;

/** `POST /internal/flows/:publicIdentifier/submissions/:submissionId/files`: see the module doc. */
export const getSubmissionFiles = defineEndpoint({
  id: 'internal.flows.submissionFiles',
  service: 'flows',
  method: 'POST',
  path: '/internal/flows/:publicIdentifier/submissions/:submissionId/files',
  access: 'internal',
  summary: "A submission's uploaded files with their bytes (internal)",
  params: SubmissionFilesParams,
  body: SubmissionFilesBody,
  responses: {
    200: okResponse(SubmissionFilesResponse),
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
    413: errorResponse('The files asked for are larger than `EMAIL_ATTACHMENTS_MAX_BYTES` in all.'),
  },
});
