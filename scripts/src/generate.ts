/**
 * `npm run generate`: writes the files generated from the endpoint catalogue for code that cannot import
 * TypeScript (`contracts/src/api/generated.ts`): today the k6 module `load-tests/k6/lib/endpoints.js`. A test
 * (`scripts/test/generated.test.ts`) fails when a committed copy is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '@formloom/contracts/api/catalogue';
import { k6EndpointsModule } from '@formloom/contracts/api/generated';

/** Each generated file: its path from the repository root and its content. */
export function generatedFiles(): { file: string; content: string }[] {
  return [{ file: 'load-tests/k6/lib/endpoints.js', content: k6EndpointsModule(ENDPOINTS) }];
}

if (require.main === module) {
  const root = path.resolve(__dirname, '../..');
  for (const { file, content } of generatedFiles()) {
    writeFileSync(path.join(root, file), content);
    console.log(`wrote ${file}`);
  }
}
