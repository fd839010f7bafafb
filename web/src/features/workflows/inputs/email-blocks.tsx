/**
 * The body of a workflow email as a list of blocks (spec 001 §3 email blocks: text, submission_overview, button,
 * approval buttons): add ('Add block' menu), edit in place, reorder — drag a block by its handle (@dnd-kit: pointer,
 * or the keyboard on the focused handle: Space picks up, the arrows move, Space drops, Escape cancels) or use its
 * move up / move down buttons — and delete. Every change hands the whole new list to `onChange`; `readOnly` shows
 * the blocks without editing. Shared by the email node's panel and any other node that sends an email (the approval
 * request: `addable` includes `approval_buttons` there).
 *
 * - text: the rich text editor with variables (`email-rich-text.tsx`, loaded on demand);
 * - submission_overview: 'Include hidden fields' (`showHidden`);
 * - button: its text, what it opens (the respondent's edit link, or a web address that may hold variables), its
 *   style and alignment;
 * - approval_buttons: a note; the approval step supplies its buttons.
 * The node's rule messages for a block (`errors`, paths relative to the list: `<index>.buttonText`) show under its
 * fields.
 */
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Paper, SegmentedControl, Select, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as copy from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';
import {
  EMAIL_ALIGNMENTS,
  EMAIL_BUTTON_STYLES,
  EMAIL_BUTTON_TYPES,
  emailTextDoc,
  type EmailBlockType,
} from '@formloom/contracts/workflows/nodes/email';
import { field } from '@formloom/contracts/workflows/define';
import { IconChevronDown, IconChevronUp, IconGrip, IconPlus, IconTrash } from '../../../ui/icons';
import { moveItem, newBlock } from '../model/email-template';
import type { WorkflowEditorContext } from '../nodes/types';
import { TextWithVariables } from './variable-menu';
import classes from './email-blocks.module.css';

const EmailRichText = lazy(() => import('./email-rich-text'));

/** The block types an email node's 'Add block' menu offers (approval buttons belong to approval requests). */
export const EMAIL_NODE_BLOCK_TYPES: readonly EmailBlockType[] = ['text', 'submission_overview', 'button'];

/** Props of {@link EmailBlocks}. */
export interface EmailBlocksProps {
  blocks: readonly unknown[];
  onChange(blocks: unknown[]): void;
  context: WorkflowEditorContext;
  /** The node whose email this is (its earlier steps' variables are offered). */
  nodeId: string | null;
  readOnly: boolean;
  /** The types 'Add block' offers; default {@link EMAIL_NODE_BLOCK_TYPES}. */
  addable?: readonly EmailBlockType[];
  /** The rule messages of the blocks, paths relative to the list (`1.buttonText`). */
  errors?: readonly FieldError[];
}

/** A block's type name ('Text', 'Button' …); its raw type when unknown. */
function blockName(block: unknown): string {
  const type = field(block, 'type');
  const names: Record<string, string> = copy.emailEditor.email.blockNames;
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(names, type) ? names[type]! : String(type ?? '');
}

let nextKey = 0;
/** A key for a block of the list (blocks have no ids of their own). */
function newKey(): string {
  nextKey += 1;
  return `block-${nextKey}`;
}

/** The message of the first error at `path`, if any. */
function errorAt(errors: readonly FieldError[] | undefined, path: string): string | undefined {
  return errors?.find((error) => error.path === path)?.message;
}

/** Props of one block's card. */
interface BlockCardProps {
  id: string;
  block: unknown;
  index: number;
  count: number;
  readOnly: boolean;
  context: WorkflowEditorContext;
  nodeId: string | null;
  errors?: readonly FieldError[];
  onChange(block: unknown): void;
  onMove(to: number): void;
  onDelete(): void;
}

/** One block: its handle, name, move and delete buttons, and its fields. */
function BlockCard({ id, block, index, count, readOnly, context, nodeId, errors, onChange, onMove, onDelete }: BlockCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: readOnly });
  const name = blockName(block);
  const number = index + 1;
  const set = (patch: Record<string, unknown>) => onChange({ ...(block as Record<string, unknown>), ...patch });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      className={classes.block}
      data-testid="email-block"
      data-block-type={String(field(block, 'type') ?? '')}
      data-dragging={isDragging || undefined}
      __vars={{ '--drag-transform': CSS.Translate.toString(transform) ?? 'none', '--drag-transition': transition ?? 'none' }}
    >
      <Group gap={4} wrap="nowrap" mb={6}>
        {!readOnly && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            className={classes.handle}
            aria-label={copy.emailEditor.email.moveBlock(name, number)}
            {...attributes}
            {...listeners}
          >
            <IconGrip size={14} />
          </ActionIcon>
        )}
        <Text fz="xs" fw={600} c="dimmed" tt="uppercase" className={classes.grow}>
          {name}
        </Text>
        {!readOnly && (
          <>
            <ActionIcon variant="subtle" color="gray" size="sm" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={copy.emailEditor.email.moveUp(name, number)}>
              <IconChevronUp size={14} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" size="sm" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={copy.emailEditor.email.moveDown(name, number)}>
              <IconChevronDown size={14} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" size="sm" onClick={onDelete} aria-label={copy.emailEditor.email.deleteBlock(name, number)}>
              <IconTrash size={14} />
            </ActionIcon>
          </>
        )}
      </Group>
      <BlockFields block={block} index={index} readOnly={readOnly} context={context} nodeId={nodeId} errors={errors} set={set} />
    </Paper>
  );
}

/** The fields of one block (see the module doc). */
function BlockFields({
  block,
  index,
  readOnly,
  context,
  nodeId,
  errors,
  set,
}: Pick<BlockCardProps, 'block' | 'index' | 'readOnly' | 'context' | 'nodeId' | 'errors'> & { set(patch: Record<string, unknown>): void }) {
  const labels = copy.emailEditor.email;
  switch (field(block, 'type')) {
    case 'text':
      return (
        <Suspense fallback={<Skeleton h={96} radius="sm" />}>
          <EmailRichText
            value={emailTextDoc(field(block, 'text'))}
            onChange={(text) => set({ text })}
            label={labels.textLabel(index + 1)}
            placeholder={labels.textPlaceholder}
            context={context}
            nodeId={nodeId}
            readOnly={readOnly}
          />
        </Suspense>
      );
    case 'submission_overview':
      return (
        <Stack gap={4}>
          <Text fz="xs" c="dimmed">
            {labels.overviewHint}
          </Text>
          <Switch
            label={labels.showHidden}
            checked={field(block, 'showHidden') === true}
            disabled={readOnly}
            onChange={(event) => set({ showHidden: event.currentTarget.checked })}
          />
        </Stack>
      );
    case 'button': {
      const buttonType = field(block, 'buttonType') === 'edit_submission' ? 'edit_submission' : 'url';
      const url = field(block, 'url');
      return (
        <Stack gap="xs">
          <TextInput
            label={labels.buttonText}
            value={String(field(block, 'buttonText') ?? '')}
            readOnly={readOnly}
            required
            error={errorAt(errors, `${index}.buttonText`)}
            onChange={(event) => set({ buttonText: event.currentTarget.value })}
          />
          <Select
            label={labels.buttonLink}
            data={EMAIL_BUTTON_TYPES.map((value) => ({ value, label: labels.buttonTypes[value] }))}
            value={buttonType}
            allowDeselect={false}
            readOnly={readOnly}
            onChange={(value) => value && set({ buttonType: value })}
          />
          {buttonType === 'url' ? (
            <TextWithVariables
              label={labels.buttonUrl}
              value={typeof url === 'string' ? url : ''}
              onChange={(value) => set({ url: value })}
              context={context}
              nodeId={nodeId}
              placeholder="https://"
              required
              readOnly={readOnly}
              error={errorAt(errors, `${index}.url`)}
            />
          ) : (
            <Text fz="xs" c="dimmed">
              {labels.editSubmissionHint}
            </Text>
          )}
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label={labels.buttonStyle}
              data={EMAIL_BUTTON_STYLES.map((value) => ({ value, label: labels.buttonStyles[value] }))}
              value={typeof field(block, 'style') === 'string' ? String(field(block, 'style')) : 'filled'}
              allowDeselect={false}
              readOnly={readOnly}
              onChange={(value) => value && set({ style: value })}
              className={classes.styleSelect}
            />
            <Stack gap={2}>
              <Text component="span" fz="sm" fw={500} id={`email-block-${index}-alignment`}>
                {labels.alignment}
              </Text>
              <SegmentedControl
                aria-labelledby={`email-block-${index}-alignment`}
                size="xs"
                data={EMAIL_ALIGNMENTS.map((value) => ({ value, label: labels.alignments[value] }))}
                value={typeof field(block, 'alignment') === 'string' ? String(field(block, 'alignment')) : 'left'}
                readOnly={readOnly}
                onChange={(value) => set({ alignment: value })}
              />
            </Stack>
          </Group>
        </Stack>
      );
    }
    case 'approval_buttons':
      return (
        <Text fz="xs" c="dimmed">
          {labels.approvalButtonsHint}
        </Text>
      );
    default:
      return null;
  }
}

/** See the module doc. */
export function EmailBlocks({ blocks, onChange, context, nodeId, readOnly, addable = EMAIL_NODE_BLOCK_TYPES, errors }: EmailBlocksProps) {
  // Blocks have no ids: each gets a key that follows it through moves and deletions made here; a list changed from
  // outside to another length (an undo) gets keys anew.
  const [keys, setKeys] = useState<string[]>(() => blocks.map(newKey));
  if (keys.length !== blocks.length) setKeys(blocks.map(newKey));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    setKeys(moveItem(keys, from, to));
    onChange(moveItem(blocks, from, to));
  };
  const remove = (index: number) => {
    setKeys(keys.filter((_, at) => at !== index));
    onChange(blocks.filter((_, at) => at !== index));
  };
  const add = (type: EmailBlockType) => {
    setKeys([...keys, newKey()]);
    onChange([...blocks, newBlock(type)]);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  const shownKeys = keys.length === blocks.length ? keys : blocks.map((_, index) => `pending-${index}`);

  return (
    <Stack gap="xs" data-testid="email-blocks">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={shownKeys} strategy={verticalListSortingStrategy}>
          {blocks.map((block, index) => (
            <BlockCard
              key={shownKeys[index]}
              id={shownKeys[index]!}
              block={block}
              index={index}
              count={blocks.length}
              readOnly={readOnly}
              context={context}
              nodeId={nodeId}
              errors={errors}
              onChange={(next) => onChange(blocks.map((current, at) => (at === index ? next : current)))}
              onMove={(to) => move(index, to)}
              onDelete={() => remove(index)}
            />
          ))}
        </SortableContext>
      </DndContext>
      {!readOnly && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} className={classes.add}>
              {copy.emailEditor.email.addBlock}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {addable.map((type) => (
              <Menu.Item key={type} onClick={() => add(type)}>
                {copy.emailEditor.email.blockNames[type]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}
