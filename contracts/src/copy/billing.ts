/**
 * Billing on the home pages (spec 000 §2): the past-due banner and the billing-success modal
 * (`?billing-success=yes&p=conversion-kit|zite|other`). The spec names them; their words are ours.
 */
export const billing = {
  /** spec 000 §2 "A past-due billing banner shows when the billing record is past due". */
  pastDue: 'Your payment is past due. Update your billing details to keep your forms collecting responses.',
  pastDueAskAdmin: "Your organization's payment is past due. Ask an admin to update the billing details.",
  updateBilling: 'Update billing',
  /** spec 000 §2 billing-success modal; `p` picks the text. */
  successTitle: 'Payment successful',
  successBody: {
    'conversion-kit': 'Conversion Kit is now active: its workflow templates are ready in the workflow gallery.',
    zite: 'Your Zite plan is now active.',
    other: 'Thank you — your plan is now active.',
  },
  successDone: 'Done',
} as const;
