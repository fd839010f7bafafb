/**
 * ours: the subjects and texts of the emails the gallery's time-based templates start with (spec 001 §2 lists the
 * templates, not their texts). `{{…}}` are logic values (`logic.ts`), filled in when the email is sent.
 */
export const galleryEmails = {
  abandonedSubject: 'You did not finish {{flow.name}}',
  abandonedBody:
    'Hi there,\n\nYou started {{flow.name}} but did not finish it. Your answers so far are below — come back to the form whenever you are ready.',
  abandonedOwnerSubject: 'Someone left {{flow.name}} unfinished',
  abandonedOwnerBody: 'Someone started {{flow.name}} and left without submitting it. What they answered so far is below.',
  hostReminderSubject: 'Reminder: {{event.title}} with {{event.invitee.name}} starts at {{event.startTime}}',
  hostReminderBody: 'Hi,\n\nYour event {{event.title}} with {{event.invitee.name}} ({{event.invitee.email}}) starts at {{event.startTime}}.',
  inviteeReminderSubject: 'Reminder: {{event.title}} starts at {{event.startTime}}',
  inviteeReminderBody: 'Hi {{event.invitee.name}},\n\nThis is a reminder that {{event.title}} starts at {{event.startTime}}. We look forward to seeing you.',
  /** ours: the Slack messages of `slack_message_form_abandonment` and `scheduling_reminder_slack_host`. */
  abandonedSlack: 'Someone started {{flow.name}} and left without submitting it.',
  hostReminderSlack: '{{event.title}} with {{event.invitee.name}} ({{event.invitee.email}}) starts at {{event.startTime}}.',
} as const;
