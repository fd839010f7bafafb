/**
 * The workflow canvas page (spec 001 §2 "Workflow canvas", §4 "Adding a node", §6, §7): loads the workflow (its
 * draft) and the form, keeps the edited draft in memory and composes the header ({@link CanvasHeader}), the canvas
 * ({@link WorkflowCanvas}) and the editor panel ({@link PanelHost}).
 *
 * - Edits are the pure graph edits of contracts `workflows/graph-edits.ts`: adding a node selects it and opens its
 *   panel; deleting asks to confirm first; a connection drawn is checked (spec 001 §4) and a refusal shown as a toast.
 * - `?edit-node=<id>` (`trigger` for the trigger) opens that node's panel; opening a panel sets it.
 * - Save stores the draft (`POST /admin/workflows/save`); Publish validates and stores draft and live version
 *   (`/publish`), its refusals shown as a toast and on the cards they concern; a first publish also turns the
 *   workflow on (it goes Live). Until then the published version, if any, keeps running.
 * - Leaving with unsaved changes asks first (in-app navigation; the browser's own prompt on unload).
 * - A viewer of the workspace (`accessLevel` not `write`) sees the canvas read-only: no add, delete, save or publish;
 *   panels read-only.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useBlocker, useSearchParams } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import type { NodeType, TriggerType, Workflow, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { FieldError } from '@formloom/contracts/errors';
import { canAddAction } from '@formloom/contracts/rules/workflow-graph';
import { changeTrigger, connect, deleteNode, insertNode, type GraphSource } from '@formloom/contracts/workflows/graph-edits';
import { EDIT_NODE_PARAM } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import { useWorkflow } from '../api/get-workflow';
import { useEnableOrDisableWorkflow, usePublishWorkflow, useSaveWorkflow } from '../api/mutations';
import { nodeUi } from '../nodes/registry';
import type { WorkflowEditorContext } from '../nodes/types';
import { CanvasActionsContext, type CanvasActions } from './canvas-context';
import { CanvasHeader } from './canvas-header';
import { WorkflowCanvas } from './canvas';
import { nodeCardId, TRIGGER_CARD_ID } from './layout';
import { PanelHost } from './panel-host';

/**
 * The publish refusals by the node they concern (`template.nodes.<id>.…` → `<id>`, `template.trigger…` →
 * `trigger`); the others (`template.nodes` at the action limit) under ''.
 */
export function problemsByNode(errors: readonly FieldError[]): Map<string, string[]> {
  const byNode = new Map<string, string[]>();
  for (const error of errors) {
    const segments = error.path.split('.');
    const at = segments[0] === 'template' ? segments.slice(1) : segments;
    const key = at[0] === 'trigger' ? 'trigger' : at[0] === 'nodes' && at[1] !== undefined ? at[1] : '';
    byNode.set(key, [...(byNode.get(key) ?? []), error.message]);
  }
  return byNode;
}

/** Props of {@link WorkflowCanvasPage}. */
export interface WorkflowCanvasPageProps {
  flowPublicIdentifier: string;
  workflowId: string;
  /** A viewer of the form's workspace (its access level is not `write`), or the form still loading. */
  readOnly: boolean;
  /** The form's draft template (`undefined` while it loads), for the panels. */
  formTemplate: WorkflowEditorContext['formTemplate'];
  /** The signed-in user, for the panels. */
  currentUser: WorkflowEditorContext['currentUser'];
  /** The organization's data region (`EU_AGENT` hides the AI step from the add-action popover, spec 001 §2). */
  dataRegion?: string;
}

/** See the module doc: loads, then edits. */
export function WorkflowCanvasPage({ flowPublicIdentifier, workflowId, readOnly, formTemplate, currentUser, dataRegion }: WorkflowCanvasPageProps) {
  const workflow = useWorkflow(workflowId);
  if (workflow.isPending) return <PageLoader label={copy.workflows.canvas.loading} />;
  if (workflow.isError) {
    return (
      <Box p="md">
        <ErrorAlert error={workflow.error} onRetry={() => void workflow.refetch()} />
      </Box>
    );
  }
  return (
    <CanvasEditor
      key={workflow.data.id}
      flowPublicIdentifier={flowPublicIdentifier}
      workflow={workflow.data}
      readOnly={readOnly}
      formTemplate={formTemplate}
      currentUser={currentUser}
      dataRegion={dataRegion}
    />
  );
}

/** Props of the editor once loaded. */
interface CanvasEditorProps extends Omit<WorkflowCanvasPageProps, 'workflowId'> {
  workflow: Workflow;
}

function CanvasEditor({ flowPublicIdentifier, workflow, readOnly, formTemplate, currentUser, dataRegion }: CanvasEditorProps) {
  const [draft, setDraft] = useState<WorkflowTemplate>(workflow.template);
  const [dirty, setDirty] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [problems, setProblems] = useState<Map<string, string[]>>(new Map());
  const [deleting, setDeleting] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get(EDIT_NODE_PARAM);
  const save = useSaveWorkflow();
  const publish = usePublishWorkflow();
  const enable = useEnableOrDisableWorkflow();
  const [current, setCurrent] = useState<Workflow>(workflow);

  const edit = useCallback((next: WorkflowTemplate) => {
    setDraft(next);
    setDirty(true);
  }, []);

  const openPanel = useCallback(
    (nodeId: string | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (nodeId === null) next.delete(EDIT_NODE_PARAM);
          else next.set(EDIT_NODE_PARAM, nodeId);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const refuse = (message: string) => notifications.show({ color: 'red', message, 'data-testid': 'canvas-refusal' });

  const actions: CanvasActions = useMemo(
    () => ({
      readOnly,
      canAdd: canAddAction(draft),
      dataRegion,
      selectedId,
      problems,
      select: setSelectedId,
      edit: (nodeId) => {
        setSelectedId(nodeId === 'trigger' ? TRIGGER_CARD_ID : nodeCardId(nodeId));
        openPanel(nodeId);
      },
      requestDelete: (nodeId) => setDeleting(nodeId),
      add: (source: GraphSource, type: NodeType) => {
        const result = insertNode(draft, source, type);
        if (!result.ok) return void refuse(result.message);
        edit(result.template);
        setSelectedId(nodeCardId(result.nodeId));
        openPanel(result.nodeId);
      },
      changeTrigger: (type: TriggerType) => {
        const result = changeTrigger(draft, type, { flowPublicIdentifier });
        if (!result.ok) return void refuse(result.message);
        edit(result.template);
        setSelectedId(TRIGGER_CARD_ID);
        openPanel('trigger');
      },
    }),
    [readOnly, draft, dataRegion, selectedId, problems, openPanel, edit, flowPublicIdentifier],
  );

  const onConnect = useCallback(
    (source: GraphSource, target: string) => {
      if (readOnly) return;
      const result = connect(draft, source, target);
      if (!result.ok) return void refuse(result.message);
      edit(result.template);
    },
    [draft, readOnly, edit],
  );

  const confirmDelete = () => {
    if (deleting === null) return;
    const result = deleteNode(draft, deleting);
    setDeleting(null);
    if (!result.ok) return void refuse(result.message);
    edit(result.template);
    setSelectedId(null);
    if (editing === deleting) openPanel(null);
  };

  const onSave = async () => {
    try {
      const saved = await save.mutateAsync({ id: workflow.id, template: draft });
      setCurrent(saved);
      setDirty(false);
      notifications.show({ color: 'green', message: copy.workflows.canvas.saved, 'data-testid': 'saved-toast' });
    } catch (error) {
      notifications.show({ color: 'red', title: copy.workflows.saveFailed, message: errorMessage(error) });
    }
  };

  const onPublish = async () => {
    try {
      const firstPublish = current.publishedAt === null;
      let published = await publish.mutateAsync({ id: workflow.id, template: draft });
      if (firstPublish && !published.isActive) {
        await enable.mutateAsync({ id: workflow.id, isActive: true });
        published = { ...published, isActive: true };
      }
      setCurrent(published);
      setDirty(false);
      setProblems(new Map());
      notifications.show({ color: 'green', message: copy.workflows.canvas.published, 'data-testid': 'published-toast' });
    } catch (error) {
      const errors = isApiError(error, 400) ? error.fieldErrors : [];
      setProblems(problemsByNode(errors));
      const message = errors.length > 0 ? errors.map((problem) => problem.message).join(' · ') : errorMessage(error);
      notifications.show({ color: 'red', title: errors.length > 0 ? copy.workflows.canvas.cannotPublish : copy.workflows.publishFailed, message, 'data-testid': 'publish-error' });
    }
  };

  const context: WorkflowEditorContext = {
    flowPublicIdentifier,
    formTemplate,
    template: draft,
    currentUser,
    dataRegion,
  };
  const deletingTitle = deleting !== null && draft.nodes[deleting] ? (nodeUi(draft.nodes[deleting].type)?.title ?? draft.nodes[deleting].type) : '';

  return (
    <CanvasActionsContext.Provider value={actions}>
      <Stack gap={0} data-testid="workflow-canvas-page">
        <CanvasHeader
          flowPublicIdentifier={flowPublicIdentifier}
          workflow={{ ...current, name: workflow.name }}
          readOnly={readOnly}
          dirty={dirty}
          saving={save.isPending}
          publishing={publish.isPending || enable.isPending}
          onSave={() => void onSave()}
          onPublish={() => void onPublish()}
        />
        <Box pos="relative">
          <WorkflowCanvas template={draft} onConnect={onConnect} onPositions={edit} />
          {editing !== null && (
            <PanelHost
              target={editing}
              template={draft}
              readOnly={readOnly}
              context={context}
              onChange={(next) => {
                edit(next);
                // A node being fixed no longer shows the refusal of the last Publish.
                if (problems.has(editing)) setProblems((current) => new Map([...current].filter(([nodeId]) => nodeId !== editing)));
              }}
              onClose={() => openPanel(null)}
            />
          )}
        </Box>
      </Stack>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={copy.workflows.canvas.deleteTitle} centered>
        <Stack>
          <Text fz="sm">{copy.workflows.canvas.deleteBody(deletingTitle)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {copy.workflows.canvas.cancel}
            </Button>
            <Button color="red" onClick={confirmDelete} data-testid="confirm-delete">
              {copy.workflows.canvas.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {dirty && <LeaveGuard />}
    </CanvasActionsContext.Provider>
  );
}

/**
 * While mounted (the draft has unsaved changes), leaving for another path asks first, and the browser asks on unload.
 * Mounted only while dirty: react-router runs one blocker at a time — the one registered last — so the editor
 * shell's own (the form's draft) stays in charge the rest of the time.
 */
function LeaveGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={copy.workflows.canvas.leaveTitle} centered>
      <Stack>
        <Text fz="sm">{copy.workflows.canvas.leaveBody}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {copy.workflows.canvas.stay}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()} data-testid="confirm-leave">
            {copy.workflows.canvas.leave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
