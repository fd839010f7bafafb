/** Texts of the emails the product sends. */
export const email = {
  /** spec 001 §9 defaults of the thank-you email. */
  defaultSubject: 'Thank you for your submission',
  defaultBodyGreeting: 'Hi there',
  defaultBodyLine: "We've received your submission and will be in touch shortly",
  defaultSenderName: 'Notifications',
} as const;
