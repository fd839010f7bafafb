/**
 * The email an approval step sends each approver (spec 001 §3 approval "email template (subject logic, blocks)";
 * docs/architecture.md "Approvals"): the subject interpolated against the run (`{{flow.name}}` …, line breaks
 * collapsed), the email node's blocks rendered as the email node renders them (`domain/email.ts` `renderBlock`), and
 * the `approval_buttons` block: one button per state, in the state's colour, each opening the approver's page with the
 * approver's own token and that state preselected (`rules/approval-links.ts`). Pure: no I/O.
 */
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import * as copy from '@formloom/contracts/copy';
import { interpolate, type LogicContext } from '@formloom/contracts/logic';
import { approvalLinkOf } from '@formloom/contracts/rules/approval-links';
import { APPROVAL_STATE_TEXT_COLOR, type ApprovalNodeTemplate } from '@formloom/contracts/workflows/nodes/approval';
import { escapeHtml } from '@formloom/kit/mail';
import { emailBodies, emailRunData, htmlLines, renderBlock, type ComposedEmail, type Rendered } from './email';

/** Input of {@link composeApprovalEmail}. */
export interface ApprovalEmailInput {
  template: ApprovalNodeTemplate;
  /** The run's trigger data (the submission). */
  data: FormSubmittedData;
  /** The run's logic context (answers, submission, form, earlier steps' outputs). */
  context: LogicContext;
  /** The approver's address. */
  to: string;
  /** The approver's token (`domain/approval-tokens.ts`). */
  token: string;
  /** The product's public origin (PUBLIC_URL). */
  publicUrl: string;
}

/** The approval buttons: one link per state, the state's colour behind dark text (AA on every palette shade). */
function renderButtons(template: ApprovalNodeTemplate, token: string, publicUrl: string): Rendered {
  const links = template.states.map((state) => ({ state, url: approvalLinkOf(publicUrl, token, state.id) }));
  const text = [copy.approval.buttonsIntro, ...links.map(({ state, url }) => `${state.name}: ${url}`)].join('\n');
  const buttons = links
    .map(
      ({ state, url }) =>
        `<a href="${escapeHtml(url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 18px;border-radius:6px;` +
        `background:${escapeHtml(state.color)};color:${APPROVAL_STATE_TEXT_COLOR};border:1px solid #9ca3af;font-weight:600;` +
        `text-decoration:none">${htmlLines(state.name)}</a>`,
    )
    .join('');
  return { text, html: `<p style="margin:16px 0 8px">${htmlLines(copy.approval.buttonsIntro)}</p><p style="margin:0 0 16px">${buttons}</p>` };
}

/**
 * The message to one approver (see the module doc): from 'Notifications' (spec 001 §9 default sender name), to the
 * approver only; an email template without an `approval_buttons` block gets the buttons at its end (an approver
 * needs a way to decide).
 */
export function composeApprovalEmail(input: ApprovalEmailInput): ComposedEmail {
  const { template, data, context, token, publicUrl } = input;
  const hasButtons = template.email.blocks.some((block) => block.type === 'approval_buttons');
  const blocks = hasButtons ? template.email.blocks : [...template.email.blocks, { type: 'approval_buttons' as const }];
  const rendered = blocks.map((block) =>
    block.type === 'approval_buttons' ? renderButtons(template, token, publicUrl) : renderBlock(block, emailRunData(data, context)),
  );
  return {
    fromName: copy.email.defaultSenderName,
    to: [input.to],
    cc: [],
    bcc: [],
    skipped: [],
    replyTo: null,
    subject: interpolate(template.email.subject, context).replace(/[\r\n]+/g, ' ').trim() || copy.approval.pageTitle,
    ...emailBodies(rendered),
    attachments: [],
  };
}
