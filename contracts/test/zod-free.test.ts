/**
 * The modules the public form runs in the browser must not load zod at runtime (docs/architecture.md "The
 * public form's bundle": zod alone is ~90 KB of gzipped JavaScript, the form's whole budget is 100 KB). Each
 * entry below is bundled with esbuild as a browser build would, and the test fails with the import chain
 * that reaches zod. Type-only imports are erased and never count.
 */
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

const SRC = path.resolve(__dirname, '..', 'src');

/** What the public form imports from contracts at runtime (and so must stay zod-free). */
const ZOD_FREE_ENTRIES = [
  'answers/registry.ts',
  'rules/answers.ts',
  'rules/steps.ts',
  'rules/conditions.ts',
  'rules/condition-text.ts',
  'rules/piping.ts',
  'rules/url-params.ts',
  'rules/page-path.ts',
  'rules/defaults.ts',
  'rules/rich-text.ts',
  'rules/rich-text-convert.ts',
  'logic.ts',
  'copy.ts',
  'limits.ts',
  'api/public-form-routes.ts',
  'rules/form-settings.ts',
  'countries.ts',
  'rules/themes.ts',
  'templates/catalogue.ts',
  'templates/categories.ts',
  'rules/template-thumbnails.ts',
];

/** Bundles `entry` (relative to `contracts/src`) as a browser build would; resolves the metafile and the entry's key in it. */
async function bundle(entry: string): Promise<{ metafile: Metafile; entryKey: string }> {
  const result = await build({
    entryPoints: [path.join(SRC, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
    absWorkingDir: path.resolve(__dirname, '..', '..'),
  });
  const entryKey = Object.keys(result.metafile.inputs).find((file) => file.endsWith(`contracts/src/${entry}`));
  if (!entryKey) throw new Error(`${entry} is not in its own bundle's inputs`);
  return { metafile: result.metafile, entryKey };
}

/** The first chain of runtime imports from `entry` to a file of the zod package, or `null` when none. */
function chainToZod(metafile: Metafile, entry: string): string[] | null {
  const isZod = (file: string) => /(^|\/)node_modules\/zod\//.test(file);
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (isZod(file)) {
      const chain: string[] = [];
      for (let at: string | null = file; at !== null; at = previous.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.external || previous.has(imported.path)) continue;
      previous.set(imported.path, file);
      queue.push(imported.path);
    }
  }
  return null;
}

describe('the public form’s contracts modules load no zod', () => {
  it.each(ZOD_FREE_ENTRIES)('%s', async (entry) => {
    const { metafile, entryKey } = await bundle(entry);
    expect(chainToZod(metafile, entryKey)).toBeNull();
  });

  it('would notice zod: a schema module reaches it', async () => {
    const { metafile, entryKey } = await bundle('entities/flow-template.ts');
    expect(chainToZod(metafile, entryKey)?.at(-1)).toMatch(/node_modules\/zod\//);
  });
});
