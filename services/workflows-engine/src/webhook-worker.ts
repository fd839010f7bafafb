/**
 * The webhook delivery worker: sends the due `pending` rows of `webhook_deliveries` (`domain/webhooks.ts`) to their
 * subscriptions' URLs, durably — the same pattern as the run worker (`worker.ts`): rows claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED` by a `PollingLoop`, kicked after the consumer's commit that queued them,
 * polling every WEBHOOK_POLL_MS as the guarantee (and for retries that became due), so any number of replicas can
 * run and a restart or a bus outage loses nothing.
 *
 * One attempt:
 * 1. the claim (`claimDeliveries`) counts the attempt and holds the row until `now() + WEBHOOK_LEASE_MS`;
 * 2. the body (`webhookBody`: Fillout's `{formId, formName, submission}`) is signed with the subscription's secret
 *    (decrypted, `domain/webhook-secrets.ts`) — `Formloom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>`
 *    (`@formloom/contracts/rules/webhook-signature`) — and POSTed through the kit's outbound guard
 *    (`sendOutbound`: private, loopback and metadata addresses refused after DNS resolution, redirects checked,
 *    10 s and 1 MiB limits; `WEBHOOK_ALLOWED_HOSTS` lets named hosts through);
 * 3. a 2xx answer makes the delivery `delivered`; anything else (another status, a refused address, a timeout, a
 *    network error) is recorded (status code, error) and the next attempt is due after 1, 2, 4, 8 … minutes
 *    (WEBHOOK_RETRY_BASE_MS doubled, at most WEBHOOK_RETRY_MAX_MS); after WEBHOOK_MAX_ATTEMPTS the delivery is
 *    `failed`. The outcome is written fenced by (status pending, attempt number).
 *
 * Duplicates: a worker that stops between the receiver's answer and the outcome's write leaves the row claimed;
 * it is sent again after the lease — at least once, with the same `Formloom-Delivery-Id`.
 */
import { signWebhookPayload } from '@formloom/contracts/rules/webhook-signature';
import type { Db } from '@formloom/kit/db';
import { OutboundRequestFailed, OutboundUrlRefused, sendOutbound, type AllowedHost, type OutboundLookup } from '@formloom/kit/outbound-http';
import { PollingLoop } from '@formloom/kit/polling-loop';
import * as copy from '@formloom/contracts/copy';
import { claimDeliveries, recordAttempt, webhookBody, type AttemptOutcome, type ClaimedDelivery, type RetryPolicy } from './domain/webhooks';
import { WebhookSecretError, type SecretBox } from './domain/webhook-secrets';

/** The `User-Agent` of every delivery. */
export const WEBHOOK_USER_AGENT = 'Formloom-Webhooks/1';

/** Options of {@link WebhookWorker}. */
export interface WebhookWorkerOptions {
  db: Db;
  /** Opens the subscriptions' secrets; `null` when webhooks are not configured (every attempt then fails, saying so). */
  secretBox: SecretBox | null;
  /** Hosts let through although private, and over `http://` (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: readonly AllowedHost[];
  /** The resolver of the outbound guard (default: the system's; tests make names resolve where they want). */
  lookup?: OutboundLookup;
  /** Poll interval when not kicked (ms, WEBHOOK_POLL_MS). */
  pollMs: number;
  /** Deliveries claimed per pass and sent at once (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** How long a claim holds a delivery (ms, WEBHOOK_LEASE_MS). */
  leaseMs: number;
  /** The retry schedule and the attempts allowed (WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS, WEBHOOK_MAX_ATTEMPTS). */
  retry: RetryPolicy;
  /** The clock of the signatures (Unix ms; default `Date.now`). */
  now?: () => number;
  log: {
    info(context: object, message?: string): void;
    warn(context: object, message?: string): void;
    error(context: object, message?: string): void;
  };
}

/** The webhook delivery worker; see the module doc. `start`/`stop` are driven by the kit (definition.workers). */
export class WebhookWorker {
  private readonly loop: PollingLoop;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.loop = new PollingLoop({
      name: 'webhook worker',
      pollMs: options.pollMs,
      log: options.log,
      pass: async () => {
        const claimed = await claimDeliveries(options.db, {
          limit: options.concurrency,
          leaseMs: options.leaseMs,
          maxAttempts: options.retry.maxAttempts,
        });
        const ended = claimed.filter((delivery) => delivery.verdict !== 'send');
        if (ended.length > 0) {
          options.log.warn({ deliveryIds: ended.map((delivery) => delivery.id) }, 'webhook worker: deliveries ended without sending (deleted or out of attempts)');
        }
        await Promise.all(claimed.filter((delivery) => delivery.verdict === 'send').map((delivery) => this.attempt(delivery)));
        return claimed.length >= options.concurrency;
      },
    });
  }

  /** Starts polling (and sends what is already due). */
  start(): void {
    this.loop.start();
  }

  /** Asks for a pass now (after deliveries were queued). */
  kick(): void {
    this.loop.kick();
  }

  /** Stops polling and waits for the sends in progress. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /**
   * One attempt of a claimed delivery (see the module doc): sign, send, record. Never throws: a failure to
   * record (the database is down) leaves the claim to expire, and the delivery is attempted again.
   */
  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.send(delivery);
    try {
      const status = await recordAttempt(this.options.db, delivery, outcome, this.options.retry);
      const context = {
        deliveryId: delivery.id,
        webhookId: delivery.subscription_id,
        attempt: delivery.attempts,
        statusCode: outcome.statusCode,
        status,
      };
      if (outcome.kind === 'delivered') this.options.log.info(context, 'webhook delivered');
      else this.options.log.warn({ ...context, error: outcome.error }, 'webhook attempt failed');
    } catch (error) {
      this.options.log.error({ err: error, deliveryId: delivery.id }, 'webhook worker: outcome not recorded; the delivery is attempted again after its claim');
    }
  }

  /** Signs and sends a delivery; resolves what the attempt came to (never throws). */
  private async send(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    try {
      if (!this.options.secretBox) throw new WebhookSecretError(copy.webhooks.notConfigured);
      if (!delivery.payload) throw new Error('the delivery has no payload');
      const secret = this.options.secretBox.decrypt(delivery.secret_encrypted, delivery.subscription_id);
      const body = webhookBody(delivery.payload);
      const timestamp = Math.floor((this.options.now ?? Date.now)() / 1000);
      const response = await sendOutbound(
        delivery.url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': WEBHOOK_USER_AGENT,
            'formloom-webhook-id': delivery.subscription_id,
            'formloom-delivery-id': delivery.id,
            'formloom-signature': signWebhookPayload(secret, body, timestamp),
          },
          body,
        },
        { allowedHosts: this.options.allowedHosts, lookup: this.options.lookup },
      );
      if (response.status >= 200 && response.status < 300) return { kind: 'delivered', statusCode: response.status };
      return { kind: 'failed', statusCode: response.status, error: copy.webhooks.receiverAnswered(response.status) };
    } catch (error) {
      const known = error instanceof OutboundUrlRefused || error instanceof OutboundRequestFailed || error instanceof WebhookSecretError;
      if (!known) this.options.log.error({ err: error, deliveryId: delivery.id }, 'webhook worker: unexpected send failure');
      return { kind: 'failed', statusCode: null, error: known ? (error as Error).message : 'Unexpected error while sending' };
    }
  }
}
