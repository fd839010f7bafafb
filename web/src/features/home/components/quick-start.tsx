/**
 * The home page's 'Quick start' (spec 000 §2): App (websites, portals), Form (forms, scheduling) and — when the
 * organization's feature flag allows — Database (no-code tables). Form opens the new-flow dialog for the shown
 * workspace; a type whose product does not exist yet shows the toast 'Coming soon: {type}' (spec 000 §8). The 'Make a
 * Zite' modal ({@link MakeZiteModal}, `/home/zite[/:slug]/new`) says the same about apps.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { canCreateIn } from '@formloom/contracts/rules/access';
import { paths } from '../../../config/paths';
import { track } from '../../../lib/analytics';
import { IconDatabase, IconForm, IconSparkles } from '../../../ui/icons';
import { limitedAccessTooltip } from './workspace-nav';
import classes from './home.module.css';

/** A Quick start type (spec 000 §2). */
type QuickStartType = keyof typeof copy.home.quickStartTypes;

/** Shows 'Coming soon: {type}' (spec 000 §2, §8) and records the interest. */
function comingSoon(type: QuickStartType): void {
  track('quick_start_selected', { type, available: false });
  notifications.show({ message: copy.toasts.comingSoon(copy.home.quickStartTypes[type].title), color: 'brand' });
}

/** One Quick start card: its icon, type and description; a button. */
function QuickStartCard({ type, icon, onClick, disabled = false }: { type: QuickStartType; icon: ReactNode; onClick: () => void; disabled?: boolean }) {
  const { title, description } = copy.home.quickStartTypes[type];
  return (
    <UnstyledButton className={classes.quickStartButton} onClick={onClick} disabled={disabled} data-testid={`quick-start-${type}`}>
      <Card withBorder padding="sm" radius="md" className={classes.quickStartCard}>
        <Group gap="sm" wrap="nowrap">
          <span className={classes.quickStartIcon} aria-hidden>
            {icon}
          </span>
          <Stack gap={0} miw={0}>
            <Text fw={650}>{title}</Text>
            <Text fz="sm" c="dimmed" truncate>
              {description}
            </Text>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** Props of {@link QuickStart}. */
export interface QuickStartProps {
  /** The workspace a new form goes in (the dashboard's). */
  workspace: Workspace;
  /** The Database type is shown (the organization's feature flag). Default false. */
  withDatabase?: boolean;
}

/** The 'Quick start' section (see the module doc). */
export function QuickStart({ workspace, withDatabase = false }: QuickStartProps) {
  const navigate = useNavigate();
  const canCreate = canCreateIn(workspace.accessLevel);
  const form = (
    <QuickStartCard
      type="form"
      icon={<IconForm size={20} />}
      disabled={!canCreate}
      onClick={() => {
        track('quick_start_selected', { type: 'form', available: true });
        navigate(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose' }));
      }}
    />
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="quick-start-title" data-testid="quick-start">
      <Title order={2} fz="md" id="quick-start-title">
        {copy.home.quickStart}
      </Title>
      <SimpleGrid cols={withDatabase ? { base: 1, xs: 3 } : { base: 2, md: 3 }} spacing="sm">
        <QuickStartCard type="app" icon={<IconSparkles size={20} />} onClick={() => comingSoon('app')} />
        {canCreate ? form : <Tooltip label={limitedAccessTooltip(workspace.accessLevel)}><div className={classes.quickStartTooltipTarget}>{form}</div></Tooltip>}
        {withDatabase && <QuickStartCard type="database" icon={<IconDatabase size={20} />} onClick={() => comingSoon('database')} />}
      </SimpleGrid>
    </Stack>
  );
}

/** The 'Make a Zite' modal (spec 000 §2): what Zite is, and that it is coming soon. `onClose` leaves it. */
export function MakeZiteModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={<Text fw={700} fz="lg">{copy.home.makeZite}</Text>} centered data-testid="make-zite">
      <Stack gap="md">
        <Text>{copy.home.ziteIntro}</Text>
        <Alert color="brand" variant="light" icon={<IconSparkles />}>
          {copy.toasts.comingSoon(copy.home.quickStartTypes.app.title)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {copy.newFlow.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
