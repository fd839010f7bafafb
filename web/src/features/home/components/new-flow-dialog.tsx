/**
 * The new-flow dialog (spec 000 §2 "New-flow dialog", §4 "New-flow stage machine"), opened over the dashboard at
 * `/home/forms[/:workspaceSlug]/new/:stage…` (`paths.newFlow`), so Back, Forward and a reload keep the stage.
 *
 * - Product tabs on top (a select on narrow screens). Clicking one records `new_flow_product_selected` through
 *   `track()` and opens the product's first stage with a clean URL: stage, theme, service type and template reset.
 *   The products shown are those the app serves ({@link AVAILABLE_PRODUCTS}); scheduling, payments and PDF come
 *   with their services.
 * - 'choose': 'Choose how to get started' with the cards of what can be made now (Blank form, Template, Quiz).
 * - 'template' (`renderTemplates`): the template gallery; the previewed template's slug is the URL's `?template=`
 *   (a link opens it directly); 'Make form from scratch' opens the theme stage.
 * - 'choose_theme' (Blank form leads here when the route gives the stage, `renderThemes`): the theme gallery; the
 *   chosen theme's id is the URL's `{theme}` segment (a reload keeps it), 'Continue' opens 'blank' with it.
 * - 'blank' / 'quiz': the new form's name (and the theme of the URL, with 'Change'), then 'Create form' / 'Create
 *   quiz' → `POST /admin/flows` with the theme (a quiz starts from `quizStarterTemplate`: scoring on, one sample
 *   question) → the editor opens in edit mode at the first step.
 * - 'workflows': the workflow gallery (spec 001 §2) inline, given by the route (`renderWorkflows`); a workflow is
 *   made on one of the workspace's forms or a new one.
 * A stage the app does not serve yet (or an unknown one) opens 'choose'. The modal's width follows the stage's size
 * (`NEW_FLOW_MODAL_WIDTHS`); on a phone it fills the screen. Closing returns to the workspace's dashboard.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { canCreateIn } from '@formloom/contracts/rules/access';
import { blankFlowTemplate, quizStarterTemplate } from '@formloom/contracts/rules/flow-template';
import { defaultFlowName } from '@formloom/contracts/rules/flow-name';
import {
  firstStageOf,
  NEW_FLOW_MODAL_WIDTHS,
  NEW_FLOW_STAGES,
  type NewFlowProduct,
  type NewFlowStage,
} from '@formloom/contracts/rules/new-flow';
import { paths } from '../../../config/paths';
import { track } from '../../../lib/analytics';
import { errorMessage } from '../../../lib/api-client';
import { IconQuiz, IconTemplate } from '../../../ui/app-icons';
import { IconAlert, IconChevronLeft, IconForm } from '../../../ui/icons';
import { useCreateFlow } from '../api/create-flow';
import { limitedAccessTooltip } from './workspace-nav';
import classes from './new-flow.module.css';

/** The product tabs the app serves, in the spec's order (spec 000 §2); 'workflows' when the route gives its stage. */
const AVAILABLE_PRODUCTS: readonly NewFlowProduct[] = ['forms', 'workflows'];

/** The stages the app serves; any other stage of the URL opens 'choose'. */
export const AVAILABLE_STAGES: readonly NewFlowStage[] = ['choose', 'choose_theme', 'blank', 'quiz', 'template', 'workflows'];

/** Props of {@link NewFlowDialog}. */
export interface NewFlowDialogProps {
  /** The workspace the new flow goes in (the URL's slug, else the dashboard's first). */
  workspace: Workspace;
  /** The URL's workspace slug, kept in the dialog's links (none on `/home/forms/new/…`). */
  workspaceSlug?: string;
  /** The URL's stage, already checked against {@link AVAILABLE_STAGES}. */
  stage: NewFlowStage;
  /**
   * The 'workflows' stage's content (the workflow gallery, composed by the route: features do not import each
   * other). `onEscapeBlocked(true)` while a modal of its own is open over the dialog. Without it, no Workflows tab.
   */
  renderWorkflows?: (props: { workspace: Workspace; onEscapeBlocked: (blocked: boolean) => void }) => ReactNode;
  /** The URL's `{theme}` segment: the theme chosen at 'choose_theme' (a featured id or a theme's public id). */
  theme?: string;
  /**
   * The 'choose_theme' stage's content (the theme picker, composed by the route), with the chosen theme, and where
   * Back and Continue go. Without it, Blank form goes straight to 'blank'.
   */
  renderThemes?: (props: {
    selected: string | null;
    onSelect: (theme: string) => void;
    onBack: () => void;
    onContinue: (theme: string) => void;
    onEscapeBlocked: (blocked: boolean) => void;
  }) => ReactNode;
  /** The name of theme `id` (for the name stage's 'Theme' line), given by the route. */
  themeName?: (id: string) => string | undefined;
  /**
   * The 'template' stage's content (the template gallery, composed by the route), with the previewed template's slug
   * (the URL's `?template=`), how to open another or go back to the gallery, 'Make form from scratch' and 'Back'.
   * Without it, no Template card.
   */
  renderTemplates?: (props: {
    workspace: Workspace;
    selectedSlug: string | null;
    onSelect: (slug: string | null) => void;
    onFromScratch: () => void;
    onBack: () => void;
  }) => ReactNode;
}

/** The query parameter of the 'template' stage naming the template being previewed (its slug). */
export const TEMPLATE_PARAM = 'template';

/** The new-flow dialog (see the module doc). */
export function NewFlowDialog({ workspace, workspaceSlug, stage, renderWorkflows, theme, renderThemes, themeName, renderTemplates }: NewFlowDialogProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const compact = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const [escapeBlocked, setEscapeBlocked] = useState(false);
  const { size, section } = NEW_FLOW_STAGES[stage];
  const hrefOf = (next: NewFlowStage, nextTheme?: string) => paths.newFlow.getHref({ workspaceSlug, stage: next, theme: nextTheme });

  function close() {
    navigate(workspaceSlug ? paths.workspace.getHref(workspaceSlug) : paths.home.getHref());
  }

  function selectProduct(product: NewFlowProduct) {
    track('new_flow_product_selected', { product, from_stage: stage });
    navigate(hrefOf(firstStageOf(product)));
  }

  const products = AVAILABLE_PRODUCTS.filter((product) => product !== 'workflows' || renderWorkflows);
  const productLabels = products.map((product) => ({ value: product, label: copy.newFlow.products[product] }));
  const header = narrow ? (
    <Select
      label={copy.newFlow.productLabel}
      data={productLabels}
      value={section}
      onChange={(value) => value && value !== section && selectProduct(value as NewFlowProduct)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="new-flow-product-select"
    />
  ) : (
    <Tabs value={section} onChange={(value) => value && value !== section && selectProduct(value as NewFlowProduct)}>
      <Tabs.List aria-label={copy.newFlow.productLabel}>
        {productLabels.map(({ value, label }) => (
          <Tabs.Tab key={value} value={value} data-testid={`new-flow-product-${value}`}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );

  let body: ReactNode;
  if (stage === 'blank' || stage === 'quiz') {
    body = (
      <NameStage
        kind={stage}
        workspace={workspace}
        theme={theme}
        themeLabel={theme ? themeName?.(theme) : undefined}
        onChangeTheme={renderThemes && stage === 'blank' ? () => navigate(hrefOf('choose_theme', theme)) : undefined}
        onBack={() => navigate(stage === 'blank' && renderThemes ? hrefOf('choose_theme', theme) : hrefOf('choose'))}
      />
    );
  } else if (stage === 'choose_theme' && renderThemes) {
    body = (
      <Stack gap="md" py="xs">
        <div>
          <Title order={2} fz="h3">
            {copy.themes.chooseTitle}
          </Title>
          <Text c="dimmed" fz="sm">
            {copy.themes.chooseSubtitle}
          </Text>
        </div>
        {renderThemes({
          selected: theme ?? null,
          onSelect: (next) => navigate(hrefOf('choose_theme', next), { replace: true }),
          onBack: () => navigate(hrefOf('choose')),
          onContinue: (next) => navigate(hrefOf('blank', next)),
          onEscapeBlocked: setEscapeBlocked,
        })}
      </Stack>
    );
  } else if (stage === 'template' && renderTemplates) {
    body = renderTemplates({
      workspace,
      selectedSlug: searchParams.get(TEMPLATE_PARAM),
      onSelect: (slug) => navigate(slug ? `${hrefOf('template')}?${new URLSearchParams({ [TEMPLATE_PARAM]: slug })}` : hrefOf('template')),
      onFromScratch: () => navigate(hrefOf(renderThemes ? 'choose_theme' : 'blank')),
      onBack: () => navigate(hrefOf('choose')),
    });
  } else if (stage === 'workflows' && renderWorkflows) {
    body = (
      <Stack gap="md" py="xs">
        {canCreateIn(workspace.accessLevel) ? (
          renderWorkflows({ workspace, onEscapeBlocked: setEscapeBlocked })
        ) : (
          <Alert color="orange" variant="light" icon={<IconAlert />}>
            {limitedAccessTooltip(workspace.accessLevel)}
          </Alert>
        )}
      </Stack>
    );
  } else {
    body = (
      <ChooseStage
        withTemplates={renderTemplates !== undefined}
        onChoose={(next) => navigate(hrefOf(next === 'blank' && renderThemes ? 'choose_theme' : next))}
      />
    );
  }

  return (
    <Modal
      opened
      onClose={close}
      size={NEW_FLOW_MODAL_WIDTHS[size]}
      fullScreen={compact}
      centered
      closeOnEscape={!escapeBlocked}
      closeButtonProps={{ 'aria-label': copy.newFlow.close }}
      title={header}
      classNames={{ title: classes.header }}
      data-testid="new-flow-dialog"
      data-stage={stage}
    >
      {body}
    </Modal>
  );
}

/** A card of the 'choose' stage. */
function ChoiceCard({ icon, title, description, onClick, testId }: { icon: ReactNode; title: string; description: string; onClick: () => void; testId: string }) {
  return (
    <UnstyledButton className={classes.cardButton} onClick={onClick} data-testid={testId}>
      <Card withBorder padding="lg" radius="md" className={classes.card}>
        <Stack gap="sm">
          <span className={classes.cardIcon} aria-hidden>
            {icon}
          </span>
          <Text fw={600}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** 'choose' (spec 000 §2): 'Choose how to get started' with a card per way to start. */
function ChooseStage({ onChoose, withTemplates }: { onChoose: (stage: NewFlowStage) => void; withTemplates: boolean }) {
  const { cards } = copy.newFlow;
  return (
    <Stack gap="lg" py="xs">
      <Title order={2} fz="h3">
        {copy.newFlow.chooseTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <ChoiceCard icon={<IconForm size={22} />} title={cards.blank.title} description={cards.blank.description} onClick={() => onChoose('blank')} testId="new-flow-card-blank" />
        {withTemplates && (
          <ChoiceCard
            icon={<IconTemplate size={22} />}
            title={copy.templates.card.title}
            description={copy.templates.card.description}
            onClick={() => onChoose('template')}
            testId="new-flow-card-template"
          />
        )}
        <ChoiceCard icon={<IconQuiz size={22} />} title={cards.quiz.title} description={cards.quiz.description} onClick={() => onChoose('quiz')} testId="new-flow-card-quiz" />
      </SimpleGrid>
    </Stack>
  );
}

/** 'blank' and 'quiz': the new form's name and its creation; the editor opens on success. */
function NameStage({
  kind,
  workspace,
  theme,
  themeLabel,
  onChangeTheme,
  onBack,
}: {
  kind: 'blank' | 'quiz';
  workspace: Workspace;
  theme?: string;
  themeLabel?: string;
  onChangeTheme?: () => void;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const createFlow = useCreateFlow();
  const quiz = kind === 'quiz';
  const [name, setName] = useState<string>(defaultFlowName(quiz ? 'quiz' : 'form'));
  const canCreate = canCreateIn(workspace.accessLevel);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canCreate || createFlow.isPending) return;
    createFlow.mutate(
      {
        name: name.trim() || defaultFlowName(quiz ? 'quiz' : 'form'),
        workspaceId: workspace.id,
        type: quiz ? 'quiz' : 'form',
        flowTemplate: quiz ? quizStarterTemplate() : blankFlowTemplate(),
        theme: theme ?? null,
      },
      {
        onSuccess: (flow) => {
          track('flow_created', { type: flow.type, stage: kind });
          navigate(paths.editor.getHref(flow.publicIdentifier, 'edit'), { replace: true });
        },
        onError: (error) => notifications.show({ color: 'red', title: copy.flows.hadTroubleCreatingForm, message: errorMessage(error) }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" py="xs">
        <Title order={2} fz="h3">
          {quiz ? copy.newFlow.quizTitle : copy.newFlow.blankTitle}
        </Title>
        {!canCreate && (
          <Alert color="orange" variant="light" icon={<IconAlert />} data-testid="new-flow-limited">
            {limitedAccessTooltip(workspace.accessLevel)}
          </Alert>
        )}
        <TextInput
          label={copy.newFlow.nameLabel}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onFocus={(event) => event.currentTarget.select()}
          data-autofocus
          disabled={!canCreate}
          data-testid="new-flow-name"
        />
        {themeLabel && (
          <Group gap="xs" data-testid="new-flow-theme">
            <Text fz="sm" c="dimmed">
              {copy.themes.design.title}:
            </Text>
            <Text fz="sm" fw={600}>
              {themeLabel}
            </Text>
            {onChangeTheme && (
              <Button variant="subtle" size="compact-sm" onClick={onChangeTheme}>
                {copy.themes.design.change}
              </Button>
            )}
          </Group>
        )}
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconChevronLeft size={16} />} onClick={onBack}>
            {copy.newFlow.back}
          </Button>
          <Button type="submit" loading={createFlow.isPending} disabled={!canCreate} data-testid="new-flow-create">
            {quiz ? copy.newFlow.createQuiz : copy.newFlow.createForm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The stage to show for the URL's `stage` segment: itself when the app serves it, else `null` (the route then
 * opens 'choose').
 */
export function servedStage(stage: string | undefined): NewFlowStage | null {
  return stage !== undefined && (AVAILABLE_STAGES as readonly string[]).includes(stage) ? (stage as NewFlowStage) : null;
}
