/** The editor's undo history (src/features/editor/model/history.ts). */
import { COALESCE_MS, HISTORY_LIMIT, record, redo, replacePresent, startHistory, undo } from '../../../src/features/editor/model/history';

it('undoes and redoes edit by edit, and a new edit drops what was undone', () => {
  let h = startHistory('a');
  h = record(h, 'b', 1_000);
  h = record(h, 'c', 1_000 + COALESCE_MS + 1);
  expect(undo(h).present).toBe('b');
  expect(undo(undo(h)).present).toBe('a');
  expect(undo(undo(undo(h))).present).toBe('a');
  expect(redo(undo(undo(h))).present).toBe('b');
  const branched = record(undo(h), 'x', 5_000);
  expect(branched.future).toEqual([]);
  expect(undo(branched).present).toBe('b');
});

it('makes one step of edits that follow each other quickly (typing)', () => {
  let h = startHistory('');
  for (const [i, text] of ['Y', 'Yo', 'You', 'Your'].entries()) h = record(h, text, 1_000 + i * 100);
  expect(h.past).toEqual(['']);
  expect(undo(h).present).toBe('');
});

it('keeps the server’s copy of a save without making a step, and at most HISTORY_LIMIT steps', () => {
  let h = record(startHistory('a'), 'b', 1_000);
  h = replacePresent(h, 'B');
  expect(h.present).toBe('B');
  expect(h.past).toEqual(['a']);
  let long = startHistory(0);
  for (let i = 1; i <= HISTORY_LIMIT + 10; i += 1) long = record(long, i, i * 10_000);
  expect(long.past).toHaveLength(HISTORY_LIMIT);
});

it('makes a separate edit one step of its own, however quickly it follows or is followed', () => {
  let h = record(startHistory('a'), 'ab', 1_000);
  h = record(h, 'moved', 1_100, { separate: true });
  h = record(h, 'moved!', 1_200);
  expect(undo(h).present).toBe('moved');
  expect(undo(undo(h)).present).toBe('ab');
  expect(undo(undo(undo(h))).present).toBe('a');
});
