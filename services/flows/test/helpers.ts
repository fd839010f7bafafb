/**
 * Test helpers: the flows service on an in-memory PGlite, a JWT issuer, users of two organizations, and small
 * request helpers. Nothing of ours is mocked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { EventBus } from '@formloom/kit/bus/types';
import { rowsOf } from '@formloom/kit/db';
import { createTestIssuer, endpointRequest, type TestIssuer } from '@formloom/kit/testing';
import { createFlow as createFlowEndpoint, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { downloadUpload, uploadFile } from '@formloom/contracts/api/flows/uploads';
import type { UploadReference } from '@formloom/contracts/answers/shared/uploads';
import { everyWidgetAnswers, everyWidgetDisplayWithLinks, everyWidgetFiles, withUploadedFiles } from '@formloom/contracts/widgets/samples';
import { buildApp } from '../src/app';

/** The internal service token configured in tests. */
export const INTERNAL_TOKEN = 'flows-test-internal-token';

/** Workspace ids: 1 and 3 belong to organization 1, 2 to organization 2. */
export const WS = { main: 1, other: 2, second: 3 } as const;

/** Test users. */
export const users = {
  /** Organization 1, write access to workspaces 1 and 3. */
  writer: { id: 1, organizationId: 1, workspaces: { [WS.main]: 'write', [WS.second]: 'write' } },
  /** Organization 1, read-only member of workspace 1. */
  reader: { id: 2, organizationId: 1, workspaces: { [WS.main]: 'read' } },
  /** Organization 2, write access to workspace 2 only. */
  outsider: { id: 3, organizationId: 2, isAdmin: true, workspaces: { [WS.other]: 'write' } },
  /** Organization 1, `limited` in workspace 1 (sees only the forms they create there), write access to workspace 3. */
  limited: { id: 4, organizationId: 1, workspaces: { [WS.main]: 'limited', [WS.second]: 'write' } },
} as const;

/** A user key of {@link users}. */
export type UserKey = keyof typeof users;

/** The service under test with its issuer and per-user auth headers. */
export interface Harness {
  service: Awaited<ReturnType<typeof buildApp>>;
  issuer: TestIssuer;
  headers: Record<UserKey, { authorization: string }>;
}

/** Builds the service on an in-memory database; close it with `harness.service.close()`. */
export async function setup(options: { bus?: EventBus; env?: Record<string, string> } = {}): Promise<Harness> {
  const issuer = await createTestIssuer();
  const service = await buildApp({
    // Uploaded files go to a directory of the test's own (never the repository's `.data`).
    env: { DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', INTERNAL_TOKEN, FILE_STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'flows-test-files-')), ...options.env },
    jwks: issuer.jwks,
    logger: false,
    ...(options.bus ? { bus: options.bus } : {}),
  });
  const headers = {
    writer: await issuer.headers({ ...users.writer, workspaces: { ...users.writer.workspaces } }),
    reader: await issuer.headers({ ...users.reader, workspaces: { ...users.reader.workspaces } }),
    outsider: await issuer.headers({ ...users.outsider, workspaces: { ...users.outsider.workspaces } }),
    limited: await issuer.headers({ ...users.limited, workspaces: { ...users.limited.workspaces } }),
  };
  return { service, issuer, headers };
}

/** Number of rows in `table` (one of the service's tables or `outbox`). */
export async function countRows(harness: Harness, table: 'flows' | 'flow_snapshots' | 'submissions' | 'outbox'): Promise<number> {
  const result = await harness.service.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** The outbox rows of `type`, oldest first, with their envelopes. */
export async function outboxRows(harness: Harness, type: string): Promise<Array<{ type: string; key: string; envelope: { data: Record<string, unknown>; tenant: unknown } }>> {
  const result = await harness.service.ctx.db.execute(
    sql`SELECT type, key, envelope FROM outbox WHERE type = ${type} ORDER BY seq`,
  );
  return rowsOf(result);
}

/** The example template of docs/product-rules.md §2: page s1 with Name (required), Email (required), Plan (choice), then `end`. */
export function exampleTemplate(): FlowTemplate {
  return exampleFormTemplate();
}

/** Minimal shape of a flow in responses. */
export interface FlowJson {
  id: number;
  publicIdentifier: string;
  name: string;
  type: string;
  workspaceId: number;
  accessLevel: string;
  isPublished: boolean;
  publishedAt: string | null;
  closedAt: string | null;
  hasUnpublishedChanges: boolean;
  settings: Record<string, unknown>;
}

/** Creates a flow as `user` (writer by default) and returns it; fails the test unless 201. */
export async function createFlow(harness: Harness, body: Record<string, unknown> = {}, user: UserKey = 'writer'): Promise<FlowJson> {
  const response = await harness.service.app.inject(
    endpointRequest(createFlowEndpoint, { headers: harness.headers[user], body: { workspaceId: WS.main, ...body } }),
  );
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ flow: FlowJson }>().flow;
}

/** Creates a flow with {@link exampleTemplate} and publishes it; returns its public identifier. */
export async function publishedExample(harness: Harness): Promise<string> {
  const flow = await createFlow(harness, { flowTemplate: exampleTemplate() });
  const response = await harness.service.app.inject(
    endpointRequest(publishFlow, { params: { publicIdentifier: flow.publicIdentifier }, headers: harness.headers.writer }),
  );
  if (response.statusCode !== 200) throw new Error(`publish failed: ${response.statusCode} ${response.body}`);
  return flow.publicIdentifier;
}

/** Submits `answers` to the public form (from `remoteAddress`, default the inject default 127.0.0.1). */
export function submit(harness: Harness, publicIdentifier: string, answers: unknown, remoteAddress?: string) {
  return harness.service.app.inject(endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers }, remoteAddress }));
}

/**
 * The sample answers of every widget type (`everyWidgetAnswers`) with their files (FileUpload, Signature) uploaded to
 * form `publicIdentifier` first, as a respondent's browser does: the service takes only files uploaded for the form.
 */
export async function everyWidgetAnswersUploaded(harness: Harness, publicIdentifier: string): Promise<Record<string, unknown>> {
  const uploaded = new Map<string, UploadReference>();
  for (const { widgetId, file, content } of everyWidgetFiles()) {
    const form = new FormData();
    form.append('file', new Blob([content], { type: file.contentType }), file.name);
    const response = await harness.service.app.inject({
      method: 'POST',
      url: `${pathOf(uploadFile, { publicIdentifier })}?fieldId=${encodeURIComponent(widgetId)}`,
      payload: form,
    });
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    uploaded.set(file.id, response.json<UploadReference>());
  }
  return withUploadedFiles(everyWidgetAnswers(), uploaded);
}

/** The texts of {@link everyWidgetAnswersUploaded}'s answers as the service shows them (files with their links). */
export function everyWidgetTexts(publicIdentifier: string, answers: Record<string, unknown>, publicUrl = 'http://localhost:8080'): Record<string, string> {
  return everyWidgetDisplayWithLinks(answers, (file) => `${publicUrl}${pathOf(downloadUpload, { publicIdentifier, uploadId: file.id })}`);
}
