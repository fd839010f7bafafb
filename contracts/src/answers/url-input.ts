/** URLInput's answer rules (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import * as copy from '../copy';
import { URL_MAX_LENGTH } from '../limits';
import { defineAnswerRules } from './define';
import { checkTrimmed, displayText } from './shared/text';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:(?!\d)/;

/**
 * URLInput: an `http://` or `https://` URL whose host contains a dot (`https://example.com/a?b`, an IPv4
 * address), or a bare domain without a scheme (`example.com`, `www.example.com/path`), which is read as
 * `https://…`. Other schemes (`ftp:`, `mailto:`, `javascript:`), whitespace, hosts without a dot
 * (`localhost`) and more than `URL_MAX_LENGTH` characters are refused. `value` is tested as given.
 */
export function isValidUrl(value: string): boolean {
  if (value.length > URL_MAX_LENGTH || /\s/.test(value)) return false;
  const hasScheme = value.includes('://') || SCHEME.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return false;
  }
  const labels = url.hostname.split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

/** URLInput: a web address, stored trimmed; `copy.answers.invalidUrl` otherwise. */
export const urlInputRules = defineAnswerRules({
  type: 'URLInput',
  takesDefault: true,
  checkAnswer: (value) => checkTrimmed(value, isValidUrl, copy.answers.invalidUrl),
  displayAnswer: displayText,
});
