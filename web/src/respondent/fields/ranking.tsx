/**
 * Ranking on the public form: the options as a numbered list the respondent reorders with two buttons per
 * option, 'Move <option> up' and 'Move <option> down' (keyboard and screen-reader friendly; no drag-and-drop
 * library in the public form's bundle). The focus stays on the button pressed as its option moves, and the new
 * place is announced ('Price, 1 of 3'). At the top 'Move up' stays focusable but does nothing (`aria-disabled`),
 * so the focus is never lost; likewise 'Move down' at the bottom. Until the respondent moves an option the
 * question has no answer; after that the answer is every option id in the order shown.
 */
import { useEffect, useRef, useState } from 'react';
import type { WidgetOption } from '@formloom/contracts/entities/flow-template';
import { IconChevronDown, IconChevronUp } from '../../ui/icons';
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './ranking.module.css';

/** The options in the respondent's order: those of `value` first (known ids only), then any others in template order. */
export function rankedOptions(options: readonly WidgetOption[], value: unknown): WidgetOption[] {
  const ids = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const byId = new Map(options.map((option) => [option.id, option]));
  const ranked = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  return [...ranked, ...options.filter((option) => !ranked.includes(option))];
}

/** Which button of which option to focus once the list has re-rendered. */
interface PendingFocus {
  optionId: string;
  direction: 'up' | 'down';
}

/** The Ranking renderer; the answer is every option id, first = ranked highest. */
export function RankingField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Ranking'>>) {
  const { label, required, options } = widget.template;
  const order = rankedOptions(options, value);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<PendingFocus | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // After the list re-rendered in its new order, the pressed button (now at the moved option's new place) has the
  // focus: React reorders the items by moving elements, and a browser may drop the focus of a moved element.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    buttons.current.get(`${pending.optionId}:${pending.direction}`)?.focus();
  });

  function move(index: number, direction: 'up' | 'down') {
    const target = direction === 'up' ? index - 1 : index + 1;
    const moved = order[index];
    if (!moved || target < 0 || target >= order.length) return;
    const next = [...order];
    next.splice(index, 1);
    next.splice(target, 0, moved);
    onChange(next.map((option) => option.id));
    pendingFocus.current = { optionId: moved.id, direction };
    setAnnouncement(`${moved.label}, ${target + 1} of ${order.length}`);
  }

  const register = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <Question inputId={inputId} label={label} required={required} error={error} hint="Use the arrows to put the options in order, your first choice at the top." kind="group">
      <ol className={classes.list} data-ranked={Array.isArray(value) || undefined}>
        {order.map((option, index) => {
          const first = index === 0;
          const last = index === order.length - 1;
          return (
            <li key={option.id} className={classes.item}>
              <span className={classes.rank} aria-hidden="true">
                {index + 1}
              </span>
              <span className={classes.label}>{option.label}</span>
              <span className={classes.buttons}>
                <button
                  ref={register(`${option.id}:up`)}
                  id={first ? inputId : undefined}
                  type="button"
                  className={classes.move}
                  aria-label={`Move ${option.label} up`}
                  aria-disabled={first || undefined}
                  onClick={() => move(index, 'up')}
                >
                  <IconChevronUp size={18} />
                </button>
                <button
                  ref={register(`${option.id}:down`)}
                  type="button"
                  className={classes.move}
                  aria-label={`Move ${option.label} down`}
                  aria-disabled={last || undefined}
                  onClick={() => move(index, 'down')}
                >
                  <IconChevronDown size={18} />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className={classes.status} aria-live="polite" data-testid="ranking-status">
        {announcement}
      </p>
    </Question>
  );
}
