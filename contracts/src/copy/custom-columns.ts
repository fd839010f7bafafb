/**
 * Custom columns of the Results (spec 001 §2 "Add custom column popover", §3 "Custom column", §5, §8): the owners'
 * own columns next to the answers — notes, a category, a score. Texts the spec quotes are verbatim; the others are
 * ours and marked so.
 */
export const customColumns = {
  /** spec 001 §2: the popover's title. */
  popoverTitle: 'Add custom column',
  /** spec 001 §2: the popover's hint. */
  popoverHint: 'Track notes, categories or add a score',
  /** spec 001 §2: the popover's submit button. */
  addColumn: '+ Add column',
  /** spec 001 §5, §8: an empty or blank column name. */
  provideName: 'Provide a column name',
  /** spec 001 §5: a Dropdown or Multi-select column without options. */
  optionsRequired: 'At least one option is required',
  /** spec 001 §3: the visible names of the column types. */
  typeShortAnswer: 'Short text',
  typeLongAnswer: 'Long text',
  typeNumberInput: 'Number',
  typeCheckbox: 'Checkbox',
  typeDropdown: 'Dropdown',
  typeMultiSelect: 'Multi-select',
  /** ours: the Results header's button that opens the popover. */
  openPopover: 'Add column',
  /** ours: the label of the popover's type list. */
  typeLabel: 'Column type',
  /** ours: the label of the popover's name input. */
  nameLabel: 'Column name',
  /** ours: the name input's placeholder. */
  namePlaceholder: 'e.g. Notes',
  /** ours: the label of the options editor (Dropdown, Multi-select). */
  optionsLabel: 'Options',
  /** ours: the options editor's placeholder. */
  optionsPlaceholder: 'Type an option, then press Enter',
  /** ours: an option label that is blank. */
  optionBlank: 'Options cannot be blank',
  /** ours: two options with the same label. */
  optionDuplicate: (label: string) => `"${label}" is an option more than once`,
  /** ours: a form that already has the most custom columns (`CUSTOM_COLUMNS_MAX`). */
  tooMany: (max: number) => `A form can have at most ${max} custom columns`,
  /** ours: a value call whose body has no `value`. */
  valueMissing: 'Give a value, or null to clear it',
  /** ours: a column id that is not one of the form's custom columns. */
  notFound: 'Custom column not found',
  /** ours: the small mark under a custom column's name in the Results table. */
  marker: 'Custom column',
  /** ours: the drawer's heading over the custom columns. */
  drawerHeading: 'Custom columns',
  /** ours: the accessible name of a custom column's header menu. */
  columnMenu: (name: string) => `Options of column ${name}`,
  /** ours: the header menu's rename item, the rename dialog's title and its save button. */
  rename: 'Rename column',
  renameSave: 'Save',
  /** ours: the header menu's delete item and the confirmation's title. */
  delete: 'Delete column',
  /** ours: the delete confirmation's question. */
  deleteConfirm: (name: string) => `Delete the column "${name}" and every value in it? This cannot be undone.`,
  /** ours: the confirmation's buttons. */
  cancel: 'Cancel',
  confirmDelete: 'Delete',
  /** ours: notifications after a deletion or a failed change of a column. */
  deleted: 'Column deleted',
  changeFailed: 'Could not change the column',
  /** ours: the accessible name of a cell's edit button, with the column's name. */
  editCell: (name: string) => `Edit ${name}`,
  /** ours: what screen readers hear for an empty cell (the screen shows a dash). */
  emptyCell: 'No value',
  /** ours: a cell being saved (its accessible name). */
  saving: 'Saving',
  /** ours: the clear entry of a Dropdown cell. */
  clearValue: 'Clear',
} as const;
