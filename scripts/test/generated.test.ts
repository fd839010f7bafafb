/** The files generated from the endpoint catalogue are committed up to date (`npm run generate` rewrites them). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generatedFiles } from '../src/generate';

test.each(generatedFiles().map(({ file, content }) => [file, content]))('%s is up to date (run `npm run generate`)', (file, content) => {
  expect(readFileSync(path.resolve(__dirname, '../..', file), 'utf8')).toBe(content);
});
