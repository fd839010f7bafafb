/**
 * The home pages (spec 000 §2 "Home page"), each composed from the home feature's lists and the flow actions:
 * - `/home` and `/home/:workspaceSlug`: the dashboard, with 'Automate with workflows' (the workflow gallery without a
 *   form) beside 'Create form';
 * - `/home/forms[/:workspaceSlug]/new/:stage…`: the dashboard with the new-flow dialog open over it (spec 000 §2);
 * - `/home/zite[/:workspaceSlug]/new`: the dashboard with the 'Make a Zite' modal over it;
 * - `/home/starred`, `/home/recents`, `/home/trash`: the user's starred, recently viewed and trashed forms.
 * Every form has the star toggle and the flow menu (rename, duplicate, move to another workspace, close, trash;
 * restore and delete forever in the trash).
 */
import { useEffect } from 'react';
import { Button, Title } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { notifications } from '@mantine/notifications';
import { useMe } from '../features/auth/api/get-me';
import { useStarFlow } from '../features/flow-actions/api/flow-actions';
import { FlowActionsMenu } from '../features/flow-actions/components/flow-actions-menu';
import type { FlowListItem } from '../features/home/api/get-flows';
import { useWorkspaces } from '../features/home/api/get-workspaces';
import { StarButton } from '../features/home/components/flow-list';
import { FlowListPage, HomePage, type FlowRenderers } from '../features/home/components/home-page';
import { activeWorkspace } from '../features/home/model/active-workspace';
import { NewFlowDialog, servedStage } from '../features/home/components/new-flow-dialog';
import { limitedAccessTooltip } from '../features/home/components/workspace-nav';
import { LinkedInBanner } from '../features/auth/components/linkedin-banner';
import { MakeTemplateModal } from '../features/templates/components/make-template-modal';
import { TemplateGallery } from '../features/templates/components/template-gallery';
import { track } from '../lib/analytics';
import { MakeZiteModal } from '../features/home/components/quick-start';
import { useThemeName } from '../features/themes/api/themes';
import { ThemePicker } from '../features/themes/components/theme-picker';
import { AutomateWithWorkflowsButton } from '../features/workflows/gallery/automate-button';
import { useWorkflowGallery, type GalleryOrganization } from '../features/workflows/gallery/gallery-dialog';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import { IconChevronLeft } from '../ui/icons';

/** A form's star toggle: stars or unstars it for the signed-in user. */
function StarToggle({ flow }: { flow: FlowListItem }) {
  const star = useStarFlow();
  return (
    <StarButton
      flow={flow}
      pending={star.isPending}
      onToggle={(starred) =>
        star.mutate(
          { publicIdentifier: flow.publicIdentifier, starred },
          { onError: (error) => notifications.show({ color: 'red', title: 'Could not star', message: errorMessage(error) }) },
        )
      }
    />
  );
}

/** The star toggle and the flow menu of every home list. */
function useFlowRenderers(): FlowRenderers {
  const workspaces = useWorkspaces();
  const me = useMe().data?.user;
  const isAdmin = me?.isAdmin ?? false;
  return {
    renderFlowActions: (flow) => (
      <FlowActionsMenu
        flow={flow}
        withRename
        moveTargets={workspaces.data ?? []}
        userId={me?.id}
        renderMakeTemplate={isAdmin ? (onDone) => <MakeTemplateModal flow={flow} onClose={onDone} /> : undefined}
      />
    ),
    renderStar: (flow) => <StarToggle flow={flow} />,
  };
}

/** The dashboard page (inside the home layout). */
export function HomeRoute() {
  const { workspaceSlug } = useParams();
  const me = useMe();
  const renderers = useFlowRenderers();
  return (
    <HomePage
      firstName={me.data?.user.firstName ?? ''}
      userId={me.data?.user.id}
      isAdmin={me.data?.user.isAdmin ?? false}
      banner={workspaceSlug ? undefined : <LinkedInBanner />}
      features={me.data?.organizations[0]?.features}
      workspaceSlug={workspaceSlug}
      {...renderers}
      renderWorkspaceActions={(workspace) => <AutomateWithWorkflowsButton workspace={workspace} organization={me.data?.organizations[0] ?? null} />}
    />
  );
}

/** `/home/starred`. */
export function StarredRoute() {
  return <FlowListPage view="starred" userId={useMe().data?.user.id} {...useFlowRenderers()} />;
}

/** `/home/recents`. */
export function RecentsRoute() {
  return <FlowListPage view="recents" userId={useMe().data?.user.id} {...useFlowRenderers()} />;
}

/** `/home/trash`. */
export function TrashRoute() {
  return <FlowListPage view="trash" userId={useMe().data?.user.id} {...useFlowRenderers()} />;
}

/**
 * The new-flow dialog's Workflows tab (spec 000 §2, 001 §2): the workflow gallery, creating on one of the workspace's
 * forms or a new one; the gallery opens the editor itself once the workflow exists.
 */
function WorkflowsStage({
  workspace,
  organization,
  onEscapeBlocked,
}: {
  workspace: Workspace;
  organization: GalleryOrganization | null;
  onEscapeBlocked: (blocked: boolean) => void;
}) {
  const gallery = useWorkflowGallery({ organization, workspaceId: workspace.id, onDone: () => undefined });
  useEffect(() => {
    onEscapeBlocked(gallery.upsellOpen);
    return () => onEscapeBlocked(false);
  }, [gallery.upsellOpen, onEscapeBlocked]);
  return (
    <>
      <Title order={2} fz="h3">
        {gallery.title}
      </Title>
      {gallery.content}
      {gallery.upsell}
    </>
  );
}

/**
 * `/home/forms[/:workspaceSlug]/new/:stage…`: the dashboard with the new-flow dialog over it. A stage the app does
 * not serve, or the bare `/home/forms[/:workspaceSlug]`, opens 'choose'; a workspace the user does not have shows the
 * dashboard's 'Workspace not found' without the dialog.
 */
export function NewFlowRoute() {
  const params = useParams();
  // `/home/forms/new` is the entry without a slug (a slug starts with the workspace's id, so never 'new').
  const workspaceSlug = params.workspaceSlug === 'new' ? undefined : params.workspaceSlug;
  const stage = params.stage;
  const me = useMe();
  const workspaces = useWorkspaces();
  const served = servedStage(stage);
  const themeName = useThemeName();
  const navigate = useNavigate();
  if (!served) return <Navigate replace to={paths.newFlow.getHref({ workspaceSlug, stage: 'choose' })} />;
  const workspace = workspaces.data ? activeWorkspace(workspaces.data, workspaceSlug) : undefined;
  return (
    <>
      <HomeRoute />
      {workspace && (
        <NewFlowDialog
          workspace={workspace}
          workspaceSlug={workspaceSlug}
          stage={served}
          renderWorkflows={(props) => <WorkflowsStage {...props} organization={me.data?.organizations[0] ?? null} />}
          theme={params.theme}
          themeName={themeName}
          renderTemplates={({ workspace: target, selectedSlug, onSelect, onFromScratch, onBack }) => (
            <TemplateGallery
              workspaceId={target.id}
              blockedReason={target.accessLevel === 'write' ? null : limitedAccessTooltip(target.accessLevel)}
              selectedSlug={selectedSlug}
              onSelect={onSelect}
              onFromScratch={onFromScratch}
              onBack={onBack}
              onGoHome={() => navigate(paths.home.getHref())}
              canManage={me.data?.user.isAdmin ?? false}
              onCreated={(flow) => {
                track('flow_created', { type: flow.type, stage: 'template' });
                navigate(paths.editor.getHref(flow.publicIdentifier, 'edit'), { replace: true });
              }}
            />
          )}
          renderThemes={({ selected, onSelect, onBack, onContinue, onEscapeBlocked }) => (
            <ThemePicker
              selected={selected}
              onSelect={onSelect}
              confirmLabel={copy.themes.continue}
              onConfirm={onContinue}
              onModalOpen={onEscapeBlocked}
              secondary={
                <Button variant="subtle" leftSection={<IconChevronLeft size={16} />} onClick={onBack}>
                  {copy.newFlow.back}
                </Button>
              }
            />
          )}
        />
      )}
    </>
  );
}

/** `/home/zite[/:workspaceSlug]/new`: the dashboard with the 'Make a Zite' modal over it; closing returns to it. */
export function MakeZiteRoute() {
  const { workspaceSlug } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <HomeRoute />
      <MakeZiteModal onClose={() => navigate(workspaceSlug ? paths.workspace.getHref(workspaceSlug) : paths.home.getHref())} />
    </>
  );
}
