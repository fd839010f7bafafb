/**
 * Production build of one Formloom process (a service or the gateway): `npm run build -w @formloom/<name>`
 * runs `tsx ../../scripts/src/build-service.ts` in the package's folder (or pass the folder as the first
 * argument, e.g. `tsx scripts/src/build-service.ts services/flows` from the repository root).
 *
 * It bundles `src/main.ts` with esbuild into `dist/main.js` (+ `dist/main.js.map`): platform node, target
 * node20, CommonJS, source maps (run it with `node --enable-source-maps dist/main.js`).
 *
 * - Our workspace packages (`@formloom/*`, TypeScript sources exported as `./src/*.ts`) are bundled in.
 * - Third-party packages stay external: they are `require`d from `node_modules` at run time, where
 *   `npm ci --omit=dev -w @formloom/<name>` installs them (the container images do exactly that). Native
 *   addons (argon2), WebAssembly loaded from a package's own folder (PGlite) and packages that read files
 *   next to themselves keep working that way.
 * - The allowed externals are the `dependencies` of the package and of every `@formloom/*` package it
 *   depends on, transitively (the kit's, the contracts'). A bare import of anything else fails the build:
 *   it would be missing from the image's `node_modules`.
 *
 * Exits 0 on success (printing the bundle's size), 1 with esbuild's messages otherwise.
 */
import { builtinModules } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/** The fields of a package.json the build reads. */
interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
}

/** Our workspace scope: packages bundled from source. */
export const WORKSPACE_SCOPE = '@formloom/';

/** The repository root: the folder above `scripts/`. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/**
 * Finds a workspace package's folder by name through the root `node_modules` link npm made for it.
 * @throws Error when the workspace package is not linked (run `npm install` at the root).
 */
function workspaceDir(name: string): string {
  const link = path.join(REPO_ROOT, 'node_modules', ...name.split('/'));
  if (!existsSync(path.join(link, 'package.json'))) {
    throw new Error(`build-service: workspace package ${name} is not linked under node_modules`);
  }
  return link;
}

/**
 * The third-party packages a bundle may leave external: the `dependencies` of `packageDir`'s package and of
 * the `@formloom/*` packages it depends on, transitively. Returns package names (`fastify`, `@fastify/otel`).
 */
export function allowedExternals(packageDir: string): Set<string> {
  const externals = new Set<string>();
  const seen = new Set<string>();
  const visit = (dir: string) => {
    const pkg = readPackageJson(dir);
    if (seen.has(pkg.name)) return;
    seen.add(pkg.name);
    for (const dependency of Object.keys(pkg.dependencies ?? {})) {
      if (dependency.startsWith(WORKSPACE_SCOPE)) visit(workspaceDir(dependency));
      else externals.add(dependency);
    }
  };
  visit(packageDir);
  return externals;
}

/** The package name of a bare import: `fastify/types` → `fastify`, `@fastify/otel/x` → `@fastify/otel`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const BUILTINS = new Set(builtinModules);

/**
 * An esbuild plugin that keeps declared third-party packages external, lets `@formloom/*` and relative
 * imports be bundled, and fails on an undeclared third-party import (naming the importer).
 */
function externalsPlugin(packageName: string, externals: Set<string>): Plugin {
  return {
    name: 'formloom-externals',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
        const spec = args.path;
        if (spec.startsWith('node:') || BUILTINS.has(spec) || BUILTINS.has(packageNameOf(spec))) {
          return { path: spec, external: true };
        }
        if (spec.startsWith(WORKSPACE_SCOPE)) return undefined;
        if (externals.has(packageNameOf(spec))) return { path: spec, external: true };
        return {
          errors: [
            {
              text:
                `"${packageNameOf(spec)}" is imported but is not a dependency of ${packageName} or of the ` +
                `@formloom packages it depends on; add it to the right package.json`,
            },
          ],
        };
      });
    },
  };
}

/** Options of {@link buildService}. */
export interface BuildServiceOptions {
  /**
   * Where to write the bundle (default `<packageDir>/dist/main.js`). Keep it inside the package folder: the
   * bundle `require`s its external packages from the `node_modules` folders above it.
   */
  outfile?: string;
}

/**
 * Bundles `<packageDir>/src/main.ts` into `<packageDir>/dist/main.js` (or `options.outfile`).
 * @returns the bundle's path and size in bytes.
 * @throws when esbuild reports an error (an undeclared import, a syntax error …).
 */
export async function buildService(
  packageDir: string,
  options: BuildServiceOptions = {},
): Promise<{ outfile: string; bytes: number }> {
  const dir = path.resolve(packageDir);
  const pkg = readPackageJson(dir);
  const outfile = path.resolve(options.outfile ?? path.join(dir, 'dist', 'main.js'));
  await build({
    entryPoints: [path.join(dir, 'src', 'main.ts')],
    outfile,
    absWorkingDir: dir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalsPlugin(pkg.name, allowedExternals(dir))],
  });
  return { outfile, bytes: statSync(outfile).size };
}

if (require.main === module) {
  const target = process.argv[2] ?? process.cwd();
  buildService(target).then(
    ({ outfile, bytes }) => {
      console.log(`built ${path.relative(REPO_ROOT, outfile)} (${(bytes / 1024).toFixed(0)} KiB)`);
    },
    (error: unknown) => {
      if (!(error instanceof Error && 'errors' in error)) console.error(error);
      process.exit(1);
    },
  );
}
