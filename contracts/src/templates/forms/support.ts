/**
 * Catalogue templates for customer support (spec 000 §2 "template"): a support ticket, a bug report, a return
 * request and a feature request. Built with `templates/build.ts`; listed in `templates/catalogue.ts`.
 */
import type { CatalogueTemplate } from '../catalogue';
import { answerIs, flow, page, q } from '../build';

/** The customer support templates of the catalogue. */
export const SUPPORT_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'support-ticket',
    name: 'Support ticket',
    description: 'Route customer problems to the right team with priority, account details and screenshots.',
    categories: ['customer-support', 'contact'],
    isFeatured: true,
    featuredThemeId: 'plain',
    type: 'form',
    template: flow(
      [
        page('Your account', [
          q.short('requesterName', 'Your name', { required: true, name: 'Name' }),
          q.email('accountEmail', 'Email on your account', { required: true, name: 'Account email' }),
          q.short('orderNumber', 'Order or account number (if you have one)', { placeholder: 'e.g. #10482', name: 'Reference' }),
        ]),
        page('The problem', [
          q.dropdown('category', 'What do you need help with?', ['Billing and payments', 'Login and account access', 'Technical problem', 'Shipping and delivery', 'Something else'], { required: true, name: 'Category' }),
          q.choice('priority', 'How much is this affecting you?', ['Low: a question', 'Medium: slowing me down', 'High: I cannot work'], { required: true, name: 'Priority' }),
          q.short('subject', 'Subject', { required: true, placeholder: 'One line summary' }),
          q.long('description', 'Describe the problem', { required: true, placeholder: 'What happened, what you expected, and any error message', name: 'Description' }),
          q.file('screenshots', 'Screenshots (optional)', { allowedTypes: 'images', maxFiles: 5, maxSizeMb: 10, name: 'Screenshots' }),
        ]),
      ],
      { title: 'Ticket created', body: 'Thanks, {{answers.requesterName}}. We have emailed you a ticket number and will reply as soon as we can.' },
    ),
  },
  {
    slug: 'bug-report',
    name: 'Bug report',
    description: 'Get reproducible bug reports with steps, environment, severity and attachments.',
    categories: ['customer-support', 'feedback'],
    isFeatured: false,
    featuredThemeId: 'dark',
    type: 'form',
    template: flow(
      [
        page('What went wrong', [
          q.short('bugTitle', 'Short summary of the bug', { required: true, placeholder: 'e.g. Export button does nothing on Safari', name: 'Summary' }),
          q.long('steps', 'Steps to reproduce', { required: true, placeholder: '1. Go to…\n2. Click…\n3. See error', name: 'Steps' }),
          q.long('expected', 'What did you expect to happen?', { required: true, name: 'Expected' }),
          q.long('actual', 'What happened instead?', { required: true, name: 'Actual' }),
        ]),
        page('Environment', [
          q.dropdown('platform', 'Platform', ['Web: Chrome', 'Web: Firefox', 'Web: Safari', 'Web: Edge', 'iOS app', 'Android app', 'Desktop app'], { required: true, name: 'Platform' }),
          q.short('appVersion', 'App or browser version', { placeholder: 'e.g. 4.12.1', name: 'Version' }),
          q.choice('severity', 'Severity', ['Cosmetic', 'Minor: there is a workaround', 'Major: no workaround', 'Critical: data loss or crash'], { required: true, name: 'Severity' }),
          q.choice('frequency', 'How often does it happen?', ['Every time', 'Sometimes', 'Only once'], { name: 'Frequency' }),
          q.file('attachments', 'Screenshots, recordings or logs', { maxFiles: 5, maxSizeMb: 25, name: 'Attachments' }),
          q.email('reporterEmail', 'Email, so we can tell you when it is fixed', { name: 'Email' }),
        ]),
      ],
      { title: 'Bug reported', body: 'Thank you for helping us improve. Our engineers triage new reports every day.' },
    ),
  },
  {
    slug: 'return-request',
    name: 'Return request',
    description: 'Handle returns and exchanges with order details, the reason and photos of the item.',
    categories: ['customer-support', 'order'],
    isFeatured: false,
    featuredThemeId: 'simplePurple',
    type: 'form',
    template: flow(
      [
        page('Your order', [
          q.short('returnOrderNumber', 'Order number', { required: true, placeholder: 'Found in your confirmation email', name: 'Order number' }),
          q.email('returnEmail', 'Email used for the order', { required: true, name: 'Email' }),
          q.date('deliveredOn', 'When did it arrive?', { name: 'Delivery date' }),
          q.short('itemName', 'Which item are you returning?', { required: true, name: 'Item' }),
        ]),
        page('The return', [
          q.dropdown('returnReason', 'Reason for the return', ['Wrong size', 'Arrived damaged', 'Not as described', 'Received the wrong item', 'Changed my mind'], { required: true, name: 'Reason' }),
          q.file('damagePhotos', 'Photos of the damage', { allowedTypes: 'images', maxFiles: 4, visibleIf: answerIs('returnReason', 'returnReason-arrived-damaged'), name: 'Damage photos' }),
          q.choice('resolution', 'What would you like?', ['Refund to original payment', 'Exchange for another size', 'Store credit'], { required: true, name: 'Resolution' }),
          q.long('returnComments', 'Anything else we should know?', { name: 'Comments' }),
        ]),
      ],
      { title: 'Return requested', body: 'We will email a prepaid return label to {{answers.returnEmail}} within one business day.' },
    ),
  },
  {
    slug: 'feature-request',
    name: 'Feature request',
    description: 'Collect feature ideas with the problem behind them and how much they matter.',
    categories: ['customer-support', 'feedback'],
    isFeatured: false,
    featuredThemeId: 'futuristic',
    type: 'form',
    template: flow(
      [
        page('Your idea', [
          q.short('featureTitle', 'Name your idea in a few words', { required: true, name: 'Idea' }),
          q.long('problem', 'What problem would it solve for you?', { required: true, placeholder: 'Describe what you are trying to do today', name: 'Problem' }),
          q.long('workaround', 'How do you work around it today?', { name: 'Workaround' }),
        ]),
        page('Impact', [
          q.scale('importance', 'How important is this to you?', { start: 1, end: 5, leftLabel: 'Nice to have', rightLabel: 'Critical', required: true, name: 'Importance' }),
          q.choice('planTier', 'Which plan are you on?', ['Free', 'Starter', 'Business', 'Enterprise'], { name: 'Plan' }),
          q.number('affectedUsers', 'How many people on your team would use it?', { min: 1, name: 'Users affected' }),
          q.email('requesterEmail', 'Email, to hear when it ships', { name: 'Email' }),
        ]),
      ],
      { title: 'Idea received', body: 'Thanks for the suggestion! We review requests monthly and share what makes the roadmap.' },
    ),
  },
];
