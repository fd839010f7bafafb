/**
 * Process entry: builds workspaces-auth from `process.env` with its own token verifier (see `app.ts`), listens on
 * HOST:PORT, and closes gracefully on SIGINT/SIGTERM; with `MIGRATE_ONLY=true` it applies the migrations and
 * exits (the Helm chart's migrations Job). See the kit's `runService`.
 */
import { runService } from '@formloom/kit/main';
import { buildApp, definition } from './app';

void runService(definition, () => buildApp());
