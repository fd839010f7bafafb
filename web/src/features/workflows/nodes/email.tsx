/**
 * The `email` node on the canvas and in its editor panel (spec 001 §2 "Email editors have Preview and Done actions
 * and tabs Recipients and Email. The editor starts on Recipients if the node is incomplete, otherwise on the Email
 * tab", §3 template, §5 validation, §7 preview, §8 toasts). The card shows a mail icon, 'Email' and its setup status
 * line (the subject when complete, else 'Setup needed: …' — `@formloom/contracts/workflows/nodes/email`).
 *
 * - Recipients tab: the form's Email questions (`{var: 'answers.<id>'}`; other references the template holds — an
 *   earlier step's output — stay and show by their names), a variable picked from the list, and typed addresses in
 *   the spec's tag input ('Invalid email: {value}'); Cc and Bcc (a switch, then their addresses); the reply-to
 *   address (may be a variable: reply to the respondent); the sender name ('Notifications' when empty; shown to
 *   everyone — the spec's plan condition is not shown).
 * - Email tab: 'Send email from' (required: 'Choose Send email from'), the subject (required, variables allowed), the
 *   body's blocks (`inputs/email-blocks.tsx`: add, edit, reorder by drag or buttons, delete) and the attachments (the
 *   form's file upload questions whose files go with the email).
 * - Footer: 'Preview' sends the email to the signed-in user (`components/email-preview-button.tsx`).
 * The panel itself (`components/email-panel.tsx`) is loaded when it is opened: the rich text editor and the pickers
 * stay out of the canvas's first paint.
 */
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { emailNode } from '@formloom/contracts/workflows/nodes/email';
import { IconMail } from '../../../ui/icons';
import { EmailPreviewButton } from '../components/email-preview-button';
import { defineNodeUi, type NodePanelProps } from './types';

const EmailPanelBody = lazy(() => import('../components/email-panel'));

/** The panel, shown once its module has loaded. */
function EmailPanel(props: NodePanelProps) {
  return (
    <Suspense fallback={<Skeleton h={240} radius="md" />}>
      <EmailPanelBody {...props} />
    </Suspense>
  );
}

/** The email node's card, panel and footer action (Preview). */
export const emailNodeUi = defineNodeUi(emailNode, {
  title: 'Email',
  icon: IconMail,
  color: 'grape',
  description: copy.emailEditor.nodeDescription,
  Panel: EmailPanel,
  FooterActions: EmailPreviewButton,
});
