/** Short notices shown after an action (spec 000, 001). */
export const toasts = {
  /** spec 000 §8 toasts. */
  copiedToClipboard: 'Copied to clipboard!',
  comingSoon: (type: string) => `Coming soon: ${type}`,
  timezoneUpdated: 'Successfully updated timezone',
} as const;
