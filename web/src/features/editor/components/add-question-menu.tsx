/**
 * The 'Add question' button and its menu of every widget type of the registry, by visible name (hint as title).
 * `opened`/`onChange` control the menu from outside (the 'Add a question' keyboard shortcut opens it); without them it
 * keeps its own state.
 */
import { Button, Menu } from '@mantine/core';
import { WIDGET_TYPES, widgetEditorCopy, type WidgetType } from '@formloom/contracts/widgets/registry';
import { IconPlus } from '../../../ui/icons';

/** Props of {@link AddQuestionMenu}. */
export interface AddQuestionMenuProps {
  onAdd: (type: WidgetType) => void;
  fullWidth?: boolean;
  /** The menu is open (controlled; with `onChange`). */
  opened?: boolean;
  onChange?: (opened: boolean) => void;
}

export function AddQuestionMenu({ onAdd, fullWidth = false, opened, onChange }: AddQuestionMenuProps) {
  return (
    // No focus placeholder: Mantine's hidden focusable one is an aria-hidden element that takes focus (axe, WCAG
    // 4.1.2); the first type gets the focus instead.
    <Menu position="bottom-start" width={240} shadow="md" withinPortal withInitialFocusPlaceholder={false} opened={opened} onChange={onChange}>
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} />} fullWidth={fullWidth} data-testid="add-question-button">
          Add question
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Question types" data-testid="question-type-menu">
        <Menu.Label>Question type</Menu.Label>
        {WIDGET_TYPES.map((type) => {
          const { name, hint } = widgetEditorCopy(type);
          return (
            <Menu.Item key={type} onClick={() => onAdd(type)} data-testid={`add-question-${type}`} title={hint}>
              {name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
