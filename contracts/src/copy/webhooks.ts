/**
 * Outgoing webhooks (`api/workflows-engine/webhooks.ts`): the texts of their calls and delivery log. The spec gives
 * none; all are ours.
 */
export const webhooks = {
  /** ours: a webhook id that does not exist, was deleted, or is not visible to the caller. */
  webhookNotFound: 'Webhook not found',
  /** ours: the form already has `max` live webhooks (MAX_WEBHOOKS_PER_FORM). */
  maxWebhooks: (max: number) => `Maximum number of webhooks added (${max} per form) - delete one to add another`,
  /** ours: an `http://` URL to a host the operator did not allow (`WEBHOOK_ALLOWED_HOSTS`). */
  httpsRequired: 'The webhook URL must start with https://',
  /** ours: the engine cannot keep signing secrets (no `WEBHOOK_SECRET_ENCRYPTION_KEY` where one is needed). */
  notConfigured: 'Webhooks are not available: the operator has not configured them',
  /** ours: the delivery log's error when the subscription was deleted before a pending delivery was sent. */
  deletedBeforeDelivery: 'The webhook was deleted before this delivery was sent',
  /** ours: the delivery log's error when a delivery was given up after `attempts` attempts. */
  gaveUp: (attempts: number) => `Gave up after ${attempts} attempts`,
  /** ours: the delivery log's error for a non-2xx answer (`status`) of the receiver. */
  receiverAnswered: (status: number) => `The receiver answered HTTP ${status}`,
} as const;
