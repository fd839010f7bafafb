/**
 * A tag input as spec 001 §5 describes tag-style inputs (recipients, cc, bcc, approvers' addresses …): typed text
 * splits on commas, each part trimmed, empty parts dropped; a tag commits on Tab, Enter, comma and blur; adding is
 * blocked at `maxTags` (default unlimited). Built on Mantine's TagsInput; `validate` marks a tag invalid (its
 * message shown under the field: 'Invalid email: {value}') without refusing it, so the user sees what to fix.
 */
import { useState, type KeyboardEvent } from 'react';
import { TagsInput } from '@mantine/core';

/** Splits typed or pasted text into tags (spec 001 §5): on commas, trimmed, empties dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Props of {@link TagInput}. */
export interface TagInputProps {
  label: string;
  value: readonly string[];
  onChange(value: string[]): void;
  placeholder?: string;
  description?: string;
  /** At most this many tags (spec 001 §5: default unlimited). */
  maxTags?: number;
  /** An error message for a tag, or `null` when it is fine; the first error is shown under the field. */
  validate?(tag: string): string | null;
  /** A fixed error (from the server or the node's rules), shown when no tag has its own. */
  error?: string;
  disabled?: boolean;
  /** Repeated tags are dropped unless allowed. */
  allowDuplicates?: boolean;
  'data-testid'?: string;
}

/** See the module doc. */
export function TagInput(props: TagInputProps) {
  const { value, onChange, maxTags, validate, allowDuplicates = false } = props;
  const [search, setSearch] = useState('');

  const add = (tags: readonly string[]) => {
    const next = [...value];
    for (const tag of tags) {
      if (maxTags !== undefined && next.length >= maxTags) break;
      if (!allowDuplicates && next.includes(tag)) continue;
      next.push(tag);
    }
    if (next.length !== value.length) onChange(next);
  };

  const commitSearch = () => {
    const tags = splitTags(search);
    setSearch('');
    if (tags.length > 0) add(tags);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Tab commits what is typed and still moves the focus on (spec 001 §5).
    if (event.key === 'Tab' && search.trim() !== '') commitSearch();
  };

  const tagError = validate ? value.map((tag) => validate(tag)).find((message): message is string => message !== null) : undefined;

  return (
    <TagsInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      value={[...value]}
      onChange={(next) => onChange(next.flatMap(splitTags))}
      searchValue={search}
      onSearchChange={(text) => {
        // A pasted or typed comma splits at once; the rest stays in the field.
        if (text.includes(',')) {
          const parts = text.split(',');
          const rest = parts.pop() ?? '';
          add(parts.flatMap(splitTags));
          setSearch(rest);
          return;
        }
        setSearch(text);
      }}
      onBlur={commitSearch}
      onKeyDown={onKeyDown}
      splitChars={[',']}
      acceptValueOnBlur
      allowDuplicates={allowDuplicates}
      maxTags={maxTags}
      error={tagError ?? props.error}
      disabled={props.disabled}
      clearable={false}
      data-testid={props['data-testid']}
    />
  );
}
