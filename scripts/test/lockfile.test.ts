/**
 * `npm ci` installs from the committed lockfile only when the lockfile names every optional dependency of
 * every locked package (npm/cli#4828): npm 11 leaves out optional platform packages it cannot resolve on the
 * registry (a native binary published for some platforms only at that version), and `npm ci` then refuses
 * the lockfile with "Missing: <package> from lock file". This checks the lockfile the way `npm ci` does,
 * without the network, so a dependency bump that brings such a package fails here rather than on a fresh
 * machine. The fix is a pin in the root `package.json` (`overrides`) to a version whose platform packages all
 * resolve (docs/architecture.md, decisions).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `location` (`node_modules/a/node_modules/b` …). */
function resolves(location: string, name: string): boolean {
  let base = location;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
    // A workspace folder (`services/kit`) resolves from the root.
    if (!base.includes('node_modules')) base = '';
  }
}

test('the lockfile is version 3 and names every optional dependency of every locked package', () => {
  expect(lock.lockfileVersion).toBe(3);
  const missing: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolves(location, name)) missing.push(`${name} (optional dependency of ${location || 'the root'})`);
    }
  }
  expect(missing).toEqual([]);
});
