/**
 * The public form's JavaScript budget (docs/architecture.md "The public form's bundle"), measured on the build
 * output (`web/dist`, written by `npm run build:web`, which `npm test` runs first): everything `form.html`
 * loads before the form can paint — its entry chunk and every chunk it imports, statically or not — is at most
 * {@link FORM_JS_BUDGET_BYTES} gzipped, counted as the files the servers send (the build's `.gz` copies), and none
 * of it comes from the editor's libraries (Mantine, react-router, TanStack Query, dnd-kit) or zod, read from the
 * chunks' source maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(__dirname, '..', 'dist');

/** 100 KB of gzipped JavaScript for the public form. */
const FORM_JS_BUDGET_BYTES = 100 * 1024;

/** Packages the public form must not carry (the app's UI library, router and cache, the editor's drag and drop, zod). */
const FORBIDDEN_PACKAGES = ['@mantine/', '@tanstack/', 'react-router', '@dnd-kit/', 'zod/', '@floating-ui/'];

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

/** The chunks `entry` loads: itself and every chunk it imports, statically or dynamically, transitively. */
function chunksOf(chunks: Record<string, ManifestChunk>, entry: string): ManifestChunk[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = chunks[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return [...seen].map((key) => chunks[key]!);
}

/** The gzipped size of a built file: its `.gz` copy (what the servers send), or gzip level 9 when it has none. */
function gzippedBytes(file: string): number {
  const full = path.join(DIST, file);
  return existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(readFileSync(full), { level: 9 }).length;
}

/** The source files a built chunk holds, from its source map. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(path.join(DIST, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources;
}

describe('the public form’s bundle', () => {
  const chunks = manifest();
  const form = chunksOf(chunks, 'form.html');

  it(`is at most ${FORM_JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript`, () => {
    const sizes = Object.fromEntries(form.map((chunk) => [chunk.file, gzippedBytes(chunk.file)]));
    const total = Object.values(sizes).reduce((sum, bytes) => sum + bytes, 0);
    // The sizes are in the message when it fails: the chunk that grew is the one to look at.
    expect(total <= FORM_JS_BUDGET_BYTES ? 'within budget' : `${total} bytes: ${JSON.stringify(sizes)}`).toBe('within budget');
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
    const files = new Set(form.map((chunk) => chunk.file));
    expect(scripts).toEqual([chunks['form.html']!.file]);
    expect(preloaded.filter((file) => !files.has(file))).toEqual([]);
  });

  it('would notice a forbidden package (the app’s own entry carries Mantine)', () => {
    const app = chunksOf(chunks, 'index.html');
    expect(app.some((chunk) => sourcesOf(chunk.file).some((source) => source.includes('node_modules/@mantine/')))).toBe(true);
  });
});
