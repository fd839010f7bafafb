/**
 * The editor frame for `/editor/:flowPublicIdentifier/*` (spec 000 §2): loads the flow and its draft, shows
 * the form's name and status, the tabs Edit / Share / Results / Workflows, the unsaved-changes indicator and
 * the Publish button; the selected tab renders in the `<Outlet />`.
 *
 * The draft is saved automatically {@link AUTOSAVE_DELAY_MS} after the last edit (and at once with Mod+S): it is
 * validated with the shared rules (`validateFlowTemplate`) and PUT; errors from either side are shown next to
 * their questions, and the header says Unsaved changes, Saving…, Not saved (with Retry) or All changes saved. Publish checks the draft with `publishProblems` (the server checks
 * again), saves unsaved changes, then publishes and shows the public link. The status says Draft, Live or
 * Closed, and 'Unpublished changes' when the saved draft differs from the live version. Leaving the editor with unsaved changes asks first (in-app navigation and page unload).
 *
 * Keyboard shortcuts (`model/shortcuts.ts`, listened to by `use-editor-shortcuts.ts`): the frame runs Undo, Redo,
 * Save, Publish and 'Keyboard shortcuts' (the dialog, also in the ⋯ menu); the Edit tab runs the questions' ones.
 */
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Box, Button, Container, Group, Menu, Modal, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, Outlet, useBlocker, useLocation, useNavigate } from 'react-router';
import type { Flow } from '@formloom/contracts/entities/flow';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { FieldError } from '@formloom/contracts/errors';
import { validateFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { publishProblems } from '@formloom/contracts/rules/publish-checks';
import { paths, type EditorTab } from '../../../config/paths';
import { ApiError, errorMessage, isApiError } from '../../../lib/api-client';
import { IconCheck, IconChevronLeft, IconKeyboard, IconRedo, IconSend, IconUndo } from '../../../ui/icons';
import { Logo } from '../../../ui/logo';
import { Empty, ErrorAlert, PageLoader } from '../../../ui/states';
import { useFlow } from '../api/get-flow';
import { usePublishFlow } from '../api/publish-flow';
import { useSaveTemplate } from '../api/save-template';
import { shortcutText } from '../model/shortcuts';
import { EditorProvider, useEditor, useEditorCommand } from './editor-context';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useEditorShortcuts, useIsMac } from './use-editor-shortcuts';
import classes from './editor-shell.module.css';

/** How long after the last edit the draft is saved (ms). */
export const AUTOSAVE_DELAY_MS = 800;

/** The tabs of the editor, in order; the value is the path segment after `/editor/:id/`. */
export const EDITOR_TABS = [
  { value: 'edit', label: 'Edit' },
  { value: 'share', label: 'Share' },
  { value: 'results', label: 'Results' },
  { value: 'workflows', label: 'Workflows' },
] as const;

/**
 * The public link of a form: `{origin}/t/{publicIdentifier}`, on the organization's own address (`formsOrigin`: its
 * domain or subdomain, `MeResponse.formsOrigin`) or, without one, this site's.
 */
export function publicFormUrl(publicIdentifier: string, formsOrigin?: string | null): string {
  return `${formsOrigin ?? window.location.origin}/t/${publicIdentifier}`;
}

/** Props of {@link EditorShell}: what the route composes into the header from other features. */
export interface EditorShellProps {
  publicIdentifier: string;
  headerRight?: ReactNode;
  /** The form's name (default: plain text); the route passes the rename-in-place field. */
  renderTitle?: (flow: Flow) => ReactNode;
  /**
   * The flow's menu beside Publish (duplicate, close, delete); `editorItems` are the editor's own entries of that
   * menu (`Menu.Item`s: 'Keyboard shortcuts') for it to show first.
   */
  renderActions?: (flow: Flow, editorItems: ReactNode) => ReactNode;
  /** Shown between the header and the tab's content (the route's small-screen notice). */
  notice?: ReactNode;
  /** The organization's own address for its forms' links (`MeResponse.formsOrigin`); absent: this site's. */
  formsOrigin?: string | null;
}

export function EditorShell({ publicIdentifier, headerRight, renderTitle, renderActions, notice, formsOrigin }: EditorShellProps) {
  const flow = useFlow(publicIdentifier);
  if (flow.isPending) return <PageLoader fullScreen label="Loading form" />;
  if (flow.isError) {
    return (
      <Container size="sm" py={80}>
        {isApiError(flow.error, 404) || isApiError(flow.error, 403) ? (
          <Empty testId="flow-not-found" title={copy.flows.flowNotFound} description="It may have been deleted, or you may not have access to it.">
            <Button component={Link} to={paths.home.getHref()}>
              {copy.flows.goHome}
            </Button>
          </Empty>
        ) : (
          <ErrorAlert error={flow.error} title="Could not load this form" onRetry={() => void flow.refetch()} />
        )}
      </Container>
    );
  }
  return (
    <EditorProvider key={publicIdentifier} publicIdentifier={publicIdentifier} initial={flow.data.flowSnapshot.template}>
      <EditorFrame
        flow={flow.data.flow}
        headerRight={headerRight}
        renderTitle={renderTitle}
        renderActions={renderActions}
        notice={notice}
        formsOrigin={formsOrigin}
      />
    </EditorProvider>
  );
}

function useSaveAndPublish(formsOrigin: string | null | undefined) {
  const { draft, isDirty, markSaved, setErrors, publicIdentifier } = useEditor();
  const saveMutation = useSaveTemplate();
  const publishMutation = usePublishFlow();
  // The draft the last save refused or could not send (autosave waits for a change or a retry).
  const [failedDraft, setFailedDraft] = useState<FlowTemplate | null>(null);
  // Saves and publishes run one at a time, in the order asked: an autosave answered after a publish would
  // otherwise put its older flow (not live yet) back in the cache.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // The last template the server accepted, so a save queued behind an identical one is not sent twice.
  const lastSaved = useRef<FlowTemplate | null>(null);
  // Publish was asked for and has not finished (it may be waiting for a save to finish first).
  const [publishAsked, setPublishAsked] = useState(false);
  function serially<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }

  /**
   * Saves the draft. `quiet`: no toast on success; `auto` (autosave): no toast at all — a failure shows in the
   * header's status instead, and the same draft is not tried again until it changes or the user retries.
   */
  function save(options: { quiet?: boolean; auto?: boolean } = {}): Promise<boolean> {
    const sent = draft;
    return serially(() => saveNow(sent, options));
  }

  async function saveNow(sent: FlowTemplate, { quiet = false, auto = false }: { quiet?: boolean; auto?: boolean }): Promise<boolean> {
    if (sent === lastSaved.current) return true;
    const local = validateFlowTemplate(sent);
    if (!local.ok) {
      setErrors(local.errors, sent);
      setFailedDraft(sent);
      if (!auto) notifications.show({ color: 'red', title: 'Could not save', message: 'Fix the highlighted problems and try again.' });
      return false;
    }
    try {
      const data = await saveMutation.mutateAsync({ publicIdentifier, template: sent });
      markSaved(data?.flowSnapshot?.template ?? sent, sent);
      lastSaved.current = sent;
      setFailedDraft(null);
      if (!quiet && !auto) notifications.show({ color: 'green', message: 'Changes saved', icon: <IconCheck size={16} /> });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) setErrors(error.fieldErrors, sent);
      setFailedDraft(sent);
      if (!auto) notifications.show({ color: 'red', title: 'Could not save', message: errorMessage(error) });
      return false;
    }
  }

  function publish(): Promise<void> {
    const sent = draft;
    const dirty = isDirty;
    setPublishAsked(true);
    return serially(() => publishNow(sent, dirty)).finally(() => setPublishAsked(false));
  }

  async function publishNow(template: FlowTemplate, dirty: boolean): Promise<void> {
    const problems = publishProblems(template);
    if (problems.length > 0) {
      showPublishProblems(problems, template);
      return;
    }
    if (dirty && !(await saveNow(template, { quiet: true }))) return;
    try {
      await publishMutation.mutateAsync(publicIdentifier);
      setErrors([], template, 'publish');
      const url = publicFormUrl(publicIdentifier, formsOrigin);
      notifications.show({
        color: 'green',
        title: 'Your form is live',
        autoClose: 10_000,
        message: (
          <Anchor href={url} target="_blank" rel="noreferrer" fz="sm" data-testid="published-link">
            {url}
          </Anchor>
        ),
      });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        showPublishProblems(error.fieldErrors, template);
        return;
      }
      notifications.show({ color: 'red', title: 'Could not publish', message: errorMessage(error) });
    }
  }

  /** Shows publish problems on their questions, and says so (the first problem's text when it has no question). */
  function showPublishProblems(problems: FieldError[], template: FlowTemplate): void {
    setErrors(problems, template, 'publish');
    const general = problems.find((problem) => problem.path === '' || problem.path === 'template');
    notifications.show({
      color: 'red',
      title: 'Could not publish',
      message: general?.message ?? copy.flows.publishNotReady,
    });
  }

  return {
    save,
    publish,
    saving: saveMutation.isPending,
    publishing: publishAsked || publishMutation.isPending,
    /** The current draft could not be saved (shown in the header, with Retry). */
    saveFailed: failedDraft !== null && failedDraft === draft,
  };
}

/** The form's state in words: never published, live, or closed (docs/product-rules.md §3). */
function statusOf(flow: Flow): { label: string; color: string } {
  if (flow.isPublished) return { label: 'Live', color: 'green' };
  if (flow.closedAt) return { label: 'Closed', color: 'red' };
  return { label: 'Draft', color: 'gray' };
}

function EditorFrame({
  flow,
  headerRight,
  renderTitle,
  renderActions,
  notice,
  formsOrigin,
}: { flow: Flow } & Pick<EditorShellProps, 'headerRight' | 'renderTitle' | 'renderActions' | 'notice' | 'formsOrigin'>) {
  const { isDirty, publicIdentifier, draft, canUndo, canRedo, undo, redo } = useEditor();
  const { save, publish, saving, publishing, saveFailed } = useSaveAndPublish(formsOrigin);
  const location = useLocation();
  const navigate = useNavigate();
  // The editor's own paths: `<base>/<tab>` (`paths.editor`).
  const base = paths.editor.getHref(publicIdentifier).replace(/\/edit$/, '');
  const first = location.pathname.slice(base.length + 1).split('/')[0] || 'edit';
  // A workflow's pages (`workflows-edit/…`: its runs) belong to the Workflows tab.
  const segment = first === 'workflows-edit' ? 'workflows' : first;
  const canWrite = flow.accessLevel === 'write';

  // Keyboard shortcuts (see the module doc); inside a text field the browser's own undo applies.
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const mac = useIsMac();
  useEditorShortcuts();
  /** A command that runs `action` when `allowed`, and says whether it did. */
  const when = (allowed: boolean, action: () => void) => () => {
    if (allowed) action();
    return allowed;
  };
  useEditorCommand('undo', when(canUndo, undo));
  useEditorCommand('redo', when(canRedo, redo));
  useEditorCommand('save', when(canWrite, () => void save()));
  useEditorCommand('publish', () => {
    if (!canWrite) return false;
    if (!publishing) void publish();
    return true;
  });
  useEditorCommand('showShortcuts', () => {
    setShortcutsOpen(true);
    return true;
  });

  // Autosave: the draft is saved AUTOSAVE_DELAY_MS after the last edit (never while a save is under way, never
  // again a draft that just failed). An effect event reads the latest `save` without resetting the timer.
  const autosave = useEffectEvent(() => void save({ auto: true }));
  useEffect(() => {
    if (!isDirty || !canWrite || saving || publishing || saveFailed) return;
    const timer = setTimeout(autosave, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, isDirty, canWrite, saving, publishing, saveFailed]);

  // Ask before leaving the editor with unsaved changes (tab switches inside the editor are fine).
  const blocker = useBlocker(({ nextLocation }) => isDirty && !nextLocation.pathname.startsWith(`${base}/`));
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        px={{ base: 'sm', sm: 'md' }}
        py={8}
        bg="white"
        className={classes.header}
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} flex="1 1 240px">
            <Tooltip label="Back to home">
              <Button component={Link} to={paths.home.getHref()} variant="subtle" color="gray" px={6} aria-label="Back to home">
                <IconChevronLeft />
                <Logo size={24} withText={false} />
              </Button>
            </Tooltip>
            <Stack gap={0} miw={0}>
              {renderTitle ? (
                renderTitle(flow)
              ) : (
                <Text fw={700} truncate data-testid="flow-title">
                  {flow.name}
                </Text>
              )}
              <Group gap={6} wrap="nowrap">
                <Badge size="xs" variant="dot" color={statusOf(flow).color} data-testid="flow-status">
                  {statusOf(flow).label}
                </Badge>
                {saving ? (
                  <Text fz={11} c="dimmed" data-testid="saving-indicator" aria-live="polite">
                    Saving…
                  </Text>
                ) : isDirty && saveFailed ? (
                  <Group gap={4} wrap="nowrap">
                    <Badge size="xs" variant="light" color="red" c="red.9" data-testid="save-failed-indicator">
                      Not saved
                    </Badge>
                    <Button size="compact-xs" variant="subtle" onClick={() => void save()} data-testid="save-retry">
                      Retry
                    </Button>
                  </Group>
                ) : isDirty ? (
                  <Badge size="xs" variant="light" color="yellow" c="dark.8" data-testid="unsaved-indicator">
                    Unsaved changes
                  </Badge>
                ) : flow.hasUnpublishedChanges ? (
                  <Tooltip label="Saved, but the live form still shows the last published version. Publish to update it.">
                    <Badge size="xs" variant="light" color="orange" c="dark.8" data-testid="unpublished-indicator">
                      Unpublished changes
                    </Badge>
                  </Tooltip>
                ) : (
                  <Text fz={11} c="dimmed" data-testid="saved-indicator">
                    All changes saved
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>

          <Tabs
            value={segment}
            onChange={(value) => value && navigate(paths.editor.getHref(publicIdentifier, value as EditorTab))}
            variant="pills"
            radius="md"
            flex="0 1 auto"
          >
            <Tabs.List aria-label="Editor sections">
              {EDITOR_TABS.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value} data-testid={`tab-${tab.value}`}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          <Group gap="xs" wrap="nowrap" flex="1 1 240px" justify="flex-end">
            {canWrite && (
              <Group gap={2} wrap="nowrap">
                <Tooltip label={`Undo (${shortcutText('undo', mac)})`}>
                  <ActionIcon variant="subtle" color="gray" size="lg" onClick={undo} disabled={!canUndo} aria-label="Undo" data-testid="undo">
                    <IconUndo size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={`Redo (${shortcutText('redo', mac)})`}>
                  <ActionIcon variant="subtle" color="gray" size="lg" onClick={redo} disabled={!canRedo} aria-label="Redo" data-testid="redo">
                    <IconRedo size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
            <Tooltip label={`Publish (${shortcutText('publish', mac)})`} disabled={!canWrite}>
              <Button
                onClick={() => void publish()}
                loading={publishing}
                disabled={!canWrite}
                leftSection={<IconSend size={16} />}
                data-testid="publish-button"
              >
                Publish
              </Button>
            </Tooltip>
            {renderActions?.(
              flow,
              <Menu.Item leftSection={<IconKeyboard size={16} />} onClick={() => setShortcutsOpen(true)} data-testid="open-shortcuts">
                {copy.editor.shortcutsTitle}
              </Menu.Item>,
            )}
            <Box visibleFrom="md">{headerRight}</Box>
          </Group>
        </Group>
      </Box>

      {notice}
      <Outlet />

      <ShortcutsDialog opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Discard unsaved changes?"
        centered
      >
        <Stack>
          <Text fz="sm">You have changes that are not saved yet. If you leave now they will be lost.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Discard changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
