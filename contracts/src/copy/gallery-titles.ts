/**
 * ours: the titles of the gallery templates (spec 001 §2 lists their ids, not their titles); a workflow created
 * from one is named after it (spec 000 §7 "a name (the template title)").
 */
export const galleryTitles = {
  thank_you_email: 'Thank you email',
  email_with_delay: 'Email after a delay',
  approve_or_reject: 'Approve or reject',
  assign_task: 'Assign a task',
  scheduling_reminder_email_host: 'Email the host before an event',
  scheduling_reminder_slack_host: 'Slack the host before an event',
  scheduling_reminder_email_invitee: 'Email the invitee before an event',
  email_form_abandonment: 'Email when a form is abandoned',
  slack_message_form_abandonment: 'Slack message when a form is abandoned',
  email_with_filter: 'Email when answers match',
  summarize_submission_and_email: 'Summarize a submission and email it',
  classify_and_route: 'Classify and route',
  ai_thank_you_email: 'AI thank-you email',
} as const;
