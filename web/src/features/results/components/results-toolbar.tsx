/**
 * The Results' toolbar: a search box (the panel debounces it), the range of days (From / To, both included, in the
 * viewer's time zone; two date inputs, as the app has no date-picker package), the status ('Completed' / 'In
 * progress') and the sort ('Newest first' / 'Oldest first'; the table's only: the summary has no order). Every
 * control is labelled; the toolbar wraps to one control per line on a phone.
 */
import { useId } from 'react';
import { NativeSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import { results as texts } from '@formloom/contracts/copy/results';
import { SUBMISSIONS_SEARCH_MAX_LENGTH } from '@formloom/contracts/limits';
import { rangeIsInvalid, type ResultsFilters } from '../model/filters';
import classes from './results-panel.module.css';

/** Props of {@link ResultsToolbar}. */
export interface ResultsToolbarProps {
  /** What the controls show (`search` as typed, before the debounce). */
  filters: ResultsFilters;
  /** Called with the whole new state on every change. */
  onChange: (filters: ResultsFilters) => void;
  /** Whether the sort is offered (the table); default true. */
  sortable?: boolean;
}

/** The statuses, in the control's order. */
const STATUSES = [
  { value: 'finished', label: texts.statusFinished },
  { value: 'in_progress', label: texts.statusInProgress },
] as const;

/** The sorts, in the select's order. */
const SORTS = [
  { value: 'desc', label: texts.sortNewest },
  { value: 'asc', label: texts.sortOldest },
];

/** The toolbar (see the module doc). */
export function ResultsToolbar({ filters, onChange, sortable = true }: ResultsToolbarProps) {
  const statusLabel = useId();
  const set = (change: Partial<ResultsFilters>) => onChange({ ...filters, ...change });
  return (
    <div className={sortable ? classes.toolbar : `${classes.toolbar} ${classes.unsorted}`} data-testid="results-toolbar">
      <TextInput
        className={classes.search}
        type="search"
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        value={filters.search}
        maxLength={SUBMISSIONS_SEARCH_MAX_LENGTH}
        onChange={(event) => set({ search: event.currentTarget.value })}
        data-testid="results-search"
      />
      <TextInput
        type="date"
        label={texts.fromLabel}
        value={filters.fromDay}
        max={filters.toDay || undefined}
        onChange={(event) => set({ fromDay: event.currentTarget.value })}
        data-testid="results-from"
      />
      <TextInput
        type="date"
        label={texts.toLabel}
        value={filters.toDay}
        min={filters.fromDay || undefined}
        onChange={(event) => set({ toDay: event.currentTarget.value })}
        error={rangeIsInvalid(filters) ? texts.rangeInvalid : undefined}
        data-testid="results-to"
      />
      <div className={classes.control}>
        <Text id={statusLabel} component="span" fz="sm" fw={500}>
          {texts.statusLabel}
        </Text>
        <SegmentedControl
          aria-labelledby={statusLabel}
          data={[...STATUSES]}
          value={filters.status}
          onChange={(value) => set({ status: value === 'in_progress' ? 'in_progress' : 'finished' })}
          fullWidth
          data-testid="results-status"
        />
      </div>
      {sortable && (
        <NativeSelect
          label={texts.sortLabel}
          data={SORTS}
          value={filters.sort}
          onChange={(event) => set({ sort: event.currentTarget.value === 'asc' ? 'asc' : 'desc' })}
          data-testid="results-sort"
        />
      )}
    </div>
  );
}
