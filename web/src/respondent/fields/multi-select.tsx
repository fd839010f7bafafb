/**
 * MultiSelect on the public form: a combobox with a list of the options to tick (the WAI-ARIA Authoring Practices'
 * combobox with a multi-selectable listbox), made of plain HTML — no UI library in the public form's bundle.
 *
 * - The text field (`role="combobox"`, labelled by the question) filters the options as the respondent types
 *   (case-insensitive, anywhere in the label) and opens the list; the chevron button or a click opens it too.
 * - In the field: ArrowDown / ArrowUp open the list and move through the options (the active one is
 *   `aria-activedescendant`, kept in view), Enter ticks or unticks it (and clears the filter), Escape closes the
 *   list and clears the filter, Backspace in an empty field removes the last chosen option. Pressing an option
 *   with the mouse or a finger ticks it, the focus staying in the field and the list open; leaving the question
 *   closes it.
 * - The chosen options show as chips above the field, in the order chosen; each has a 'Remove <option>' button
 *   (Enter, Space, Backspace or Delete), after which the focus goes to the next chip (the one before, for the
 *   last), else the field.
 * - With `maxSelections` reached the other options are `aria-disabled`; the hint says the bounds ('Choose 1 to 3').
 *   Changes are announced in a polite live region ('Rust selected').
 *
 * The answer is the chosen option ids in the order chosen (`answers/multi-select.ts`).
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { WidgetOption } from '@formloom/contracts/entities/flow-template';
import { IconCheck, IconChevronDown, IconX } from '../../ui/icons';
import { Question } from './question';
import { useDescribedBy, type FieldProps, type WidgetOf } from './types';
import fieldClasses from './fields.module.css';
import classes from './multi-select.module.css';

/** The option ids of `value` that `options` has, each once, in `value`'s order (anything else: none). */
export function chosenOptionIds(options: readonly WidgetOption[], value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const known = new Set(options.map((option) => option.id));
  return [...new Set(value.filter((item): item is string => typeof item === 'string' && known.has(item)))];
}

/** The hint of a MultiSelect with bounds: 'Choose 2', 'Choose 1 to 3', 'Choose at least 2', 'Choose up to 3'; none without. */
export function selectionHint(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `Choose ${min}` : `Choose ${min} to ${max}`;
  if (min !== undefined && min > 1) return `Choose at least ${min}`;
  return max !== undefined ? `Choose up to ${max}` : undefined;
}

/** The options whose label holds `filter` (trimmed, any case); every option for a blank filter. */
export function filterOptions(options: readonly WidgetOption[], filter: string): WidgetOption[] {
  const needle = filter.trim().toLowerCase();
  return needle === '' ? [...options] : options.filter((option) => option.label.toLowerCase().includes(needle));
}

/** The MultiSelect renderer; the answer is the chosen option ids, in the order chosen. */
export function MultiSelectField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'MultiSelect'>>) {
  const { label, required, placeholder, options, minSelections, maxSelections } = widget.template;
  const chosen = chosenOptionIds(options, value);
  const byId = new Map(options.map((option) => [option.id, option]));
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const chipButtons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<string | null>(null);

  const shown = filterOptions(options, filter);
  const active = shown.find((option) => option.id === activeId);
  const full = maxSelections !== undefined && chosen.length >= maxSelections;
  const hint = selectionHint(minSelections, maxSelections);
  const described = useDescribedBy(inputId, hint, error);
  const listId = `${inputId}-options`;
  /** The element id of an option (by its place in the question, so any option id makes a valid id). */
  const optionElementId = (option: WidgetOption) => `${inputId}-option-${options.indexOf(option)}`;

  // After a chip is removed, its neighbour's button (or the field) takes the focus; the active option stays in view.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (pending !== null) {
      pendingFocus.current = null;
      (chipButtons.current.get(pending) ?? inputRef.current)?.focus();
    }
    if (open && active) {
      const element = document.getElementById(optionElementId(active));
      // Not every environment lays pages out (jsdom has no scrollIntoView).
      if (typeof element?.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
    }
  });

  function toggle(option: WidgetOption) {
    const isChosen = chosen.includes(option.id);
    if (!isChosen && full) {
      setStatus(`You can choose up to ${maxSelections}`);
      return;
    }
    onChange(isChosen ? chosen.filter((id) => id !== option.id) : [...chosen, option.id]);
    setStatus(`${option.label} ${isChosen ? 'removed' : 'selected'}`);
    // The filter has done its work: the whole list shows again, on the option just ticked.
    if (filter !== '') setFilter('');
  }

  function remove(optionId: string) {
    const index = chosen.indexOf(optionId);
    const rest = chosen.filter((id) => id !== optionId);
    onChange(rest);
    setStatus(`${byId.get(optionId)?.label ?? optionId} removed`);
    pendingFocus.current = rest[Math.min(index, rest.length - 1)] ?? '';
  }

  /** Opens the list and moves the active option `step` places (from none: the first, or the last going up). */
  function moveActive(step: 1 | -1) {
    setOpen(true);
    if (shown.length === 0) return;
    const at = active ? shown.indexOf(active) : -1;
    const next = at < 0 ? (step === 1 ? 0 : shown.length - 1) : Math.min(shown.length - 1, Math.max(0, at + step));
    setActiveId(shown[next]?.id ?? null);
  }

  function close() {
    setOpen(false);
    setFilter('');
    setActiveId(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (event.altKey) setOpen(true);
      else moveActive(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveActive(-1);
    } else if (event.key === 'Enter') {
      // Enter never submits the page from here: it ticks the active option, or opens the list.
      event.preventDefault();
      if (open && active) toggle(active);
      else setOpen(true);
    } else if (event.key === 'Escape') {
      if (open || filter !== '') event.preventDefault();
      if (open) close();
      else setFilter('');
    } else if (event.key === 'Backspace' && filter === '' && chosen.length > 0) {
      const last = chosen[chosen.length - 1] as string;
      onChange(chosen.slice(0, -1));
      setStatus(`${byId.get(last)?.label ?? last} removed`);
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  }

  return (
    <Question inputId={inputId} label={label} required={required} hint={hint} error={error}>
      <div className={classes.root} onBlur={onBlur}>
        {chosen.length > 0 && (
          <ul className={classes.chips} aria-label={`Chosen: ${label}`}>
            {chosen.map((id) => {
              const option = byId.get(id) as WidgetOption;
              return (
                <li key={id} className={classes.chip}>
                  <span className={classes.chipLabel}>{option.label}</span>
                  <button
                    ref={(element) => {
                      if (element) chipButtons.current.set(id, element);
                      else chipButtons.current.delete(id);
                    }}
                    type="button"
                    className={classes.chipRemove}
                    aria-label={`Remove ${option.label}`}
                    onClick={() => remove(id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Backspace' || event.key === 'Delete') {
                        event.preventDefault();
                        remove(id);
                      }
                    }}
                  >
                    <IconX size={14} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className={classes.control}>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            className={`${fieldClasses.input} ${classes.input}`}
            placeholder={placeholder || (chosen.length > 0 ? 'Choose more' : 'Select options')}
            value={filter}
            autoComplete="off"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && active ? optionElementId(active) : undefined}
            aria-required={required || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setFilter(text);
              setOpen(true);
              setActiveId(filterOptions(options, text)[0]?.id ?? null);
            }}
            onKeyDown={onKeyDown}
            onClick={() => setOpen(true)}
          />
          <button
            type="button"
            tabIndex={-1}
            className={classes.toggle}
            aria-label={open ? `Hide the options of ${label}` : `Show the options of ${label}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (open) close();
              else setOpen(true);
              inputRef.current?.focus();
            }}
          >
            <IconChevronDown size={16} />
          </button>
        </div>
        <ul id={listId} role="listbox" aria-multiselectable="true" aria-label={label} className={classes.listbox} hidden={!open || shown.length === 0}>
          {shown.map((option) => {
            const isChosen = chosen.includes(option.id);
            return (
              <li
                key={option.id}
                id={optionElementId(option)}
                role="option"
                aria-selected={isChosen}
                aria-disabled={(!isChosen && full) || undefined}
                className={classes.option}
                data-active={option.id === activeId || undefined}
                // A press picks the option (the keyboard's way is Enter in the field, which keeps the focus): the
                // field keeps the focus, and the list stays open for the next pick.
                onMouseDown={(event) => {
                  event.preventDefault();
                  if (event.button !== 0) return;
                  setActiveId(option.id);
                  toggle(option);
                }}
              >
                <span className={classes.box} aria-hidden="true">
                  {isChosen && <IconCheck size={14} />}
                </span>
                <span>{option.label}</span>
              </li>
            );
          })}
        </ul>
        {open && shown.length === 0 && <p className={classes.empty}>No matching options</p>}
        <p className={classes.visuallyHidden} role="status" aria-live="polite">
          {status}
        </p>
      </div>
    </Question>
  );
}
