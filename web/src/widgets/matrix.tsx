/** The editor's settings of a Matrix question: its rows (the statements) and its columns (the choices of each row). */
import { SimpleGrid } from '@mantine/core';
import { patchWidgetTemplate } from './shared/field-props';
import { OptionsEditor, type ItemNames } from './shared/options-editor';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

const ROW_NAMES: ItemNames = { title: 'Rows', item: 'Row', deleteItem: 'row', add: 'Add row' };
const COLUMN_NAMES: ItemNames = { title: 'Columns', item: 'Column', deleteItem: 'column', add: 'Add column' };

/** 'Rows' and 'Columns', side by side where there is room: rename, delete (a Matrix keeps one of each), add. */
export function MatrixSettings({ widget, onChange, onAddOption }: WidgetSettingsProps<WidgetOf<'Matrix'>>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <OptionsEditor
        names={ROW_NAMES}
        options={widget.template.rows}
        onChange={(rows) => onChange(patchWidgetTemplate(widget, { rows }))}
        onAdd={() => onAddOption('rows')}
      />
      <OptionsEditor
        names={COLUMN_NAMES}
        options={widget.template.columns}
        onChange={(columns) => onChange(patchWidgetTemplate(widget, { columns }))}
        onAdd={() => onAddOption('columns')}
      />
    </SimpleGrid>
  );
}
