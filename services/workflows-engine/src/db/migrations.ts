/**
 * The workflows-engine's SQL migrations (the same tables as `schema.ts`), applied in order by the kit at
 * start. SQL runs on PGlite and PostgreSQL alike. Never edit a shipped migration: add the next one.
 */
import type { Migration } from '@formloom/kit/db';

/** Migrations in order. */
export const migrations: Migration[] = [
  {
    id: '0001_init',
    sql: `
      CREATE TABLE workflows (
        id uuid PRIMARY KEY,
        organization_id integer NOT NULL,
        workspace_id integer NOT NULL,
        flow_id integer NOT NULL,
        flow_public_identifier text NOT NULL,
        name text NOT NULL,
        draft_template jsonb NOT NULL,
        published_template jsonb,
        is_hidden boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT false,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX workflows_flow ON workflows (flow_public_identifier, created_at);

      CREATE TABLE workflow_runs (
        id uuid PRIMARY KEY,
        workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        organization_id integer NOT NULL,
        trigger_event_id uuid NOT NULL,
        submission_id text,
        template jsonb NOT NULL,
        trigger_data jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        lease_token uuid,
        lease_expires_at timestamptz,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        CONSTRAINT workflow_runs_event UNIQUE (workflow_id, trigger_event_id)
      );
      CREATE UNIQUE INDEX workflow_runs_submission ON workflow_runs (workflow_id, submission_id)
        WHERE submission_id IS NOT NULL;
      CREATE INDEX workflow_runs_by_workflow ON workflow_runs (workflow_id, created_at);
      CREATE INDEX workflow_runs_claimable ON workflow_runs (created_at) WHERE status IN ('queued', 'running');

      CREATE TABLE workflow_run_steps (
        run_id uuid NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
        node_id text NOT NULL,
        seq integer NOT NULL,
        type text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 1,
        output jsonb,
        error text,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (run_id, node_id)
      );

      CREATE TABLE mail_messages (
        id uuid PRIMARY KEY,
        organization_id integer NOT NULL,
        message_id text NOT NULL,
        from_address text NOT NULL,
        to_addresses text[] NOT NULL,
        cc_addresses text[] NOT NULL,
        bcc_addresses text[] NOT NULL,
        reply_to text,
        subject text NOT NULL,
        body_text text NOT NULL,
        body_html text NOT NULL,
        transport text NOT NULL CHECK (transport IN ('smtp', 'log')),
        sent_at timestamptz NOT NULL DEFAULT now(),
        workflow_run_id uuid,
        node_id text,
        CONSTRAINT mail_messages_step UNIQUE (workflow_run_id, node_id)
      );
      CREATE INDEX mail_messages_org ON mail_messages (organization_id, sent_at);
    `,
  },
  {
    // The trace context a run continues (docs/architecture.md §7): its execution span is a child of the span that
    // queued it (the trigger event's consumer span), so a submission and its runs form one trace.
    id: '0002_run_traceparent',
    sql: `ALTER TABLE workflow_runs ADD COLUMN traceparent text;`,
  },
  {
    // Node outcomes (docs/architecture.md "workflows-engine"): a run can wait until a due time (ARCHITECTURE
    // §1 "Durable time": a `waiting` row claimed once due, with its own partial index so that the claim of
    // queued runs keeps its plan), and a step records the node the run went on to (an executor may choose it).
    // The widened CHECKs are added NOT VALID: the rows already there satisfy the narrower ones, so no scan.
    // Steps that succeeded in runs still in flight get the node they went on to: until now always the
    // node's nextNodeId.
    id: '0003_run_waits_and_next_nodes',
    sql: `
      ALTER TABLE workflow_runs ADD COLUMN due_at timestamptz;
      ALTER TABLE workflow_runs DROP CONSTRAINT workflow_runs_status_check;
      ALTER TABLE workflow_runs ADD CONSTRAINT workflow_runs_status_check
        CHECK (status IN ('queued', 'running', 'waiting', 'succeeded', 'failed')) NOT VALID;
      CREATE INDEX workflow_runs_due ON workflow_runs (due_at) WHERE status = 'waiting';

      ALTER TABLE workflow_run_steps ADD COLUMN next_node_id text;
      ALTER TABLE workflow_run_steps DROP CONSTRAINT workflow_run_steps_status_check;
      ALTER TABLE workflow_run_steps ADD CONSTRAINT workflow_run_steps_status_check
        CHECK (status IN ('running', 'waiting', 'succeeded', 'failed')) NOT VALID;
      UPDATE workflow_run_steps s
         SET next_node_id = r.template -> 'nodes' -> s.node_id ->> 'nextNodeId'
        FROM workflow_runs r
       WHERE r.id = s.run_id AND r.status IN ('queued', 'running') AND s.status = 'succeeded';
    `,
  },
  {
    // Outgoing webhooks (`domain/webhooks.ts`, `webhook-worker.ts`): a form's subscriptions (soft-deleted, so the
    // delivery log keeps its subscription; the signing secret encrypted at rest, `domain/webhook-secrets.ts`) and
    // one delivery row per (subscription, submission) — the durable queue the delivery worker claims from, unique
    // so that a redelivered `form.submitted` never posts twice. `payload` (the event's data) is emptied once the
    // delivery is final. Partial indexes: live subscriptions by form, due pending deliveries by time.
    id: '0004_webhooks',
    sql: `
      CREATE TABLE webhook_subscriptions (
        id uuid PRIMARY KEY,
        organization_id integer NOT NULL,
        workspace_id integer NOT NULL,
        flow_public_identifier text NOT NULL,
        url text NOT NULL,
        secret_encrypted text NOT NULL,
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      CREATE INDEX webhook_subscriptions_live ON webhook_subscriptions (flow_public_identifier, created_at)
        WHERE deleted_at IS NULL;

      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        subscription_id uuid NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
        organization_id integer NOT NULL,
        submission_id text NOT NULL,
        event_id uuid NOT NULL,
        payload jsonb,
        status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_status_code integer,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_submission UNIQUE (subscription_id, submission_id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_log ON webhook_deliveries (subscription_id, created_at);
    `,
  },
  {
    // Approvals (docs/architecture.md "Approvals"): a step may send several messages — an approval step mails each
    // approver their own links — so the mail log's one-row-per-step key becomes one row per (step, part): the email
    // node writes part 0, an approval step part <approver index>. And the engine's own secrets kept in its database:
    // the key that signs approval links (`domain/approval-tokens.ts`; made on first use, shared by every replica).
    // A waiting approval needs nothing else: its request is the waiting step row (its output and the run's due time).
    id: '0005_approvals',
    sql: `
      ALTER TABLE mail_messages ADD COLUMN part integer NOT NULL DEFAULT 0;
      ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_step;
      ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_step UNIQUE (workflow_run_id, node_id, part);

      CREATE TABLE engine_keys (
        name text PRIMARY KEY,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // The mail log names the files each message carried (email attachments, spec 001 §3); a preview's row has no
    // run. Self-contained: it only adds a column with a default.
    id: '0006_mail_attachments',
    sql: `
      ALTER TABLE mail_messages ADD COLUMN IF NOT EXISTS attachments text[] NOT NULL DEFAULT '{}'::text[];
    `,
  },
  {
    // Runs as users see them (docs/architecture.md "workflows-engine" → "Runs"):
    // - `mode`: `live` (its trigger started it) or `edit` (a test run of the draft; spec 001 §7 `mode=edit`). A test
    //   run may use a submission a live run already used, so the one-run-per-submission index covers live runs only.
    // - `retries`: how many times a user retried the failed run; it also tells the worker that a run claimed for the
    //   first time since a retry already has steps (the ones that succeeded are not run again).
    // - a step reset by a retry is `queued` until the worker runs it again.
    // - the list's indexes: by (workflow, mode, time, id) for the newest-first keyset pages, and by (workflow, mode,
    //   status, time, id) for a status filter and the grouped counts of `GET /admin/workflows` (index-only); they
    //   replace `workflow_runs_by_workflow`, whose prefix they share.
    // CHECKs are added NOT VALID as in 0003 (the existing rows satisfy them: no scan).
    id: '0007_run_modes_and_retries',
    sql: `
      ALTER TABLE workflow_runs ADD COLUMN mode text NOT NULL DEFAULT 'live';
      ALTER TABLE workflow_runs ADD CONSTRAINT workflow_runs_mode_check CHECK (mode IN ('live', 'edit')) NOT VALID;
      ALTER TABLE workflow_runs ADD COLUMN retries integer NOT NULL DEFAULT 0;
      DROP INDEX workflow_runs_submission;
      CREATE UNIQUE INDEX workflow_runs_submission ON workflow_runs (workflow_id, submission_id)
        WHERE submission_id IS NOT NULL AND mode = 'live';
      DROP INDEX workflow_runs_by_workflow;
      CREATE INDEX workflow_runs_list ON workflow_runs (workflow_id, mode, created_at, id);
      CREATE INDEX workflow_runs_by_status ON workflow_runs (workflow_id, mode, status, created_at, id);

      ALTER TABLE workflow_run_steps DROP CONSTRAINT workflow_run_steps_status_check;
      ALTER TABLE workflow_run_steps ADD CONSTRAINT workflow_run_steps_status_check
        CHECK (status IN ('queued', 'running', 'waiting', 'succeeded', 'failed')) NOT VALID;
    `,
  },
  {
    // Who created the form of each workflow and webhook subscription (flows' `InternalFlow.createdBy`, copied at
    // creation like the workspace; a form's creator never changes): a `limited` member reaches only the workflows
    // and webhooks of the forms they created (contracts `rules/access.ts`). NULL for the rows made before: no
    // `limited` member reaches those.
    id: '0008_flow_creators',
    sql: `
      ALTER TABLE workflows ADD COLUMN flow_created_by integer;
      ALTER TABLE webhook_subscriptions ADD COLUMN flow_created_by integer;
    `,
  },
];
