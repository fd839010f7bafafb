/** The 'Add question' button and its menu of every widget type, by visible name. */
import { Button, Menu } from '@mantine/core';
import { WIDGET_TYPES, type WidgetType } from '@formloom/contracts/entities/flow-template';
import { IconPlus } from '../../../ui/icons';
import { WIDGET_TYPE_META } from '../model/widget-types';

export function AddQuestionMenu({ onAdd, fullWidth = false }: { onAdd: (type: WidgetType) => void; fullWidth?: boolean }) {
  return (
    <Menu position="bottom-start" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} />} fullWidth={fullWidth} data-testid="add-question-button">
          Add question
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Question types" data-testid="question-type-menu">
        <Menu.Label>Question type</Menu.Label>
        {WIDGET_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)} data-testid={`add-question-${type}`} title={WIDGET_TYPE_META[type].hint}>
            {WIDGET_TYPE_META[type].name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
