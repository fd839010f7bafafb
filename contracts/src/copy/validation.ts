/** ours: generic texts for schema errors (zod issues mapped to `{path, message}` details). */
export const validation = {
  required: 'This field is required',
  expected: (what: string) => `Expected ${what}`,
  notEmpty: 'This field must not be empty',
  tooShort: (min: number) => `Must be at least ${min} characters`,
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooFewItems: (min: number) => `Must have at least ${min} items`,
  tooManyItems: (max: number) => `Must have at most ${max} items`,
  invalidValue: 'This value is not valid',
} as const;
