/**
 * Flows and submissions (spec 000 §3 "Flow"; docs/product-rules.md §3).
 */
import { z } from 'zod';
import { AccessLevel } from './identity';

/** spec 000 §1: flow types. */
export const FlowType = z.enum(['form', 'quiz', 'scheduling', 'base', 'zite']);
/** A flow type. */
export type FlowType = z.infer<typeof FlowType>;

/** Flow settings (spec 000 §3; open-ended, later issues add keys). */
export const FlowSettings = z.record(z.string(), z.unknown());
/** Flow settings. */
export type FlowSettings = z.infer<typeof FlowSettings>;

/**
 * A flow. `id` is numeric; `publicIdentifier` is the short random URL-safe id used in public links
 * (ARCHITECTURE §4); `accessLevel` is the caller's access to the flow's workspace.
 *
 * Its state (docs/product-rules.md §3): never published (`publishedAt` null); live (`isPublished`: the public
 * link shows the last published version and takes responses); closed (`closedAt` set: published before, but the
 * public link shows `copy.flows.formClosed` and takes no responses until the next publish).
 * `hasUnpublishedChanges`: the draft differs from the last published version (always false before the first
 * publish: then everything is unpublished and the editor says so by `publishedAt` being null).
 */
export const Flow = z.object({
  id: z.number().int().positive(),
  publicIdentifier: z.string(),
  name: z.string(),
  type: FlowType,
  workspaceId: z.number().int().positive(),
  settings: FlowSettings,
  accessLevel: AccessLevel,
  isPublished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  hasUnpublishedChanges: z.boolean(),
});
/** A flow. */
export type Flow = z.infer<typeof Flow>;

/**
 * A submission's question in Fillout's response shape `{id, name, type, value}`, plus `displayValue`: the
 * answer as a person reads it (`widgets/registry.ts` `displayAnswer`: option labels, 'Yes'/'No',
 * 'March 5, 2026', '' when unanswered), computed once by the flows service. The Results table and the
 * thank-you email's submission overview both show it.
 */
export const SubmissionQuestion = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.unknown(),
  displayValue: z.string(),
});
/** One answered question of a submission. */
export type SubmissionQuestion = z.infer<typeof SubmissionQuestion>;

/** A submission in Fillout's response shape (times are ISO 8601 strings). */
export const Submission = z.object({
  submissionId: z.string(),
  submissionTime: z.string(),
  lastUpdatedAt: z.string(),
  questions: z.array(SubmissionQuestion),
});
/** A submission. */
export type Submission = z.infer<typeof Submission>;
