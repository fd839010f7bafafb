/**
 * Turning zod issues into the `{path, message}` details of the one error format (errors.ts `FieldError`).
 * Pure; runs in the browser and in the services.
 */
import type { z } from 'zod';
import type { FieldError } from '../errors';
import * as copy from '../copy';

/** A zod issue (zod 4 core type). */
export type ZodIssue = z.core.$ZodIssue;

/**
 * Supplies a message for an issue the generic mapping should not handle (for example an unknown widget
 * type). Gets the issue, the offending input value and the dotted path; returns `undefined` to fall back.
 */
export type IssueMessage = (issue: ZodIssue, value: unknown, path: string) => FieldError | undefined;

/** Joins path segments with dots: `['steps', 's1', 'template', 'widgets', 2]` → `steps.s1.template.widgets.2`. */
export function joinPath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

/** Reads the value at `path` inside `input`; `undefined` when any segment is missing. Never throws. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

const EXPECTED_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  null: 'null',
};

/** The generic, human-readable message of an issue (texts in `copy.validation`). */
export function genericIssueMessage(issue: ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return copy.validation.required;
      return copy.validation.expected(EXPECTED_NAMES[issue.expected] ?? issue.expected);
    case 'too_small':
      return tooSmallMessage(issue.origin, Number(issue.minimum));
    case 'too_big':
      return tooBigMessage(issue.origin, Number(issue.maximum));
    case 'invalid_value':
    case 'invalid_union':
      return copy.validation.invalidValue;
    default:
      return issue.message;
  }
}

function tooSmallMessage(origin: string, minimum: number): string {
  if (origin === 'string') return minimum === 1 ? copy.validation.notEmpty : copy.validation.tooShort(minimum);
  if (origin === 'array') return copy.validation.tooFewItems(minimum);
  return copy.validation.invalidValue;
}

function tooBigMessage(origin: string, maximum: number): string {
  if (origin === 'string') return copy.validation.tooLong(maximum);
  if (origin === 'array') return copy.validation.tooManyItems(maximum);
  return copy.validation.invalidValue;
}

/**
 * Maps every issue of a failed parse to a {@link FieldError}. `input` is the value that was parsed (used to
 * tell a missing field from a wrong type); `special` may take over individual issues.
 */
export function fieldErrorsFromIssues(
  issues: readonly ZodIssue[],
  input: unknown,
  special?: IssueMessage,
): FieldError[] {
  return issues.map((issue) => {
    const value = valueAt(input, issue.path);
    const path = joinPath(issue.path);
    return special?.(issue, value, path) ?? { path, message: genericIssueMessage(issue, value) };
  });
}
