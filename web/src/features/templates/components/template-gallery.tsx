/**
 * The new-flow dialog's 'template' stage (spec 000 §2 "template"): a search box; the category list ('Most popular',
 * 'All templates', the organization's own, then the categories by label, each with its count — a select on narrow
 * screens); the grid of the chosen category's templates (or of the search's matches); and a template's preview with
 * its page pictures and 'Use this template'. Empty states 'No templates yet' / "No templates matching '…'" offer
 * 'Make form from scratch'. The preview is opened by the template's slug (`?template={slug}` in the dialog's URL,
 * `selectedSlug`), so a link opens it directly (spec 000 §2 "A template can be opened directly by slug"); a slug
 * that names no usable template shows 'Template not found. Contact support if this persists.' with 'Go home'. An
 * admin may remove the organization's own templates from their preview ('Remove template', confirmed).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import type { CloneableTemplate, TemplatePageImage } from '@formloom/contracts/entities/cloneable-template';
import type { Flow } from '@formloom/contracts/entities/flow';
import * as copy from '@formloom/contracts/copy';
import { errorMessage } from '../../../lib/api-client';
import { IconSearch } from '../../../ui/app-icons';
import { IconAlert, IconChevronLeft } from '../../../ui/icons';
import { countView, useCloneableTemplates, useDeleteCloneableTemplate, useLiveForm, useMakeFormFromTemplate, useTemplateBySlug, type LiveForm } from '../api/templates';
import { galleryCategories, searchTemplates, templatesOf, type GallerySection } from '../model/gallery';
import { LivePage } from './live-page';
import classes from './templates.module.css';

/** Props of {@link TemplateGallery}. */
export interface TemplateGalleryProps {
  /** The workspace the new form goes in. */
  workspaceId: number;
  /** Why the caller cannot make a form there (a read-only workspace), shown instead of creating; null: they can. */
  blockedReason: string | null;
  /** The slug of the template being previewed (the URL's), or null for the gallery. */
  selectedSlug: string | null;
  /** Opens a template's preview (`slug`) or goes back to the gallery (`null`). */
  onSelect: (slug: string | null) => void;
  /** 'Make form from scratch' (the empty states). */
  onFromScratch: () => void;
  /** 'Back' (the stage before). */
  onBack: () => void;
  /** 'Go home' (a slug that names no template). */
  onGoHome: () => void;
  /** A form was made from a template: open it. */
  onCreated: (flow: Flow) => void;
  /** The caller is an admin: the organization's own templates offer 'Remove template'. */
  canManage?: boolean;
}

/** The 'template' stage (see the module doc). */
export function TemplateGallery(props: TemplateGalleryProps) {
  const { selectedSlug } = props;
  const templates = useCloneableTemplates();
  const listed = selectedSlug ? templates.data?.find((template) => template.slug === selectedSlug) : undefined;
  // A slug not in the gallery may still be usable (another organization's public template): ask for it.
  const bySlug = useTemplateBySlug(selectedSlug && templates.isSuccess && !listed ? selectedSlug : null);

  if (templates.isPending || (selectedSlug && !listed && bySlug.isPending && bySlug.fetchStatus !== 'idle')) {
    return (
      <Center mih={320}>
        <Loader aria-label="Loading templates" />
      </Center>
    );
  }
  if (templates.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlert />}>
        {errorMessage(templates.error)}
      </Alert>
    );
  }
  if (selectedSlug) {
    const template = listed ?? bySlug.data;
    if (!template) {
      return (
        <Stack align="center" gap="md" py="xl" data-testid="template-not-found">
          <Text fw={600}>{copy.templates.notFound}</Text>
          <Button onClick={props.onGoHome}>{copy.flows.goHome}</Button>
        </Stack>
      );
    }
    return <TemplatePreview key={template.id} template={template} {...props} />;
  }
  return <GalleryGrid templates={templates.data} {...props} />;
}

/** The search, the categories and the grid. */
function GalleryGrid({ templates, onSelect, onFromScratch, onBack }: TemplateGalleryProps & { templates: CloneableTemplate[] }) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const [search, setSearch] = useState('');
  const [section, setSection] = useState<GallerySection>('popular');
  const categories = useMemo(() => galleryCategories(templates), [templates]);
  const searching = search.trim() !== '';
  const shown = searching ? searchTemplates(templates, search) : templatesOf(templates, section);

  let grid: ReactNode;
  if (templates.length === 0 || shown.length === 0) {
    grid = (
      <Stack align="center" gap="sm" py="xl" data-testid="templates-empty">
        <Text fw={600}>{templates.length === 0 ? copy.templates.noTemplates : copy.templates.noTemplatesMatching(search.trim())}</Text>
        <Button variant="light" onClick={onFromScratch} data-testid="templates-from-scratch">
          {copy.templates.makeFromScratch}
        </Button>
      </Stack>
    );
  } else {
    grid = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="templates-grid">
        {shown.map((template) => (
          <TemplateCard key={template.id} template={template} onOpen={() => onSelect(template.slug)} />
        ))}
      </SimpleGrid>
    );
  }

  const current = categories.find((category) => category.section === section);
  return (
    <Stack gap="md" py="xs">
      <Group justify="space-between" align="end" gap="sm">
        <Title order={2} fz="h3">
          {copy.templates.title}
        </Title>
        <TextInput
          aria-label={copy.templates.searchLabel}
          placeholder={copy.templates.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
          data-autofocus
          data-testid="templates-search"
        />
      </Group>
      <div className={classes.layout}>
        {narrow ? (
          <Select
            label={copy.templates.categoriesLabel}
            data={categories.map((category) => ({ value: category.section, label: `${category.label} (${category.count})` }))}
            value={section}
            onChange={(value) => value && setSection(value as GallerySection)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="templates-category-select"
          />
        ) : (
          <nav aria-label={copy.templates.categoriesLabel} className={classes.categories} data-testid="templates-categories">
            <Stack gap={2}>
              {categories.map((category) => (
                <UnstyledButton
                  key={category.section}
                  className={classes.categoryButton}
                  aria-current={!searching && category.section === section}
                  onClick={() => {
                    setSection(category.section);
                    setSearch('');
                  }}
                  data-testid={`templates-category-${category.section}`}
                >
                  <span>{category.label}</span>
                  <Text span fz="xs" c="dimmed">
                    {category.count}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </nav>
        )}
        <Stack gap="sm">
          <Text fw={600} fz="sm" c="dimmed" aria-live="polite">
            {searching ? copy.templates.searchResults(search.trim(), shown.length) : current?.label}
          </Text>
          {grid}
        </Stack>
      </div>
      <Group>
        <Button variant="subtle" leftSection={<IconChevronLeft size={16} />} onClick={onBack}>
          {copy.newFlow.back}
        </Button>
      </Group>
    </Stack>
  );
}

/** A template's card: its first page's picture, name, description and what it holds. */
function TemplateCard({ template, onOpen }: { template: CloneableTemplate; onOpen: () => void }) {
  const first = template.pageImages[0];
  return (
    <UnstyledButton className={classes.cardButton} onClick={onOpen} data-testid={`template-card-${template.slug}`} aria-label={template.name}>
      <Card withBorder padding="sm" radius="md" className={classes.card}>
        <Stack gap="xs">
          {first && <PagePicture template={template} page={first} size="card" />}
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text fw={600} fz="sm" truncate>
              {template.name}
            </Text>
            <TemplateBadges template={template} />
          </Group>
          <Text fz="xs" c="dimmed" className={classes.description}>
            {template.description || copy.templates.questionsCount(template.questionCount)}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

function TemplateBadges({ template }: { template: CloneableTemplate }) {
  return (
    <Group gap={4} wrap="nowrap">
      {template.type === 'quiz' && (
        <Badge size="xs" variant="light">
          {copy.templates.quizBadge}
        </Badge>
      )}
      {template.source === 'organization' && (
        <Badge size="xs" variant="light" color="grape">
          {copy.templates.privateBadge}
        </Badge>
      )}
    </Group>
  );
}

/**
 * A page of a template: its rendered picture at the size the layout needs (`card`: 440 or 660 px wide; `large`: 660
 * or 1000 px), or, without pictures, the page drawn live.
 */
function PagePicture({ template, page, size, live }: { template: CloneableTemplate; page: TemplatePageImage; size: 'card' | 'large' | 'strip'; live?: LiveForm }) {
  if (page.thumbnails) {
    const { small, medium, large } = page.thumbnails;
    const srcSet = size === 'large' ? `${medium} 660w, ${large} 1000w` : `${small} 440w, ${medium} 660w`;
    const sizes = size === 'large' ? '(max-width: 48em) 100vw, 780px' : size === 'strip' ? '140px' : '(max-width: 36em) 100vw, 280px';
    return (
      <img
        className={classes.picture}
        src={size === 'large' ? medium : small}
        srcSet={srcSet}
        sizes={sizes}
        width={size === 'large' ? 1000 : 440}
        height={size === 'large' ? 625 : 275}
        loading={size === 'large' ? 'eager' : 'lazy'}
        alt={size === 'large' ? copy.templates.pageImageAlt(template.name, page.stepName) : ''}
      />
    );
  }
  if (!live) return <div className={classes.livePage} aria-hidden />;
  return <LivePage flowPublicIdentifier={template.flowPublicIdentifier} name={template.name} template={live.template} look={live.look} stepId={page.stepId} />;
}

/** A template's preview: its pages, one large, and 'Use this template'. */
function TemplatePreview({ template, workspaceId, blockedReason, onSelect, onCreated, canManage = false }: TemplateGalleryProps & { template: CloneableTemplate }) {
  const [pageIndex, setPageIndex] = useState(0);
  const [removing, setRemoving] = useState(false);
  const remove = useDeleteCloneableTemplate();
  const make = useMakeFormFromTemplate();
  const live = useLiveForm(template);
  useEffect(() => countView(template.id), [template.id]);
  const page = template.pageImages[pageIndex];

  function use() {
    make.mutate({ template, workspaceId }, { onSuccess: onCreated });
  }

  return (
    <Stack gap="md" py="xs" data-testid="template-preview" data-slug={template.slug}>
      <div className={classes.preview}>
        <div className={classes.previewPicture}>{page && <PagePicture template={template} page={page} size="large" live={live.data} />}</div>
        <Stack gap="sm" className={classes.previewSide}>
          <Group gap="xs">
            <Title order={2} fz="h3">
              {template.name}
            </Title>
            <TemplateBadges template={template} />
          </Group>
          {template.description && (
            <Text c="dimmed" fz="sm">
              {template.description}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            {copy.templates.questionsCount(template.questionCount)}
          </Text>
          <Button onClick={use} loading={make.isPending} disabled={blockedReason !== null} fullWidth data-testid="template-use">
            {copy.templates.useTemplate}
          </Button>
          {blockedReason && (
            <Alert color="orange" variant="light" icon={<IconAlert />}>
              {blockedReason}
            </Alert>
          )}
          {make.isError && (
            <Alert color="red" variant="light" icon={<IconAlert />} data-testid="template-error">
              {errorMessage(make.error)}
            </Alert>
          )}
          {template.pageImages.length > 1 && (
            <Stack gap={6}>
              <Text fz="sm" fw={600} id="template-pages-label">
                {copy.templates.pages}
              </Text>
              <div className={classes.pages} role="list" aria-labelledby="template-pages-label">
                {template.pageImages.map((candidate, index) => (
                  <UnstyledButton
                    key={candidate.stepId}
                    role="listitem"
                    className={classes.pageButton}
                    aria-current={index === pageIndex}
                    aria-label={copy.templates.pageImageAlt(template.name, candidate.stepName)}
                    onClick={() => setPageIndex(index)}
                    data-testid={`template-page-${candidate.stepId}`}
                  >
                    <PagePicture template={template} page={candidate} size="strip" live={live.data} />
                    <Text fz="xs" truncate mt={4}>
                      {candidate.stepName}
                    </Text>
                  </UnstyledButton>
                ))}
              </div>
            </Stack>
          )}
        </Stack>
      </div>
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconChevronLeft size={16} />} onClick={() => onSelect(null)} data-testid="template-preview-back">
          {copy.newFlow.back}
        </Button>
        {canManage && template.source === 'organization' && (
          <Button variant="subtle" color="red" c="red.9" onClick={() => setRemoving(true)} data-testid="template-remove">
            {copy.templates.publish.remove}
          </Button>
        )}
      </Group>
      <Modal opened={removing} onClose={() => setRemoving(false)} title={copy.templates.publish.removeTitle} centered>
        <Stack>
          <Text fz="sm">{copy.templates.publish.removeBody(template.name)}</Text>
          {remove.isError && (
            <Alert color="red" variant="light" icon={<IconAlert />}>
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                // Not `mutate`'s callbacks: the refreshed gallery no longer holds this template, so this preview may
                // be gone before they would run (they never run then); the promise settles either way.
                void remove.mutateAsync(template.id).then(
                  () => {
                    notifications.show({ color: 'green', message: copy.templates.publish.removed });
                    onSelect(null);
                  },
                  () => undefined,
                )
              }
              data-testid="template-remove-confirm"
            >
              {copy.templates.publish.remove}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
