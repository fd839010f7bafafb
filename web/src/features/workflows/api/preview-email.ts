/**
 * The email preview (spec 001 §7; `POST /admin/workflows/email/preview`, `@formloom/contracts/api/workflows-engine/
 * email-preview`) → `{sentTo, messageId}`: the engine sends the email node's preview to the signed-in user's own
 * address. @throws ApiError 400 'Flow template not available', 403 unconfirmed address, 404 unknown form, 422 'Email
 * is misconfigured' (details: the node's rule messages), 429 too many previews, 503 the mail server refused.
 */
import { useMutation } from '@tanstack/react-query';
import { previewEmail as previewEmailEndpoint, type EmailPreviewResponse } from '@formloom/contracts/api/workflows-engine/email-preview';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { callEndpoint } from '../../../lib/api-client';

/** What a preview sends (spec 001 §7: the email template, default subject, recipients and flow template). */
export interface PreviewEmailInput {
  flowPublicIdentifier: string;
  /** The email node's template as the editor holds it. */
  template: unknown;
  /** The subject used while the template's is blank (the approval editor's); none for the email node. */
  defaultSubject?: string;
  flowTemplate: FlowTemplate;
  /** The workflow and the node, so that earlier steps' variables read as their names. */
  workflowTemplate?: WorkflowTemplate;
  nodeId?: string;
  /** The current user's own address (the engine sends to the caller's verified address whatever this says). */
  recipients?: string[];
}

/** Sends a preview; resolves where it went. */
export function previewEmail(input: PreviewEmailInput): Promise<EmailPreviewResponse> {
  return callEndpoint(previewEmailEndpoint, { body: input });
}

/** {@link previewEmail} as a mutation. */
export function usePreviewEmail() {
  return useMutation({ mutationFn: previewEmail });
}
