/**
 * Summarises V8 CPU profiles (`node --cpu-prof` → `.cpuprofile`): where the process spent its time, by
 * self time — per function (name, file, line) and per module (a package under node_modules, a file of this
 * repository, or a V8/Node category such as `(garbage collector)` or `(program)`).
 *
 *   npx tsx load-tests/local/profile-summary.ts <file.cpuprofile | directory> [--top=25]
 *
 * Self time of a node = the sum of the sampling intervals (`timeDeltas`) of the samples taken while that
 * node was on top of the stack. A third table gives this repository's functions by inclusive time (the
 * samples with that function anywhere on the stack), which attributes library time to our callers.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The parts of a `.cpuprofile` this script reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** One row of the summary. */
export interface SelfTimeRow {
  name: string;
  selfMs: number;
  percent: number;
}

/** The summary of one profile. */
export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** Time not idle (total minus `(idle)`). */
  busyMs: number;
  functions: SelfTimeRow[];
  modules: SelfTimeRow[];
  /** This repository's functions by inclusive time (their own and everything they called). */
  inclusive: SelfTimeRow[];
}

/** The module a frame belongs to: `pkg:<name>` under node_modules, a repository path, or a category. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return `pkg:${rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return url;
  const repo = url.indexOf('/work/main/');
  return repo >= 0 ? url.slice(repo + '/work/main/'.length) : url.replace(/^file:\/\//, '');
}

/** Summarises one profile file. */
export function summarise(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfByNode) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    totalUs += us;
    if (frame.functionName === '(idle)') idleUs += us;
    const where = frame.url ? `${moduleOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}` : '';
    const fn = `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
    const mod = moduleOf(frame.url, frame.functionName);
    modules.set(mod, (modules.get(mod) ?? 0) + us);
  }
  // Inclusive time of this repository's functions: each sample counts once for every distinct repository
  // frame on its stack (which of our functions the time was spent under, drizzle and pg included).
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const ours = new Map<string, number>();
  for (const [id, us] of selfByNode) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || !frame.url || frame.url.includes('node_modules') || !frame.url.includes('/work/main/')) continue;
      const name = `${frame.functionName || '(anonymous)'} ${moduleOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      ours.set(name, (ours.get(name) ?? 0) + us);
    }
  }
  const busyUs = totalUs - idleUs;
  const rows = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => name !== '(idle)' && !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 1000), percent: Math.round((us / Math.max(1, busyUs)) * 1000) / 10 }));
  return {
    file,
    totalMs: Math.round(totalUs / 1000),
    busyMs: Math.round(busyUs / 1000),
    functions: rows(functions),
    modules: rows(modules),
    inclusive: rows(ours),
  };
}

/**
 * The profiles to summarise under `target`: the file itself, or, in a directory (searched recursively), the
 * largest `.cpuprofile` of each directory — a process's main thread; tsx's module loader thread writes a
 * small one beside it.
 */
export function profilesIn(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  const found: string[] = [];
  const names = readdirSync(target).sort();
  const profiles = names.filter((name) => name.endsWith('.cpuprofile')).map((name) => path.join(target, name));
  const largest = profiles.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (largest) found.push(largest);
  for (const name of names) {
    const child = path.join(target, name);
    if (statSync(child).isDirectory()) found.push(...profilesIn(child));
  }
  return found;
}

/** Prints a summary as two tables (percent of busy time). */
function print(summary: ProfileSummary): void {
  console.log(`\n## ${path.relative(process.cwd(), summary.file)} — busy ${summary.busyMs} ms of ${summary.totalMs} ms`);
  console.log('\nby module (self time, % of busy):');
  for (const row of summary.modules) console.log(`${String(row.percent).padStart(6)} %  ${String(row.selfMs).padStart(7)} ms  ${row.name}`);
  console.log('\nby function (self time, % of busy):');
  for (const row of summary.functions) console.log(`${String(row.percent).padStart(6)} %  ${String(row.selfMs).padStart(7)} ms  ${row.name}`);
  console.log("\nthis repository's functions by inclusive time (% of busy):");
  for (const row of summary.inclusive) console.log(`${String(row.percent).padStart(6)} %  ${String(row.selfMs).padStart(7)} ms  ${row.name}`);
}

if (require.main === module) {
  const target = process.argv[2];
  const top = Number(process.argv.find((arg) => arg.startsWith('--top='))?.slice(6) ?? 25);
  if (!target) {
    console.error('usage: tsx load-tests/local/profile-summary.ts <file.cpuprofile | directory> [--top=25]');
    process.exit(2);
  }
  for (const file of profilesIn(target)) print(summarise(file, top));
}
