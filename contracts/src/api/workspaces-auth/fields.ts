/**
 * Shapes shared by the calls of workspaces-auth: the strings a person types (email, password, names), with the
 * messages of the spec or ours.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../limits';

/** ours: first and last names have at most this many characters (after trimming). */
export const PERSON_NAME_MAX_LENGTH = 100;

/** A required string (exported for the other schemas of this service): the "required" text when absent, "Expected text" for another type. */
export function requiredString() {
  return z.string({
    error: (issue) => (issue.input === undefined ? copy.validation.required : copy.validation.expected('text')),
  });
}

/**
 * An email address as typed at sign-up: trimmed, lowercased (the stored, unique form), at most
 * {@link EMAIL_MAX_LENGTH} characters, and a valid address (zod's email pattern). Message on a bad address:
 * `copy.answers.invalidEmail`.
 */
export const EmailAddress = requiredString()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: copy.validation.tooLong(EMAIL_MAX_LENGTH) })
  .pipe(z.email({ error: copy.answers.invalidEmail }));

/**
 * A new password: {@link PASSWORD_MIN_LENGTH}..{@link PASSWORD_MAX_LENGTH} characters, not trimmed (docs/product-rules.md §4:
 * at least 8 characters; message `copy.auth.passwordTooShort(8)`).
 */
export const NewPassword = requiredString()
  .min(PASSWORD_MIN_LENGTH, { error: copy.auth.passwordTooShort(PASSWORD_MIN_LENGTH) })
  .max(PASSWORD_MAX_LENGTH, { error: copy.validation.tooLong(PASSWORD_MAX_LENGTH) });

/** A first name: trimmed, 1..{@link PERSON_NAME_MAX_LENGTH} characters. */
export const FirstName = requiredString()
  .trim()
  .min(1, { error: copy.validation.notEmpty })
  .max(PERSON_NAME_MAX_LENGTH, { error: copy.validation.tooLong(PERSON_NAME_MAX_LENGTH) });

/** A last name: trimmed, 0..{@link PERSON_NAME_MAX_LENGTH} characters (some people have a single name). */
export const LastName = requiredString()
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, { error: copy.validation.tooLong(PERSON_NAME_MAX_LENGTH) });

