/**
 * The public form's JavaScript budget (docs/architecture.md "The public form's bundle"), measured on the build
 * output (`web/dist`, written by `npm run build:web`, which `npm test` runs first): everything `form.html`
 * loads before the form can paint — its entry chunk and every chunk it imports statically — is at most
 * {@link FORM_JS_BUDGET_BYTES} gzipped; with the renderers it loads on demand (`respondent/fields/lazy.tsx`,
 * dynamic imports) at most {@link FORM_JS_TOTAL_BYTES}; counted as the files the servers send (the build's `.gz`
 * copies). None of it comes from the editor's libraries (Mantine, react-router, TanStack Query, dnd-kit, Tiptap) or zod,
 * read from the chunks' source maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(__dirname, '..', 'dist');

/** 100 KB of gzipped JavaScript before the public form paints. */
const FORM_JS_BUDGET_BYTES = 100 * 1024;
/** 120 KB of gzipped JavaScript for the public form with every question type's renderer loaded. */
const FORM_JS_TOTAL_BYTES = 120 * 1024;

/**
 * Packages the public form must not carry (the app's UI library, router and cache, the editor's drag and drop and
 * rich text editor, zod).
 */
const FORBIDDEN_PACKAGES = ['@mantine/', '@tanstack/', 'react-router', '@dnd-kit/', '@tiptap/', 'prosemirror-', 'zod/', '@floating-ui/'];

/** One entry of Vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function manifest(): Record<string, ManifestChunk> {
  const file = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error('web/dist/.vite/manifest.json is missing: run `npm run build:web`');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * The chunks `entry` loads: itself and every chunk it imports, transitively; statically only (`paint`: what loads
 * before the page can run) or with dynamic imports too (`all`).
 */
function chunksOf(chunks: Record<string, ManifestChunk>, entry: string, which: 'paint' | 'all' = 'all'): ManifestChunk[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = chunks[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    for (const next of [...(chunk.imports ?? []), ...(which === 'all' ? (chunk.dynamicImports ?? []) : [])]) visit(next);
  };
  visit(entry);
  return [...seen].map((key) => chunks[key]!);
}

/** The gzipped size of a built file: its `.gz` copy (what the servers send), or gzip level 9 when it has none. */
function gzippedBytes(file: string): number {
  const full = path.join(DIST, file);
  return existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(readFileSync(full), { level: 9 }).length;
}

/** The source files a built chunk holds, from its source map (none for the bundler's own runtime, which has no map). */
function sourcesOf(file: string): string[] {
  if (!existsSync(path.join(DIST, `${file}.map`))) return [];
  const map = JSON.parse(readFileSync(path.join(DIST, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources;
}

describe('the public form’s bundle', () => {
  const chunks = manifest();
  const form = chunksOf(chunks, 'form.html');
  const paint = chunksOf(chunks, 'form.html', 'paint');

  /** 'within budget', or the total and each chunk's size: the chunk that grew is the one to look at. */
  function budgetCheck(loaded: ManifestChunk[], budget: number): string {
    const sizes = Object.fromEntries(loaded.map((chunk) => [chunk.file, gzippedBytes(chunk.file)]));
    const total = Object.values(sizes).reduce((sum, bytes) => sum + bytes, 0);
    return total <= budget ? 'within budget' : `${total} bytes: ${JSON.stringify(sizes)}`;
  }

  it(`paints with at most ${FORM_JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript`, () => {
    expect(budgetCheck(paint, FORM_JS_BUDGET_BYTES)).toBe('within budget');
  });

  it(`is at most ${FORM_JS_TOTAL_BYTES / 1024} KB of gzipped JavaScript with every renderer loaded`, () => {
    expect(budgetCheck(form, FORM_JS_TOTAL_BYTES)).toBe('within budget');
  });

  it('loads the large, less common renderers on demand, not before the form paints', () => {
    const painted = new Set(paint.flatMap((chunk) => sourcesOf(chunk.file)));
    const onDemand = ['multi-select.tsx', 'signature.tsx', 'file-upload.tsx', 'address.tsx', 'ranking.tsx', 'matrix.tsx'];
    expect(onDemand.filter((name) => [...painted].some((source) => source.endsWith(`respondent/fields/${name}`)))).toEqual([]);
    const all = new Set(form.flatMap((chunk) => sourcesOf(chunk.file)));
    expect(onDemand.filter((name) => ![...all].some((source) => source.endsWith(`respondent/fields/${name}`)))).toEqual([]);
  });

  it('carries none of the app’s UI library, router, query cache or drag and drop, nor zod', () => {
    const offending = form.flatMap((chunk) =>
      sourcesOf(chunk.file)
        .filter((source) => FORBIDDEN_PACKAGES.some((name) => source.includes(`node_modules/${name}`)))
        .map((source) => `${chunk.file}: ${source}`),
    );
    expect(offending).toEqual([]);
  });

  it('is the only script form.html loads', () => {
    const page = readFileSync(path.join(DIST, 'form.html'), 'utf8');
    const scripts = [...page.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!.replace(/^\//, ''));
    const preloaded = [...page.matchAll(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]!.replace(/^\//, ''));
    const files = new Set(paint.map((chunk) => chunk.file));
    expect(scripts).toEqual([chunks['form.html']!.file]);
    expect(preloaded.filter((file) => !files.has(file))).toEqual([]);
  });

  it('would notice a forbidden package (the app’s own entry carries Mantine)', () => {
    const app = chunksOf(chunks, 'index.html');
    expect(app.some((chunk) => sourcesOf(chunk.file).some((source) => source.includes('node_modules/@mantine/')))).toBe(true);
  });
});
