/**
 * Identifiers as the rest of the system relies on them: UUIDv7 that are unique and sort in creation order
 * (submissions and runs are paged by them), and public identifiers without look-alike characters.
 */
import { publicIdentifier, uuidv7 } from '../src/ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it('makes UUIDv7 ids that are unique and sort in the order they were made, many per millisecond', () => {
  const ids = Array.from({ length: 20_000 }, () => uuidv7());
  expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(ids);
});

it('puts the current time in the first 48 bits', () => {
  const before = Date.now();
  const id = uuidv7();
  const msecs = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
  expect(msecs).toBeGreaterThanOrEqual(before);
  expect(msecs).toBeLessThanOrEqual(Date.now() + 1);
});

it('makes public identifiers of the asked length without look-alike characters', () => {
  const ids = Array.from({ length: 1000 }, () => publicIdentifier());
  expect(ids.every((id) => /^[2-9a-km-zA-HJ-NP-Z]{12}$/.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
});
