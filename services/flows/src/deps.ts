/**
 * The flows service's dependencies object (kit `ServiceDefinition.dependencies`): built once per service
 * instance in `app.ts` and handed to every route module.
 */
import type { RateLimit } from '@formloom/kit/rate-limit';
import type { Challenge } from './challenge';
import type { FlowsDeps } from './domain/flows';
import type { SubmissionWriter } from './domain/submissions';
import type { UploadsDeps } from './domain/uploads';
import type { LoopLogger } from '@formloom/kit/polling-loop';

/**
 * The database and outbox of the service, its file storage and upload limits (`domain/uploads.ts`), its group commit of submissions, the limit of public submissions per
 * client address and form (absent when `PUBLIC_SUBMISSIONS_RATE_LIMIT` is 0), the bot challenge, and the rows
 * the results export reads at once.
 */
export type FlowsServiceDeps = FlowsDeps & UploadsDeps & {
  /** The limit of public uploads per client address and form (absent when `PUBLIC_UPLOADS_RATE_LIMIT` is 0). */
  uploadLimit?: RateLimit;
  /** Where the upload sweep logs its failures. */
  log: LoopLogger;
  /** Submissions the results export reads per database round trip (`SUBMISSIONS_EXPORT_BATCH_SIZE`; `domain/export.ts`). */
  exportBatchSize: number;
  submissionWriter: SubmissionWriter;
  submissionLimit?: RateLimit;
  /** The limit of template view and clone counts per client address and template (`TEMPLATE_COUNTS_PER_ADDRESS_MAX`). */
  templateCountLimit?: RateLimit;
  /** The bot challenge before public submissions, when the operator configured one (`challenge.ts`). */
  challenge?: Challenge;
};
