/**
 * The approval step's input fields (spec 001 §3 `input.fields`, §4): what the approver fills in when deciding — a note,
 * a tier, a score. Each field has a label, the type of its value (the custom column types: Short text, Long text,
 * Number, Checkbox, Dropdown, Multi-select — with options for the last two), whether it is required, and the states it
 * is shown for (all, or chosen ones: a 'Why' asked only when rejecting).
 *
 * - 'Add field' and a field's edit button open the field's form in place; Save keeps it, Cancel drops the changes.
 * - A field's delete button asks to confirm first (spec 001 §4 "deleting a custom field asks for confirmation").
 * - Fields are reordered by dragging their handle (@dnd-kit), which starts after a 10-pixel move (spec 001 §9
 *   APPROVAL_FIELD_DRAG_ACTIVATION_PX) and exists only when there is more than one field (spec 001 §4); the keyboard
 *   moves a focused handle with Space and the arrow keys.
 */
import { useState } from 'react';
import { ActionIcon, Box, Button, Checkbox, Group, Modal, Paper, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as copy from '@formloom/contracts/copy';
import { CUSTOM_COLUMN_TYPES, type CustomColumnType } from '@formloom/contracts/entities/custom-column';
import { APPROVAL_FIELD_DRAG_ACTIVATION_PX, APPROVAL_INPUT_FIELDS_MAX } from '@formloom/contracts/limits';
import { CUSTOM_COLUMN_KINDS } from '@formloom/contracts/rules/custom-columns';
import { isRecord } from '@formloom/contracts/workflows/define';
import {
  generateApprovalId,
  inputFieldsOf,
  statesOf,
  type ApprovalInputField,
} from '@formloom/contracts/workflows/nodes/approval';
import { IconGrip, IconPencil, IconPlus, IconTrash } from '../../../../ui/icons';
import classes from './approval-panel.module.css';

/** Props of {@link ApprovalFields}. */
export interface ApprovalFieldsProps {
  template: unknown;
  readOnly: boolean;
  onChange(template: unknown): void;
}

/** A field as the editor holds it (the stored one, defaults filled in). */
type Field = ApprovalInputField;

function asField(value: Record<string, unknown>, index: number): Field {
  const showFor = isRecord(value.showForStates) ? value.showForStates : {};
  const type = CUSTOM_COLUMN_TYPES.includes(value.type as CustomColumnType) ? (value.type as CustomColumnType) : 'ShortAnswer';
  return {
    customFieldId: typeof value.customFieldId === 'string' ? value.customFieldId : `field-${index}`,
    label: typeof value.label === 'string' ? value.label : '',
    required: value.required === true,
    showForStates: {
      type: showFor.type === 'custom' ? 'custom' : 'all',
      customStateIds: Array.isArray(showFor.customStateIds) ? showFor.customStateIds.filter((id): id is string => typeof id === 'string') : [],
    },
    type,
    ...(Array.isArray(value.options) ? { options: value.options as Field['options'] } : {}),
  };
}

/** `template` with `fields` as its input fields. */
function withFields(template: unknown, fields: readonly Field[]): unknown {
  const draft = isRecord(template) ? template : {};
  return { ...draft, input: { ...(isRecord(draft.input) ? draft.input : {}), fields } };
}

/** The line under a field's label: its type, 'Required', and the states it is shown for. */
function fieldSummary(field: Field, stateNames: ReadonlyMap<string, string>): string {
  const parts: string[] = [CUSTOM_COLUMN_KINDS[field.type].label];
  if (field.required) parts.push(copy.approval.fieldRequired);
  const shownFor =
    field.showForStates.type === 'all'
      ? copy.approval.fieldShowForAll
      : field.showForStates.customStateIds.map((id) => stateNames.get(id) ?? id).join(', ');
  parts.push(`${copy.approval.fieldShowFor}: ${shownFor}`);
  return parts.join(' · ');
}

/** The form of one field (a new one, or one being edited); see the module doc. */
function FieldForm({ initial, states, onSave, onCancel }: { initial: Field; states: ReadonlyArray<{ id: string; name: string }>; onSave(field: Field): void; onCancel(): void }) {
  const [label, setLabel] = useState(initial.label);
  const [type, setType] = useState<CustomColumnType>(initial.type);
  const [options, setOptions] = useState((initial.options ?? []).map((option) => option.label).join('\n'));
  const [required, setRequired] = useState(initial.required);
  const [showFor, setShowFor] = useState(initial.showForStates);
  const [labelError, setLabelError] = useState<string | undefined>();
  const [optionsError, setOptionsError] = useState<string | undefined>();
  const hasOptions = CUSTOM_COLUMN_KINDS[type].hasOptions;

  const save = () => {
    const labels = [...new Set(options.split('\n').map((line) => line.trim()).filter((line) => line !== ''))];
    const missingLabel = label.trim() === '';
    const missingOptions = hasOptions && labels.length === 0;
    setLabelError(missingLabel ? copy.approval.fieldLabelRequired : undefined);
    setOptionsError(missingOptions ? copy.customColumns.optionsRequired : undefined);
    if (missingLabel || missingOptions) return;
    // Options keep their ids when their label stays (a decision already recorded reads the same).
    const previous = new Map((initial.options ?? []).map((option) => [option.label, option.id]));
    onSave({
      customFieldId: initial.customFieldId,
      label: label.trim(),
      required,
      type,
      showForStates: showFor,
      ...(hasOptions ? { options: labels.map((optionLabel) => ({ id: previous.get(optionLabel) ?? generateApprovalId(), label: optionLabel })) } : {}),
    });
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="approval-field-form">
      <Stack gap="xs">
        <TextInput label={copy.approval.fieldLabel} value={label} error={labelError} onChange={(event) => setLabel(event.currentTarget.value)} data-autofocus />
        <Select
          label={copy.approval.fieldTypeLabel}
          data={CUSTOM_COLUMN_TYPES.map((value) => ({ value, label: CUSTOM_COLUMN_KINDS[value].label }))}
          value={type}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          onChange={(value) => value && setType(value as CustomColumnType)}
        />
        {hasOptions && (
          <Textarea label={copy.approval.fieldOptionsLabel} value={options} error={optionsError} autosize minRows={2} onChange={(event) => setOptions(event.currentTarget.value)} />
        )}
        <Checkbox label={copy.approval.fieldRequired} checked={required} onChange={(event) => setRequired(event.currentTarget.checked)} />
        <Radio.Group
          label={copy.approval.fieldShowFor}
          value={showFor.type}
          onChange={(value) => setShowFor({ ...showFor, type: value === 'custom' ? 'custom' : 'all' })}
        >
          <Group gap="md" mt={4}>
            <Radio value="all" label={copy.approval.fieldShowForAll} />
            <Radio value="custom" label={copy.approval.fieldShowForCustom} />
          </Group>
        </Radio.Group>
        {showFor.type === 'custom' && (
          <Checkbox.Group
            aria-label={copy.approval.fieldShowForCustom}
            value={showFor.customStateIds}
            error={showFor.customStateIds.length === 0 ? copy.approval.fieldStatesRequired : undefined}
            onChange={(ids) => setShowFor({ ...showFor, customStateIds: ids })}
          >
            <Group gap="md">
              {states.map((state) => (
                <Checkbox key={state.id} value={state.id} label={state.name} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            {copy.approval.cancel}
          </Button>
          <Button size="xs" onClick={save} disabled={showFor.type === 'custom' && showFor.customStateIds.length === 0}>
            {copy.approval.saveField}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One field's row: its drag handle (with more than one field), label and summary, edit and delete buttons. */
function FieldRow({
  field,
  summary,
  draggable,
  readOnly,
  onEdit,
  onDelete,
}: {
  field: Field;
  summary: string;
  draggable: boolean;
  readOnly: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.customFieldId,
    disabled: !draggable,
  });
  const label = field.label || field.customFieldId;
  return (
    <Box
      ref={setNodeRef}
      className={classes.fieldRow}
      data-testid="approval-field"
      data-field-id={field.customFieldId}
      data-dragging={isDragging || undefined}
      __vars={{ '--drag-transform': CSS.Translate.toString(transform) ?? 'none', '--drag-transition': transition ?? 'none' }}
    >
      {draggable && (
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.handle}
          aria-label={copy.approval.dragField(label)}
          {...attributes}
          {...listeners}
        >
          <IconGrip size={16} />
        </ActionIcon>
      )}
      <div className={classes.grow}>
        <Text fz="sm" fw={500}>
          {label}
        </Text>
        <Text fz="xs" c="dimmed">
          {summary}
        </Text>
      </div>
      {!readOnly && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" aria-label={copy.approval.editField(label)} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={copy.approval.deleteField(label)} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}

/** See the module doc. */
export function ApprovalFields({ template, readOnly, onChange }: ApprovalFieldsProps) {
  const fields = inputFieldsOf(template).map(asField);
  const states = statesOf(template).flatMap((state) => (typeof state.id === 'string' ? [{ id: state.id, name: typeof state.name === 'string' ? state.name : state.id }] : []));
  const stateNames = new Map(states.map((state) => [state.id, state.name]));
  /** The field whose form is open: its id, or 'new'. */
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Field | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: APPROVAL_FIELD_DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const draggable = !readOnly && fields.length > 1;

  const save = (field: Field) => {
    const exists = fields.some((candidate) => candidate.customFieldId === field.customFieldId);
    onChange(withFields(template, exists ? fields.map((candidate) => (candidate.customFieldId === field.customFieldId ? field : candidate)) : [...fields, field]));
    setEditing(null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((field) => field.customFieldId === active.id);
    const to = fields.findIndex((field) => field.customFieldId === over.id);
    if (from === -1 || to === -1) return;
    onChange(withFields(template, arrayMove(fields, from, to)));
  };
  /** A new field (its id made once, when 'Add field' is pressed). */
  const [added, setAdded] = useState<Field | null>(null);
  const startAdding = () => {
    setAdded({ customFieldId: generateApprovalId(), label: '', required: false, showForStates: { type: 'all', customStateIds: [] }, type: 'ShortAnswer' });
    setEditing('new');
  };

  return (
    <Stack gap="xs" data-testid="approval-fields">
      <div>
        <Text fz="sm" fw={500}>
          {copy.approval.fieldsLabel}
        </Text>
        <Text fz="xs" c="dimmed">
          {copy.approval.fieldsHint}
        </Text>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={fields.map((field) => field.customFieldId)} strategy={verticalListSortingStrategy}>
          {fields.map((field) =>
            editing === field.customFieldId ? (
              <FieldForm key={field.customFieldId} initial={field} states={states} onSave={save} onCancel={() => setEditing(null)} />
            ) : (
              <FieldRow
                key={field.customFieldId}
                field={field}
                summary={fieldSummary(field, stateNames)}
                draggable={draggable}
                readOnly={readOnly}
                onEdit={() => setEditing(field.customFieldId)}
                onDelete={() => setConfirming(field)}
              />
            ),
          )}
        </SortableContext>
      </DndContext>
      {editing === 'new' && added && <FieldForm initial={added} states={states} onSave={save} onCancel={() => setEditing(null)} />}
      {!readOnly && editing !== 'new' && fields.length < APPROVAL_INPUT_FIELDS_MAX && (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={startAdding}>
            {copy.approval.addField}
          </Button>
        </Group>
      )}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={copy.approval.deleteFieldTitle} centered>
        <Text fz="sm">{copy.approval.deleteFieldBody(confirming?.label ?? '')}</Text>
        <Group justify="flex-end" mt="md" gap="xs">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {copy.approval.cancel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (confirming) onChange(withFields(template, fields.filter((field) => field.customFieldId !== confirming.customFieldId)));
              setConfirming(null);
            }}
          >
            {copy.approval.deleteConfirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
