/**
 * Which new passwords are accepted, after OWASP ASVS 4.0.3 §2.1 and NIST SP 800-63B §5.1.1.2:
 * - length: at least `PASSWORD_MIN_LENGTH` (8) and up to `PASSWORD_MAX_LENGTH` (256) characters, every
 *   character allowed, nothing trimmed — checked by the request schema (contracts `NewPassword`; ASVS 2.1.1,
 *   2.1.2, 2.1.4);
 * - no composition rules (ASVS 2.1.9): no "one digit, one symbol";
 * - refused when it is common, breached or easy to guess (ASVS 2.1.7): zxcvbn-ts estimates how many guesses
 *   it takes, with the dictionaries of `@zxcvbn-ts/language-common` (about 49,000 passwords common in breach
 *   corpora, the diceware word list, keyboard layouts) plus the patterns it knows (repeats such as eight
 *   spaces, sequences such as `12345678`, dates). Below {@link PASSWORD_MIN_SCORE}: refused with
 *   `copy.auth.passwordTooWeak`;
 * - refused when it is built from context-specific words (ASVS 2.1.7, 800-63B "context-specific words"): the
 *   user's email address, its parts, their first and last name and the product's name are given to zxcvbn
 *   as user inputs, so `ada@example.com` or `adalovelace` score near zero; such a refusal says
 *   `copy.auth.passwordContainsPersonalInfo`.
 *
 * A strength meter in the web app (ASVS 2.1.8) is not built yet; the server's answer is the rule.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';
import { invalid } from '@formloom/kit/errors';

/**
 * The lowest zxcvbn score (0–4) accepted. 3 = "safely unguessable": about 10^8 guesses or more, out of reach
 * of online guessing and costly offline against argon2id.
 */
export const PASSWORD_MIN_SCORE = 3;

/** Where the password is in the request body (the field error's path, as the schema errors give it). */
const PASSWORD_PATH = 'body.password';

/** What is known about the person choosing the password: the context-specific words. */
export interface PasswordContext {
  email: string;
  firstName: string;
  lastName: string;
}

let estimator: ZxcvbnFactory | undefined;

/** The zxcvbn-ts estimator with the common dictionaries, built on first use (it loads ~1 MB of word lists). */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true });
  return estimator;
}

/** The words of `context` zxcvbn should treat as guessable: the address, its parts, the names, the product. */
function contextWords(context: PasswordContext): string[] {
  const [localPart = '', domain = ''] = context.email.split('@');
  const words = [context.email, localPart, domain, ...localPart.split(/[._+-]+/), context.firstName, context.lastName, PRODUCT_NAME];
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3))];
}

/**
 * Why `password` is refused, or `null` when it is accepted (see the module doc). Takes tens of ms of CPU.
 * @returns `copy.auth.passwordContainsPersonalInfo` or `copy.auth.passwordTooWeak`, or `null`
 */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  const result = zxcvbn().check(password, contextWords(context));
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const personal = result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs');
  return personal ? copy.auth.passwordContainsPersonalInfo : copy.auth.passwordTooWeak;
}

/**
 * Refuses a new password that {@link passwordProblem} refuses.
 * @throws DomainError `invalid` (400 `validation_error`) with details `[{path: 'body.password', message}]` — the same shape
 *   as the schema's length errors, so the sign-up form shows it at the password field.
 */
export function assertAcceptablePassword(password: string, context: PasswordContext): void {
  const problem = passwordProblem(password, context);
  if (problem === null) return;
  const details: FieldError[] = [{ path: PASSWORD_PATH, message: problem }];
  throw invalid(copy.errors.validation, details);
}
