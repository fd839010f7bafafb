/**
 * The editor's key listener: one `keydown` listener on the document while the editor is shown, which runs the
 * command of a key press (`model/shortcuts.ts` `shortcutOf`, `EditorState.runCommand`) and takes the key
 * (`preventDefault`) only when a command did something — a shortcut whose command is not registered on this screen
 * (Duplicate on the Results tab) leaves the key to the browser.
 */
import { useEffect, useState } from 'react';
import { isMacPlatform, shortcutOf } from '../model/shortcuts';
import { useEditor } from './editor-context';

/** Input types that hold no text: their keys mean nothing to type. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);

/** True when `target` is where text is typed: a text-like `<input>`, a `<textarea>`, a `<select>`, a rich-text editor. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(target.type);
}

/** True on a Mac (shortcuts use ⌘), read once from the browser. */
export function useIsMac(): boolean {
  const [mac] = useState(() => typeof navigator !== 'undefined' && isMacPlatform(navigator as Navigator & { userAgentData?: { platform?: string } }));
  return mac;
}

/** Listens for the editor's shortcuts while the calling component is mounted (see the module doc). */
export function useEditorShortcuts(): void {
  const { runCommand } = useEditor();
  const mac = useIsMac();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const id = shortcutOf(event, { mac, inTextField: isTextEntry(event.target) });
      if (id && runCommand(id)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [runCommand, mac]);
}
