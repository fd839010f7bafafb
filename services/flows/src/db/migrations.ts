/**
 * The flows service's SQL migrations (the tables of `schema.ts`), applied in order by the kit at start.
 * Plain SQL that runs on PGlite and PostgreSQL. Never edit an applied migration: add a new one.
 */
import type { Migration } from '@formloom/kit/db';

/** Migrations of the flows service, in order. */
export const migrations: readonly Migration[] = [
  {
    id: '0001_init',
    sql: `
      CREATE TABLE flows (
        id serial PRIMARY KEY,
        public_identifier text NOT NULL UNIQUE,
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('form', 'quiz', 'scheduling', 'base', 'zite')),
        workspace_id integer NOT NULL,
        organization_id integer NOT NULL,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        featured_theme_id text,
        template jsonb NOT NULL,
        live_snapshot_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX flows_workspace_created ON flows (workspace_id, created_at, id);

      CREATE TABLE flow_snapshots (
        id serial PRIMARY KEY,
        flow_id integer NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version > 0),
        template jsonb NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT flow_snapshots_flow_version UNIQUE (flow_id, version),
        CONSTRAINT flow_snapshots_id_flow UNIQUE (id, flow_id)
      );

      -- The live snapshot must be one of the flow's own snapshots.
      ALTER TABLE flows ADD CONSTRAINT flows_live_snapshot_fk
        FOREIGN KEY (live_snapshot_id, id) REFERENCES flow_snapshots (id, flow_id);

      CREATE TABLE submissions (
        id uuid PRIMARY KEY,
        flow_id integer NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        snapshot_id integer NOT NULL,
        answers jsonb NOT NULL,
        submission_time timestamptz NOT NULL,
        last_updated_at timestamptz NOT NULL,
        -- A submission answers a snapshot of its own flow.
        CONSTRAINT submissions_snapshot_fk FOREIGN KEY (snapshot_id, flow_id) REFERENCES flow_snapshots (id, flow_id)
      );
      CREATE INDEX submissions_flow_time ON submissions (flow_id, submission_time, id);`,
  },
  {
    // A closed (unpublished) form keeps its live snapshot for when it is published again.
    id: '0002_flow_closed_at',
    sql: `ALTER TABLE flows ADD COLUMN closed_at timestamptz;`,
  },
  {
    // One response per browser (form settings): the browser's id, unique per flow where kept.
    id: '0003_submission_respondent_key',
    sql: `
      ALTER TABLE submissions ADD COLUMN respondent_key text;
      CREATE UNIQUE INDEX submissions_flow_respondent ON submissions (flow_id, respondent_key) WHERE respondent_key IS NOT NULL;`,
  },
  {
    // Partial submissions: a respondent's progress is a submission `in_progress` until it is finished; its
    // secret token is kept hashed. Lists and counts read `finished` rows; the abandonment check reads the others.
    id: '0004_submission_progress',
    sql: `
      ALTER TABLE submissions ADD COLUMN status text NOT NULL DEFAULT 'finished' CHECK (status IN ('in_progress', 'finished'));
      ALTER TABLE submissions ADD COLUMN progress_token_hash text;
      ALTER TABLE submissions ADD COLUMN last_step_id text;
      CREATE INDEX submissions_flow_in_progress ON submissions (flow_id, last_updated_at) WHERE status = 'in_progress';`,
  },
  {
    // Uploaded files (FileUpload, Signature, the editor's uploads): a row per file, its bytes in the file storage.
    // A deleted row (its flow deleted, or swept while no response referred to it) queues its storage object for
    // deletion in the same transaction, through the trigger.
    id: '0005_uploads',
    sql: `
      CREATE TABLE uploads (
        id uuid PRIMARY KEY,
        flow_id integer NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        field_id text,
        source text NOT NULL CHECK (source IN ('respondent', 'editor')),
        name text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        storage_key text NOT NULL,
        submission_id uuid REFERENCES submissions (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX uploads_flow ON uploads (flow_id);
      CREATE INDEX uploads_submission ON uploads (submission_id) WHERE submission_id IS NOT NULL;
      CREATE INDEX uploads_unreferenced ON uploads (created_at) WHERE submission_id IS NULL AND source = 'respondent';

      CREATE TABLE upload_deletions (
        storage_key text PRIMARY KEY,
        queued_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE FUNCTION uploads_queue_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO upload_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
        RETURN OLD;
      END;
      $$;
      CREATE TRIGGER uploads_deleted AFTER DELETE ON uploads FOR EACH ROW EXECUTE FUNCTION uploads_queue_deletion();`,
  },
  {
    // Edit links (domain/edit-submissions.ts): the SHA-256 of a submission's edit token, made when it is submitted.
    id: '0006_edit_links',
    sql: `ALTER TABLE submissions ADD COLUMN edit_token_hash text;`,
  },
  {
    // The Results' search (domain/search-text.ts): the lowercased texts people read (answers' displayValues, hidden
    // field values), written by the service with every submission, progress save and edit. Rows stored before have
    // none and match no search: the texts come from the question types' display rules (TypeScript), which SQL
    // cannot reproduce, so there is no backfill. Searched with ILIKE '%…%' among one form's rows.
    id: '0007_submission_search_text',
    sql: `ALTER TABLE submissions ADD COLUMN search_text text;`,
  },
  {
    // How many responses each form has, per status, kept by the database itself (db/submission-counts.ts): the
    // Results' count and a form's response limit read a few rows instead of counting every response (a count of
    // a million rows takes ~100 ms). Statement triggers with transition tables add what each statement inserted,
    // deleted or moved to another status — whichever code path wrote it — to one of 16 rows per form and status
    // (`shard`, from the writing connection), so concurrent writers to one form do not wait on one row. A form's
    // rows go with it (ON DELETE CASCADE); the counts start from the rows already there.
    // The pages' index leads with the status, which every read of the Results names: a page of respondents' progress
    // (2 % of the rows, say) no longer skips through the finished ones.
    id: '0008_submission_counts',
    sql: `
      CREATE INDEX submissions_flow_status_time ON submissions (flow_id, status, submission_time, id);
      DROP INDEX submissions_flow_time;
      CREATE TABLE submission_counts (
        flow_id integer NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        status text NOT NULL,
        shard smallint NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (flow_id, status, shard)
      );
      INSERT INTO submission_counts (flow_id, status, shard, n)
        SELECT flow_id, status, 0, count(*) FROM submissions GROUP BY flow_id, status;

      -- A statement's inserted rows: their form exists (the foreign key), so the upsert is all there is to do.
      CREATE FUNCTION submissions_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO submission_counts AS c (flow_id, status, shard, n)
          SELECT flow_id, status, (pg_backend_pid() % 16)::smallint, count(*) FROM new_rows GROUP BY flow_id, status
        ON CONFLICT (flow_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
        RETURN NULL;
      END;
      $$;
      -- Deleted rows: a form deleted in the same statement (the cascade) has no counts left to lower.
      CREATE FUNCTION submissions_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO submission_counts AS c (flow_id, status, shard, n)
          SELECT flow_id, status, (pg_backend_pid() % 16)::smallint, -count(*) FROM old_rows
           WHERE EXISTS (SELECT 1 FROM flows WHERE flows.id = old_rows.flow_id)
           GROUP BY flow_id, status
        ON CONFLICT (flow_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
        RETURN NULL;
      END;
      $$;
      -- Updated rows whose status (or form) changed: one less where they were, one more where they are.
      CREATE FUNCTION submissions_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO submission_counts AS c (flow_id, status, shard, n)
          SELECT f, s, (pg_backend_pid() % 16)::smallint, sum(d)
            FROM (SELECT o.flow_id AS f, o.status AS s, -1 AS d FROM old_rows o JOIN new_rows n USING (id)
                   WHERE o.status IS DISTINCT FROM n.status OR o.flow_id IS DISTINCT FROM n.flow_id
                  UNION ALL
                  SELECT n.flow_id, n.status, 1 FROM old_rows o JOIN new_rows n USING (id)
                   WHERE o.status IS DISTINCT FROM n.status OR o.flow_id IS DISTINCT FROM n.flow_id) AS moved
           GROUP BY f, s
          HAVING sum(d) <> 0
        ON CONFLICT (flow_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
        RETURN NULL;
      END;
      $$;
      CREATE TRIGGER submissions_counted_insert AFTER INSERT ON submissions
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_count_inserted();
      CREATE TRIGGER submissions_counted_delete AFTER DELETE ON submissions
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_count_deleted();
      CREATE TRIGGER submissions_counted_update AFTER UPDATE ON submissions
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_count_updated();`,
  },
  {
    // The Results' custom columns (domain/custom-columns.ts): the columns live in the flow's settings; here each
    // submission's value of one, the owners' own (never in the respondent's answers), with its lowercased text for the
    // Results' search. A submission's values go with it (and a flow's with its submissions); a column's are deleted
    // with the column, by the service, in the same transaction.
    id: '0009_submission_custom_values',
    sql: `
      CREATE TABLE submission_custom_values (
        submission_id uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        column_id text NOT NULL,
        flow_id integer NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        value jsonb NOT NULL,
        search_text text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (submission_id, column_id)
      );
      CREATE INDEX submission_custom_values_column ON submission_custom_values (flow_id, column_id);`,
  },
  {
    // The home lists (spec 000 §2 tabs and sort options, §4 "Dragging"; docs/architecture.md §6 flows "The home
    // lists"). A flow in the trash keeps everything; `trashed_at` only hides it from the other lists and closes its
    // public link. Each user's own view of a flow — starred, last opened, how many finished submissions the Results
    // showed them last — is one row per (flow, user), made on the first star or view and gone with the flow.
    // Indexes: the starred and recently viewed rows per user (partial: only the rows that are in them), the sorts
    // per workspace that are not computed (created: `flows_workspace_created` of 0001; last edited; name A→Z), and
    // the trash of a workspace.
    id: '0010_home_lists',
    sql: `
      ALTER TABLE flows ADD COLUMN trashed_at timestamptz;
      CREATE INDEX flows_workspace_updated ON flows (workspace_id, updated_at, id);
      CREATE INDEX flows_workspace_name ON flows (workspace_id, lower(name), id);
      CREATE INDEX flows_workspace_trashed ON flows (workspace_id, trashed_at) WHERE trashed_at IS NOT NULL;

      CREATE TABLE flow_user_states (
        flow_id integer NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        user_id integer NOT NULL,
        starred_at timestamptz,
        last_viewed_at timestamptz,
        results_seen_count bigint NOT NULL DEFAULT 0 CHECK (results_seen_count >= 0),
        results_seen_at timestamptz,
        PRIMARY KEY (flow_id, user_id)
      );
      CREATE INDEX flow_user_states_starred ON flow_user_states (user_id, starred_at) WHERE starred_at IS NOT NULL;
      CREATE INDEX flow_user_states_viewed ON flow_user_states (user_id, last_viewed_at) WHERE last_viewed_at IS NOT NULL;`,
  },
  {
    // The home lists' 'Submission count' and 'Unread' orders read an index instead of summing every form's
    // `submission_counts` rows and sorting them all (docs/benchmarks.md §15: 90–160 ms p95 for a workspace of 10,000
    // forms). `flow_finished_counts`: ONE row per flow — its finished submissions and its workspace — kept by the same
    // statement triggers as `submission_counts` (their functions replaced here: each statement adds what it inserted,
    // deleted or moved to or from `finished`, forms in id order so concurrent statements lock rows in one order), made
    // with 0 when a flow is inserted and following it when it moves to another workspace (triggers on `flows`), gone
    // with it. The index `(workspace_id, n, flow_id)` read backwards is the 'Submission count' order (ties: newest id
    // first). Unlike the 16 shards, one row per form makes two statements writing to the same form at once wait for
    // each other's commit (docs/benchmarks.md §15.3 measured what that costs). `flows (workspace_id, id)`: the
    // forms the caller never opened, newest id first ('Last viewed'); `flow_user_states (user_id, flow_id) WHERE
    // results_seen_count > 0`: the caller's forms whose Results they opened ('Unread'). Writers of both tables wait
    // while the counts are filled in from `submission_counts`, so none is missed or counted twice.
    id: '0011_flow_finished_counts',
    sql: `
      LOCK TABLE flows, submissions IN SHARE ROW EXCLUSIVE MODE;
      CREATE TABLE flow_finished_counts (
        flow_id integer PRIMARY KEY REFERENCES flows (id) ON DELETE CASCADE,
        workspace_id integer NOT NULL,
        n bigint NOT NULL
      );
      INSERT INTO flow_finished_counts (flow_id, workspace_id, n)
        SELECT f.id, f.workspace_id,
               COALESCE((SELECT sum(c.n) FROM submission_counts c WHERE c.flow_id = f.id AND c.status = 'finished'), 0)
          FROM flows f;
      CREATE INDEX flow_finished_counts_workspace ON flow_finished_counts (workspace_id, n, flow_id);
      CREATE INDEX flows_workspace_id ON flows (workspace_id, id);
      CREATE INDEX flow_user_states_results_seen ON flow_user_states (user_id, flow_id) WHERE results_seen_count > 0;

      CREATE FUNCTION flows_finished_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO flow_finished_counts (flow_id, workspace_id, n) SELECT id, workspace_id, 0 FROM new_rows ORDER BY id;
        RETURN NULL;
      END;
      $$;
      CREATE FUNCTION flows_finished_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE flow_finished_counts SET workspace_id = NEW.workspace_id WHERE flow_id = NEW.id;
        RETURN NULL;
      END;
      $$;
      CREATE TRIGGER flows_finished_count_insert AFTER INSERT ON flows
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flows_finished_count_inserted();
      CREATE TRIGGER flows_finished_count_move AFTER UPDATE OF workspace_id ON flows
        FOR EACH ROW WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id) EXECUTE FUNCTION flows_finished_count_moved();

      -- What 0008's functions did, and the same change to each form's finished row. A form deleted in the same
      -- statement (the cascade) is not joined: its row goes with it.
      CREATE OR REPLACE FUNCTION submissions_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO submission_counts AS c (flow_id, status, shard, n)
          SELECT flow_id, status, (pg_backend_pid() % 16)::smallint, count(*) FROM new_rows GROUP BY flow_id, status
        ON CONFLICT (flow_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
        INSERT INTO flow_finished_counts AS t (flow_id, workspace_id, n)
          SELECT f.id, f.workspace_id, d.n
            FROM (SELECT flow_id, count(*) AS n FROM new_rows WHERE status = 'finished' GROUP BY flow_id) AS d
            JOIN flows f ON f.id = d.flow_id
           ORDER BY f.id
        ON CONFLICT (flow_id) DO UPDATE SET n = t.n + excluded.n;
        RETURN NULL;
      END;
      $$;
      CREATE OR REPLACE FUNCTION submissions_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO submission_counts AS c (flow_id, status, shard, n)
          SELECT flow_id, status, (pg_backend_pid() % 16)::smallint, -count(*) FROM old_rows
           WHERE EXISTS (SELECT 1 FROM flows WHERE flows.id = old_rows.flow_id)
           GROUP BY flow_id, status
        ON CONFLICT (flow_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
        INSERT INTO flow_finished_counts AS t (flow_id, workspace_id, n)
          SELECT f.id, f.workspace_id, -d.n
            FROM (SELECT flow_id, count(*) AS n FROM old_rows WHERE status = 'finished' GROUP BY flow_id) AS d
            JOIN flows f ON f.id = d.flow_id
           ORDER BY f.id
        ON CONFLICT (flow_id) DO UPDATE SET n = t.n + excluded.n;
        RETURN NULL;
      END;
      $$;
      CREATE OR REPLACE FUNCTION submissions_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        WITH moved AS (
          SELECT o.flow_id AS f, o.status AS s, -1 AS d FROM old_rows o JOIN new_rows n USING (id)
           WHERE o.status IS DISTINCT FROM n.status OR o.flow_id IS DISTINCT FROM n.flow_id
          UNION ALL
          SELECT n.flow_id, n.status, 1 FROM old_rows o JOIN new_rows n USING (id)
           WHERE o.status IS DISTINCT FROM n.status OR o.flow_id IS DISTINCT FROM n.flow_id
        ), shards AS (
          INSERT INTO submission_counts AS c (flow_id, status, shard, n)
            SELECT f, s, (pg_backend_pid() % 16)::smallint, sum(d) FROM moved GROUP BY f, s HAVING sum(d) <> 0
          ON CONFLICT (flow_id, status, shard) DO UPDATE SET n = c.n + excluded.n
        )
        INSERT INTO flow_finished_counts AS t (flow_id, workspace_id, n)
          SELECT fl.id, fl.workspace_id, x.n
            FROM (SELECT f, sum(d) AS n FROM moved WHERE s = 'finished' GROUP BY f HAVING sum(d) <> 0) AS x
            JOIN flows fl ON fl.id = x.f
           ORDER BY fl.id
        ON CONFLICT (flow_id) DO UPDATE SET n = t.n + excluded.n;
        RETURN NULL;
      END;
      $$;`,
  },
  {
    // Form themes (spec 000 §2 choose_theme, §3 Flow `featuredThemeId` / `themePublicId`; spec 001 §3 "Theme";
    // domain/themes.ts). `themes`: an organization's own, named uniquely per organization without regard to case
    // (`name_key`, the lower-cased name the service computes, as the shared rule compares names); listed the last
    // changed first. `theme_images`: the logos and backgrounds they show, bytes in the file storage. A flow names its
    // theme by `featured_theme_id` (ours, fixed) or `theme_public_id` (an organization theme; at most one of the two):
    // deleting the theme sets the flows' `theme_public_id` to NULL (the default look), through the partial index.
    id: '0012_themes',
    sql: `
      CREATE TABLE themes (
        id serial PRIMARY KEY,
        public_identifier text NOT NULL UNIQUE,
        organization_id integer NOT NULL,
        name text NOT NULL,
        name_key text NOT NULL,
        definition jsonb NOT NULL,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT themes_organization_name UNIQUE (organization_id, name_key)
      );
      CREATE INDEX themes_organization_updated ON themes (organization_id, updated_at, id);

      CREATE TABLE theme_images (
        id uuid PRIMARY KEY,
        organization_id integer NOT NULL,
        storage_key text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL CHECK (size > 0),
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      ALTER TABLE flows ADD COLUMN theme_public_id text REFERENCES themes (public_identifier) ON DELETE SET NULL;
      ALTER TABLE flows ADD CONSTRAINT flows_one_theme CHECK (featured_theme_id IS NULL OR theme_public_id IS NULL);
      CREATE INDEX flows_theme ON flows (theme_public_id) WHERE theme_public_id IS NOT NULL;`,
  },
  {
    // Cloneable templates (spec 000 §3 "Cloneable template"; domain/cloneable-templates.ts): a published form others
    // start new forms from. `organization_id` NULL: the built-in catalogue (contracts `templates/catalogue.ts`), whose
    // forms belong to the template library (organization and workspace 0, which no tenant has) and are kept equal
    // to the catalogue by `content_hash`; else an organization's own, made by an admin. One template per form; the
    // form's deletion removes it. `slug` is the template's link, unique across all.
    id: '0013_cloneable_templates',
    sql: `
      CREATE TABLE cloneable_templates (
        id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        organization_id integer,
        flow_id integer NOT NULL UNIQUE REFERENCES flows (id) ON DELETE CASCADE,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        categories text[] NOT NULL DEFAULT '{}',
        is_featured boolean NOT NULL DEFAULT false,
        is_private boolean NOT NULL DEFAULT true,
        type text NOT NULL CHECK (type IN ('form', 'quiz')),
        position integer NOT NULL DEFAULT 0,
        content_hash text,
        view_count bigint NOT NULL DEFAULT 0 CHECK (view_count >= 0),
        clone_count bigint NOT NULL DEFAULT 0 CHECK (clone_count >= 0),
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX cloneable_templates_organization ON cloneable_templates (organization_id, created_at, id);`,
  },
  {
    // Who created each form (spec 000 §6 `limited` access: such a member sees only the forms they created;
    // docs/architecture.md §5 "Access levels"). NULL for the forms made before this column (and the template
    // library's): no `limited` member sees those. The index serves a limited member's home lists.
    id: '0014_flow_creators',
    sql: `
      ALTER TABLE flows ADD COLUMN created_by integer;
      CREATE INDEX flows_workspace_creator ON flows (workspace_id, created_by) WHERE created_by IS NOT NULL;`,
  },
];
