/**
 * The editor's keyboard shortcuts as keys (src/features/editor/model/shortcuts.ts): which action a key press asks
 * for on a PC and on a Mac, that keys which edit text are left to a text field, and how the dialog and the tooltips
 * write them.
 */
import * as copy from '@formloom/contracts/copy';
import { comboText, EDITOR_SHORTCUTS, isMacPlatform, keyNames, shortcutOf, shortcutText, type KeyPress } from '../../../src/features/editor/model/shortcuts';

/** A key press: `key` with the given modifiers. */
function press(key: string, modifiers: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress {
  return { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, defaultPrevented: false, ...modifiers };
}

const pc = { mac: false, inTextField: false };
const mac = { mac: true, inTextField: false };
const typing = { mac: false, inTextField: true };

it('runs each action from its keys on a PC (Ctrl) and on a Mac (⌘)', () => {
  expect(shortcutOf(press('z', { ctrlKey: true }), pc)).toBe('undo');
  expect(shortcutOf(press('Z', { ctrlKey: true, shiftKey: true }), pc)).toBe('redo');
  expect(shortcutOf(press('y', { ctrlKey: true }), pc)).toBe('redo');
  expect(shortcutOf(press('s', { ctrlKey: true }), pc)).toBe('save');
  expect(shortcutOf(press('Enter', { ctrlKey: true }), pc)).toBe('publish');
  expect(shortcutOf(press('Enter', { ctrlKey: true, shiftKey: true }), pc)).toBe('addQuestion');
  expect(shortcutOf(press('d', { ctrlKey: true }), pc)).toBe('duplicateQuestion');
  expect(shortcutOf(press('ArrowUp', { altKey: true }), pc)).toBe('moveQuestionUp');
  expect(shortcutOf(press('ArrowDown', { altKey: true }), pc)).toBe('moveQuestionDown');
  expect(shortcutOf(press('?', { shiftKey: true }), pc)).toBe('showShortcuts');
  expect(shortcutOf(press('/', { ctrlKey: true }), pc)).toBe('showShortcuts');

  expect(shortcutOf(press('z', { metaKey: true }), mac)).toBe('undo');
  expect(shortcutOf(press('d', { metaKey: true }), mac)).toBe('duplicateQuestion');
  // Ctrl on a Mac is not ⌘ (Ctrl+D deletes forward in a Mac text field), nor ⌘ on a PC the Ctrl key.
  expect(shortcutOf(press('d', { ctrlKey: true }), mac)).toBeNull();
  expect(shortcutOf(press('z', { metaKey: true }), pc)).toBeNull();
  // Other keys and other modifiers are no shortcut.
  expect(shortcutOf(press('d'), pc)).toBeNull();
  expect(shortcutOf(press('d', { ctrlKey: true, altKey: true }), pc)).toBeNull();
  expect(shortcutOf(press('ArrowUp'), pc)).toBeNull();
});

it('leaves keys that edit text to a text field; the others work there too', () => {
  expect(shortcutOf(press('z', { ctrlKey: true }), typing)).toBeNull();
  expect(shortcutOf(press('Z', { ctrlKey: true, shiftKey: true }), typing)).toBeNull();
  expect(shortcutOf(press('ArrowUp', { altKey: true }), typing)).toBeNull();
  expect(shortcutOf(press('?', { shiftKey: true }), typing)).toBeNull();
  expect(shortcutOf(press('s', { ctrlKey: true }), typing)).toBe('save');
  expect(shortcutOf(press('Enter', { ctrlKey: true }), typing)).toBe('publish');
  expect(shortcutOf(press('d', { ctrlKey: true }), typing)).toBe('duplicateQuestion');
  expect(shortcutOf(press('/', { ctrlKey: true }), typing)).toBe('showShortcuts');
  // A key another handler took (a drag in progress, a rich-text editor's own binding) is left alone.
  expect(shortcutOf(press('d', { ctrlKey: true, defaultPrevented: true }), pc)).toBeNull();
});

it('writes the keys as each platform does, and names every action', () => {
  expect(keyNames('mod+shift+z', false)).toEqual(['Ctrl', 'Shift', 'Z']);
  expect(keyNames('mod+shift+z', true)).toEqual(['⌘', '⇧', 'Z']);
  expect(comboText('alt+arrowdown', false)).toBe('Alt+↓');
  expect(comboText('alt+arrowdown', true)).toBe('⌥↓');
  expect(comboText('mod+/', false)).toBe('Ctrl+/');
  expect(comboText('?', true)).toBe('?');
  expect(shortcutText('publish', false)).toBe('Ctrl+Enter');
  expect(shortcutText('undo', true)).toBe('⌘Z');
  for (const shortcut of EDITOR_SHORTCUTS) expect(copy.editor.shortcuts[shortcut.id]).toEqual(expect.any(String));
  expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
  expect(isMacPlatform({ platform: 'Win32' })).toBe(false);
  expect(isMacPlatform({ userAgentData: { platform: 'macOS' } })).toBe(true);
});
