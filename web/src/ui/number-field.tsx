/**
 * A Mantine `NumberInput` bound to a stored number that lets the user type freely: what is typed shows as typed
 * ('-', '1.', an empty field) and only a finite number — or, with `allowEmpty`, an empty field — is handed to
 * `onChange`. Leaving the field shows the stored value again. A plain controlled `NumberInput` cannot do this: a
 * half-typed '-' is no number, so mapping it to the store's empty value wipes it, and negative numbers cannot be
 * typed.
 */
import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

/** Props of {@link NumberField}: those of `NumberInput` but its value, and the stored value with its setter. */
export interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The stored number; `undefined` for none (the field is empty). */
  value: number | undefined;
  /** Gets each finite number typed, and `undefined` when the field is emptied with `allowEmpty`. */
  onChange: (value: number | undefined) => void;
  /** An empty field is a value (`undefined`); otherwise the stored number stays and shows again on leaving. */
  allowEmpty?: boolean;
}

/** The field (see the module doc). */
export function NumberField({ value, onChange, allowEmpty = false, onBlur, ...props }: NumberFieldProps) {
  const stored = value ?? '';
  const [text, setText] = useState<number | string>(stored);
  const [seen, setSeen] = useState<number | string>(stored);
  // The stored value changed elsewhere (undo, another field): show it (React's "adjusting state when a prop changes").
  if (seen !== stored) {
    setSeen(stored);
    setText(stored);
  }
  return (
    <NumberInput
      {...props}
      value={text}
      onChange={(next) => {
        setText(next);
        if (typeof next === 'number' && Number.isFinite(next)) {
          setSeen(next);
          onChange(next);
        } else if (next === '' && allowEmpty) {
          setSeen('');
          onChange(undefined);
        }
      }}
      onBlur={(event) => {
        // A half-typed number ('-', '' without allowEmpty) gives way to the stored one; numbers stay (and clamp).
        if (typeof text !== 'number') setText(stored);
        onBlur?.(event);
      }}
    />
  );
}
