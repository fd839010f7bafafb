/**
 * The editor's keyboard shortcuts, listed once: which keys run which action, whether they also work while the focus
 * is in a text field, and how they are written on this platform. The editor's key listener
 * (`components/use-editor-shortcuts.ts`) and the 'Keyboard shortcuts' dialog (`components/shortcuts-dialog.tsx`) both
 * read {@link EDITOR_SHORTCUTS}, so the dialog lists exactly what the keys do. The actions' names are
 * `copy.editor.shortcuts`.
 *
 * Keys are written `mod+shift+z`: `mod` is ⌘ on a Mac and Ctrl elsewhere (strictly: Ctrl+D on a Mac is a text
 * field's "delete forward", never Duplicate). A binding that `waits` in text fields does nothing while the focus is in
 * an `<input>`, `<textarea>`, `<select>` or rich-text editor, where its keys edit the text (Ctrl+Z undoes typing,
 * Alt+↑ moves the caret on a Mac, `?` is a character); the others there have no meaning and work everywhere. A key
 * some other handler already took (`defaultPrevented`: a drag in progress, a rich-text editor's own binding) is left
 * alone. Pure.
 */

/** The editor's actions that have keys. */
export type ShortcutId =
  | 'undo'
  | 'redo'
  | 'save'
  | 'publish'
  | 'addQuestion'
  | 'duplicateQuestion'
  | 'moveQuestionUp'
  | 'moveQuestionDown'
  | 'showShortcuts';

/** One set of keys for an action. */
export interface KeyBinding {
  /** `mod`, `shift`, `alt` and one key joined by `+`, lower case (`mod+shift+z`, `alt+arrowup`, `?`). */
  combo: string;
  /** The keys work while the focus is in a text field (they mean nothing there). Default: they wait. */
  inTextFields?: boolean;
}

/** An action, its keys, and the dialog's section it is listed in. */
export interface Shortcut {
  id: ShortcutId;
  keys: readonly KeyBinding[];
  section: 'editing' | 'questions';
}

/** Every shortcut of the editor, in the dialog's order. */
export const EDITOR_SHORTCUTS: readonly Shortcut[] = [
  { id: 'undo', section: 'editing', keys: [{ combo: 'mod+z' }] },
  { id: 'redo', section: 'editing', keys: [{ combo: 'mod+shift+z' }, { combo: 'mod+y' }] },
  { id: 'save', section: 'editing', keys: [{ combo: 'mod+s', inTextFields: true }] },
  { id: 'publish', section: 'editing', keys: [{ combo: 'mod+enter', inTextFields: true }] },
  { id: 'showShortcuts', section: 'editing', keys: [{ combo: '?' }, { combo: 'mod+/', inTextFields: true }] },
  { id: 'addQuestion', section: 'questions', keys: [{ combo: 'mod+shift+enter', inTextFields: true }] },
  { id: 'duplicateQuestion', section: 'questions', keys: [{ combo: 'mod+d', inTextFields: true }] },
  { id: 'moveQuestionUp', section: 'questions', keys: [{ combo: 'alt+arrowup' }] },
  { id: 'moveQuestionDown', section: 'questions', keys: [{ combo: 'alt+arrowdown' }] },
];

/** What a key listener knows of a key press. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'defaultPrevented'>;

/** Where the key was pressed: on a Mac or not, and in a text field or not. */
export interface KeyContext {
  mac: boolean;
  inTextField: boolean;
}

interface ParsedCombo {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parseCombo(combo: string): ParsedCombo {
  const parts = combo.split('+');
  // The key itself is the last part; `mod+/` and `?` have no '+' inside their key.
  const key = parts.at(-1) ?? '';
  const modifiers = new Set(parts.slice(0, -1));
  return { mod: modifiers.has('mod'), shift: modifiers.has('shift'), alt: modifiers.has('alt'), key };
}

/** True when `press` is `combo` on this platform (`?` is typed with or without Shift, as the keyboard layout has it). */
function matches(combo: string, press: KeyPress, mac: boolean): boolean {
  const parsed = parseCombo(combo);
  const modPressed = mac ? press.metaKey : press.ctrlKey;
  const otherPressed = mac ? press.ctrlKey : press.metaKey;
  if (parsed.mod !== modPressed || otherPressed || parsed.alt !== press.altKey) return false;
  if (parsed.key !== '?' && parsed.shift !== press.shiftKey) return false;
  return press.key.toLowerCase() === parsed.key;
}

/**
 * The action `press` asks for in `context`, or `null`: none of {@link EDITOR_SHORTCUTS}, a binding that waits in
 * text fields pressed in one, or a key another handler already took.
 */
export function shortcutOf(press: KeyPress, context: KeyContext): ShortcutId | null {
  if (press.defaultPrevented) return null;
  for (const shortcut of EDITOR_SHORTCUTS) {
    for (const binding of shortcut.keys) {
      if (context.inTextField && !binding.inTextFields) continue;
      if (matches(binding.combo, press, context.mac)) return shortcut.id;
    }
  }
  return null;
}

/** How each key is written: on a Mac, then elsewhere. */
const KEY_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  mod: ['⌘', 'Ctrl'],
  shift: ['⇧', 'Shift'],
  alt: ['⌥', 'Alt'],
  enter: ['↩', 'Enter'],
  arrowup: ['↑', '↑'],
  arrowdown: ['↓', '↓'],
};

/** The keys of `combo` as they are written on this platform, in order (`['Ctrl', 'Shift', 'Z']`, `['⌘', '⇧', 'Z']`). */
export function keyNames(combo: string, mac: boolean): string[] {
  return combo.split(/\+(?!$)/).map((part) => {
    const names = KEY_NAMES[part];
    if (names) return mac ? names[0] : names[1];
    return part.length === 1 ? part.toUpperCase() : part;
  });
}

/** `combo` in one piece, for a tooltip: 'Ctrl+Shift+Z' elsewhere, '⌘⇧Z' on a Mac. */
export function comboText(combo: string, mac: boolean): string {
  return keyNames(combo, mac).join(mac ? '' : '+');
}

/** The first keys of action `id` in one piece ({@link comboText}), for a tooltip ('Undo (Ctrl+Z)'). */
export function shortcutText(id: ShortcutId, mac: boolean): string {
  const combo = EDITOR_SHORTCUTS.find((shortcut) => shortcut.id === id)?.keys[0]?.combo;
  return combo ? comboText(combo, mac) : '';
}

/** True on Apple's systems, whose shortcuts use ⌘ (`navigator.platform`, or the user-agent data's platform). */
export function isMacPlatform(navigatorLike: { platform?: string; userAgentData?: { platform?: string } }): boolean {
  return /mac|iphone|ipad|ipod/i.test(navigatorLike.userAgentData?.platform ?? navigatorLike.platform ?? '');
}
