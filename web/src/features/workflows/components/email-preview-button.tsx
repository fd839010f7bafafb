/**
 * The email editor's 'Preview' action (spec 001 §2 "Email editors have Preview and Done actions", §7 the preview
 * call, §8 and §9 toasts shown 5000 ms): sends the node's email, composed from sample answers to the form's
 * questions, to the signed-in user's own address (`api/preview-email.ts`), and says how it went:
 * - sent: 'A preview was sent to {email}';
 * - the node's rules fail: 'Email is misconfigured', 'Please fix: …' with the rules' messages;
 * - no form template (still loading, or none): 'Flow template not available', 'Unable to send preview without flow
 *   template' — without calling the server;
 * - anything else: the server's message (too many previews, an unconfirmed address, the mail server down).
 * Used as the email node's `FooterActions`; the approval editor may use it with its own `defaultSubject`.
 */
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { EMAIL_PREVIEW_TOAST_MS } from '@formloom/contracts/limits';
import { IconSend } from '../../../ui/icons';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { usePreviewEmail } from '../api/preview-email';
import type { NodePanelProps } from '../nodes/types';

/** Props of {@link EmailPreviewButton}: the panel's, and the subject used while the template's is blank. */
export type EmailPreviewButtonProps = NodePanelProps & { defaultSubject?: string; template?: unknown };

/** See the module doc. `template` (default the node's) is the email template to preview. */
export function EmailPreviewButton({ nodeId, node, context, defaultSubject, template = node.template }: EmailPreviewButtonProps) {
  const preview = usePreviewEmail();
  const toast = (input: { title?: string; message: string; color: string }) =>
    notifications.show({ ...input, autoClose: EMAIL_PREVIEW_TOAST_MS, 'data-testid': 'email-preview-toast' });

  const send = () => {
    const flowTemplate = context.formTemplate;
    if (!flowTemplate) {
      toast({ color: 'red', title: copy.emailEditor.flowTemplateUnavailable, message: copy.emailEditor.previewNeedsFlowTemplate });
      return;
    }
    preview.mutate(
      {
        flowPublicIdentifier: context.flowPublicIdentifier,
        template,
        defaultSubject,
        flowTemplate,
        workflowTemplate: context.template,
        nodeId,
        recipients: context.currentUser ? [context.currentUser.email] : undefined,
      },
      {
        onSuccess: ({ sentTo }) => toast({ color: 'green', message: copy.emailEditor.previewSent(sentTo) }),
        onError: (error) => {
          if (isApiError(error, 422)) {
            const messages = [...new Set(error.fieldErrors.map((detail) => detail.message))];
            toast({ color: 'red', title: copy.emailEditor.previewMisconfigured, message: copy.emailEditor.previewPleaseFix(messages.length > 0 ? messages : [error.message]) });
          } else {
            toast({ color: 'red', message: errorMessage(error) });
          }
        },
      },
    );
  };

  return (
    <Button variant="default" leftSection={<IconSend size={14} />} loading={preview.isPending} onClick={send}>
      {copy.emailEditor.preview}
    </Button>
  );
}
