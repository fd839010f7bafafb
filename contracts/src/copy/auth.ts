/** Sign-up, login, sessions and invitations (spec 000 §8, ours where the spec is silent). */
export const auth = {
  /** docs/product-rules.md §4: a wrong email/password pair. */
  invalidCredentials: 'Invalid email or password',
  /** ours. */
  emailTaken: 'An account with this email already exists',
  /** ours (rule: docs/product-rules.md §4, at least 8 characters). */
  passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
  /** ours. */
  signInRequired: 'Please sign in',
  /** ours. */
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again',
  /** ours: a limit counted over an hour (sign-ups per address, login attempts per account). */
  tooManyAttemptsLater: 'Too many attempts. Please try again later',
  /**
   * ours (OWASP ASVS 2.1.7, NIST SP 800-63B §5.1.1.2): a new password that is common, breached or too easy
   * to guess.
   */
  passwordTooWeak: 'This password is too easy to guess. Try a longer phrase of a few unrelated words',
  /** ours (ASVS 2.1.7, context-specific words): a new password built from the user's name or email address. */
  passwordContainsPersonalInfo: 'Your password must not be based on your name or email address',
  /** ours: the ids `home` and `trash` are reserved (spec 000 §2). */
  reservedWorkspaceId: 'This workspace name is reserved',
  /** ours. */
  adminOnly: 'Only admins can do this',
  /** ours: an API key that is not the organization's, or is revoked. */
  apiKeyNotFound: 'API key not found',
  /** ours: the organization has as many live API keys as it may. */
  tooManyApiKeys: (max: number) => `An organization can have at most ${max} API keys. Revoke one to make another`,
  /** ours: a request to the public API whose key is missing, malformed, unknown or revoked (the gateway's 401). */
  apiKeyRefused: 'The API key is missing, wrong or revoked',
  /** ours. */
  writeAccessRequired: 'You need write access to this workspace',
  /** ours: the name of the organization created at sign-up, after the user's first name ("Ada's organization"). */
  organizationName: (firstName: string) => `${firstName}'s organization`,
  /** ours: the name of the first workspace created at sign-up. */
  defaultWorkspaceName: 'My workspace',
  /** ours: `POST /admin/members` names an email that is not a user of the admin's organization. */
  memberNotFound: 'No user with this email in your organization',
  /** ours: an organization id that does not exist (internal route). */
  organizationNotFound: 'Organization not found',
  /** ours: the subject of the address confirmation mail. */
  verifyEmailSubject: (product: string) => `Confirm your email address for ${product}`,
  /** ours: the address confirmation mail's text (plain; the HTML version adds a button). */
  verifyEmailText: (firstName: string, link: string, hours: number) =>
    `Hi ${firstName},\n\nConfirm your email address by opening this link:\n${link}\n\nThe link works for ${hours} hours. If you did not sign up, ignore this email.`,
  /** ours: the small-screen reminder mail (`POST /admin/mobileEmail`, spec 000 §9). */
  mobileEmailSubject: (product: string) => `Continue building in ${product} on your computer`,
  mobileEmailText: (firstName: string, link: string) =>
    `Hi ${firstName},\n\nThe editor works best on a larger screen. Open this link on your computer to pick up where you left off:\n${link}\n\nYour forms still work on mobile for the people who fill them out.`,
  /** ours: a confirmation link that is unknown, used, expired, or for an address the user no longer has. */
  verificationLinkInvalid: 'This confirmation link is invalid or has expired. Ask for a new one',
  /** ours: `POST /auth/verifyEmail/resend` for an address already confirmed. */
  emailAlreadyVerified: 'Your email address is already confirmed',
  /** ours: the banner for a signed-in user whose address is not confirmed yet. */
  verifyEmailBanner: (email: string) => `Confirm your email address: we sent a link to ${email}.`,
  /** ours: the toast after a new confirmation link was sent. */
  verificationSent: (email: string) => `A new confirmation link was sent to ${email}`,
  /** ours: the confirmation page after success. */
  emailVerified: 'Your email address is confirmed',
} as const;
