/**
 * The template gallery and creation dialog (spec 001 §2 "Template gallery and creation dialog", §4 "Workflow
 * creation from a template", §6, §9). Three steps in one Mantine modal:
 *
 * 1. the gallery: the categories (Notifications, Approvals, Scheduling, Conversion kit, AI — AI hidden for the
 *    `EU_AGENT` data region) with their templates (`GALLERY_CATALOGUE`). The Conversion kit category carries the
 *    'Add-on' badge, opening the upsell modal, while the organization lacks the add-on (its templates open the upsell
 *    too); with it, 'You have Conversion Kit access';
 * 2. the preview of the chosen template: its trigger and steps in order with their icons, and 'Create workflow'
 *    (disabled, with the spec's text, at the workflow maximum; for an anonymous user 'Sign up to create a workflow',
 *    which opens sign-up);
 * 3. without a given form, 'Create workflow' asks for one (with Back): the workspace's forms and the `new_form`
 *    placeholder ('New form'); the button is disabled until one is chosen.
 *
 * Creating calls `POST /admin/workflows {galleryTemplate, flowPublicIdentifier[, workspaceId]}` and opens the editor
 * on the new workflow, `/editor/{flowId}/workflows-edit/{workflowId}#workflows`. A 409 shows the maximum's text, a
 * 401 sends the user to sign up.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useLocation, useNavigate } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { NEW_FORM_PLACEHOLDER } from '@formloom/contracts/limits';
import type { WorkflowGalleryTemplate } from '@formloom/contracts/workflow-templates';
import {
  galleryTemplatesOf,
  visibleGalleryCategories,
  type GalleryCategory,
  type GalleryTemplateEntry,
} from '@formloom/contracts/workflows/gallery/catalogue';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { IconAlert, IconCheck, IconChevronLeft } from '../../../ui/icons';
import { useWorkspaceForms } from '../api/get-forms';
import { useCreateGalleryWorkflow } from '../api/mutations';
import { ConversionKitUpsell } from './conversion-kit-upsell';
import { nodeLook, StepIcon, StepOutline, triggerLook } from './step-icons';
import classes from './gallery.module.css';

/** What the dialog needs of the signed-in user's organization (`GET /auth/me`). */
export interface GalleryOrganization {
  /** The Conversion Kit add-on (spec 001 §6). */
  hasConversionKit: boolean;
  /** `EU_AGENT` hides the AI category (spec 001 §2); `null` the default region. */
  dataRegion: string | null;
}

/** Props of {@link WorkflowGalleryDialog}. */
export interface WorkflowGalleryDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The signed-in user's organization; `null` for an anonymous visitor (sent to sign-up to create). */
  organization: GalleryOrganization | null;
  /** The form the workflow goes on; without it the dialog asks to choose one of `workspaceId`'s forms. */
  flowPublicIdentifier?: string;
  /** The workspace of the form chooser and of a new form (`new_form`). */
  workspaceId?: number;
  /** The given form already has the maximum number of workflows: creation is disabled (spec 001 §2, §8). */
  atMaximum?: boolean;
}

type Step = { kind: 'gallery' } | { kind: 'preview'; template: GalleryTemplateEntry } | { kind: 'chooseForm'; template: GalleryTemplateEntry };

/** What {@link useWorkflowGallery} needs: the dialog's props without its open state. */
export type WorkflowGalleryOptions = Omit<WorkflowGalleryDialogProps, 'opened' | 'onClose'> & {
  /** Called when a workflow was created (the editor is opening) — the host closes. */
  onDone: () => void;
};

/** The gallery's current step, ready for a host to frame: a modal ({@link WorkflowGalleryDialog}) or the new-flow dialog's Workflows tab. */
export interface WorkflowGalleryView {
  /** The step's title: 'Workflow templates' in the gallery, the template's name after. */
  title: string;
  /** The gallery is wider than the preview and the form chooser. */
  wide: boolean;
  /** The step's content. */
  content: ReactNode;
  /** The Conversion Kit upsell modal, to render beside the frame. */
  upsell: ReactNode;
  /** The upsell is open (the frame should not close on Escape then). */
  upsellOpen: boolean;
  /** Back to the gallery's first step. */
  reset: () => void;
}

/** The gallery's steps and state (see the module doc), for a host to frame. */
export function useWorkflowGallery(options: WorkflowGalleryOptions): WorkflowGalleryView {
  const { organization, onDone } = options;
  const props: WorkflowGalleryDialogProps = { ...options, opened: true, onClose: onDone };
  const [step, setStep] = useState<Step>({ kind: 'gallery' });
  const [category, setCategory] = useState<GalleryCategory>('notifications');
  const [upsellOpen, setUpsellOpen] = useState(false);

  function done() {
    onDone();
    setStep({ kind: 'gallery' });
  }

  const hasAddOn = organization?.hasConversionKit ?? false;
  function choose(template: GalleryTemplateEntry) {
    if (template.category === 'conversionKit' && !hasAddOn) setUpsellOpen(true);
    else setStep({ kind: 'preview', template });
  }

  const content = (
    <>
      {step.kind === 'gallery' && (
        <GalleryStep
          organization={organization}
          category={category}
          onCategory={setCategory}
          onChoose={choose}
          onUpsell={() => setUpsellOpen(true)}
        />
      )}
      {step.kind === 'preview' && (
        <PreviewStep {...props} template={step.template} onBack={() => setStep({ kind: 'gallery' })} onChooseForm={() => setStep({ kind: 'chooseForm', template: step.template })} onCreated={done} />
      )}
      {step.kind === 'chooseForm' && (
        <ChooseFormStep {...props} template={step.template} onBack={() => setStep({ kind: 'preview', template: step.template })} onCreated={done} />
      )}
    </>
  );
  return {
    title: step.kind === 'gallery' ? copy.workflowGallery.galleryTitle : copy.galleryTitles[step.template.id],
    wide: step.kind === 'gallery',
    content,
    upsell: <ConversionKitUpsell opened={upsellOpen} onClose={() => setUpsellOpen(false)} />,
    upsellOpen,
    reset: () => setStep({ kind: 'gallery' }),
  };
}

/** The gallery and creation dialog (see the module doc). */
export function WorkflowGalleryDialog(props: WorkflowGalleryDialogProps) {
  const { opened, onClose } = props;
  const gallery = useWorkflowGallery({ ...props, onDone: onClose });
  const compact = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;

  function close() {
    onClose();
    gallery.reset();
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={<Text fw={700} fz="lg">{gallery.title}</Text>}
        size={gallery.wide ? 880 : 'lg'}
        fullScreen={compact}
        centered
        closeOnEscape={!gallery.upsellOpen}
        data-testid="workflow-gallery"
      >
        {gallery.content}
      </Modal>
      {gallery.upsell}
    </>
  );
}

function GalleryStep({
  organization,
  category,
  onCategory,
  onChoose,
  onUpsell,
}: {
  organization: GalleryOrganization | null;
  category: GalleryCategory;
  onCategory: (category: GalleryCategory) => void;
  onChoose: (template: GalleryTemplateEntry) => void;
  onUpsell: () => void;
}) {
  const categories = visibleGalleryCategories(organization?.dataRegion);
  const active = categories.includes(category) ? category : categories[0]!;
  const hasAddOn = organization?.hasConversionKit ?? false;
  return (
    <Tabs value={active} onChange={(value) => value && onCategory(value as GalleryCategory)} keepMounted={false}>
      <Tabs.List>
        {categories.map((id) => (
          <Tabs.Tab
            key={id}
            value={id}
            data-testid={`gallery-category-${id}`}
            rightSection={
              id === 'conversionKit' && !hasAddOn ? (
                <Badge size="xs" variant="light" color="violet" aria-hidden>
                  {copy.workflowGallery.addOn}
                </Badge>
              ) : undefined
            }
          >
            {copy.workflowGallery.categories[id]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {categories.map((id) => (
        <Tabs.Panel key={id} value={id} pt="md">
          <Stack gap="md">
            {id === 'conversionKit' &&
              (hasAddOn ? (
                <Alert color="green" variant="light" icon={<IconCheck />} data-testid="conversion-kit-access">
                  {copy.workflowGallery.hasAccess}
                </Alert>
              ) : (
                <Group gap="xs">
                  <Badge
                    component="button"
                    type="button"
                    variant="filled"
                    color="violet"
                    className={classes.addOnBadge}
                    onClick={onUpsell}
                    data-testid="conversion-kit-add-on"
                  >
                    {copy.workflowGallery.addOn}
                  </Badge>
                  <Text fz="sm" c="dimmed">
                    {copy.workflowGallery.upsellText}
                  </Text>
                </Group>
              ))}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {galleryTemplatesOf(id).map((template) => (
                <TemplateCard key={template.id} template={template} onChoose={() => onChoose(template)} />
              ))}
            </SimpleGrid>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function TemplateCard({ template, onChoose }: { template: GalleryTemplateEntry; onChoose: () => void }) {
  const trigger = triggerLook(template.trigger);
  return (
    <UnstyledButton onClick={onChoose} data-testid={`gallery-template-${template.id}`} className={classes.templateButton}>
      <Card withBorder padding="md" radius="md" h="100%" className={classes.templateCard}>
        <Stack gap="xs">
          <Group gap={6} wrap="nowrap" aria-hidden>
            <StepIcon look={trigger} size={28} />
            {template.steps.map((type, index) => (
              <StepIcon key={`${type}-${index}`} look={nodeLook(type)} size={28} />
            ))}
          </Group>
          <Text fw={600}>{copy.galleryTitles[template.id]}</Text>
          <Text fz="sm" c="dimmed">
            {copy.workflowGallery.descriptions[template.id]}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** The creation call and where it leads; shared by the preview and the form chooser. */
function useCreate(props: WorkflowGalleryDialogProps, onCreated: () => void) {
  const create = useCreateGalleryWorkflow();
  const navigate = useNavigate();
  const location = useLocation();
  const [atMaximum, setAtMaximum] = useState(false);

  function signUp() {
    void navigate(paths.signup.getHref(`${location.pathname}${location.search}`));
  }

  function run(galleryTemplate: WorkflowGalleryTemplate, flowPublicIdentifier: string) {
    if (!props.organization) {
      signUp();
      return;
    }
    const workspaceId = flowPublicIdentifier === NEW_FORM_PLACEHOLDER ? props.workspaceId : undefined;
    create.mutate(
      { galleryTemplate, flowPublicIdentifier, ...(workspaceId === undefined ? {} : { workspaceId }) },
      {
        onSuccess: (workflow) => {
          onCreated();
          void navigate(paths.workflowCanvas.getHref(workflow.flowPublicIdentifier ?? flowPublicIdentifier, workflow.id));
        },
        onError: (error) => {
          if (isApiError(error, 401)) signUp();
          else if (isApiError(error, 409)) setAtMaximum(true);
          else notifications.show({ color: 'red', title: copy.workflows.createFailed, message: errorMessage(error) });
        },
      },
    );
  }
  return { run, pending: create.isPending, atMaximum };
}

/** 'Create workflow', or for an anonymous visitor 'Sign up to create a workflow'. */
function createLabel(organization: GalleryOrganization | null): string {
  return organization ? copy.workflowGallery.createWorkflow : copy.workflows.signUpToCreate;
}

function MaximumNotice() {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlert />} data-testid="workflow-maximum">
      {copy.workflows.maxWorkflows}
    </Alert>
  );
}

function PreviewStep(
  props: WorkflowGalleryDialogProps & { template: GalleryTemplateEntry; onBack: () => void; onChooseForm: () => void; onCreated: () => void },
) {
  const { template, onBack, onChooseForm, onCreated, flowPublicIdentifier, organization } = props;
  const create = useCreate(props, onCreated);
  const atMaximum = (props.atMaximum ?? false) || create.atMaximum;

  function next() {
    if (flowPublicIdentifier) create.run(template.id, flowPublicIdentifier);
    else if (!organization) create.run(template.id, '');
    else onChooseForm();
  }

  return (
    <Stack gap="md" data-testid="template-preview">
      <Text c="dimmed" fz="sm">
        {copy.workflowGallery.descriptions[template.id]}
      </Text>
      <Card withBorder radius="md" padding="md">
        <Title order={3} fz="sm" mb="xs">
          {copy.workflowGallery.previewTitle}
        </Title>
        <StepOutline trigger={template.trigger} steps={template.steps} />
      </Card>
      {atMaximum && flowPublicIdentifier && <MaximumNotice />}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={onBack}>
          {copy.workflowGallery.back}
        </Button>
        <Button onClick={next} loading={create.pending} disabled={atMaximum && Boolean(flowPublicIdentifier)}>
          {createLabel(organization)}
        </Button>
      </Group>
    </Stack>
  );
}

function ChooseFormStep(props: WorkflowGalleryDialogProps & { template: GalleryTemplateEntry; onBack: () => void; onCreated: () => void }) {
  const { template, onBack, onCreated, workspaceId, organization } = props;
  const [chosen, setChosen] = useState<string | null>(null);
  const forms = useWorkspaceForms(workspaceId ?? 0, workspaceId !== undefined);
  const create = useCreate(props, onCreated);
  const options = [
    ...(workspaceId !== undefined ? [{ value: NEW_FORM_PLACEHOLDER, label: copy.workflowGallery.newForm }] : []),
    ...(forms.data ?? []).map((flow) => ({ value: flow.publicIdentifier, label: flow.name })),
  ];

  return (
    <Stack gap="md" data-testid="choose-form">
      <Select
        label={copy.workflowGallery.chooseForm}
        placeholder={copy.workflowGallery.chooseFormPlaceholder}
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        nothingFoundMessage="—"
        comboboxProps={{ withinPortal: true, zIndex: 500 }}
        disabled={forms.isPending && workspaceId !== undefined}
      />
      {create.atMaximum && <MaximumNotice />}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={onBack}>
          {copy.workflowGallery.back}
        </Button>
        <Button onClick={() => chosen && create.run(template.id, chosen)} loading={create.pending} disabled={!chosen || create.atMaximum}>
          {createLabel(organization)}
        </Button>
      </Group>
    </Stack>
  );
}
