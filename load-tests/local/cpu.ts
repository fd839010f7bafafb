/**
 * Where the machine's CPU went during a load test (Linux `/proc`): CPU seconds per process of interest —
 * each supervised child, the load generator (this process), PostgreSQL (every `postgres` process of the
 * machine) and Redis (`redis-server`) — and everything else, between two snapshots.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { round1 } from './stats';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU ticks (user + system) of every process, by pid, with its command name. */
type Snapshot = Map<number, { comm: string; ticks: number }>;

/** Reads `/proc/<pid>/stat` of every process; empty off Linux. */
export function cpuSnapshot(): Snapshot {
  const snapshot: Snapshot = new Map();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return snapshot;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // fields[0] is field 3 (state): utime is field 14, stime field 15.
      const ticks = Number(fields[11]) + Number(fields[12]);
      snapshot.set(Number(pid), { comm, ticks });
    } catch {
      // the process ended meanwhile
    }
  }
  return snapshot;
}

/**
 * CPU seconds used between two snapshots, by group: `named` pids under their names, `postgres` and `redis`
 * by command name, `others` the rest. Processes that started between the snapshots count from zero.
 */
export function cpuSecondsBetween(
  before: Snapshot,
  after: Snapshot,
  named: Record<string, number | undefined>,
): Record<string, number> {
  const nameOf = new Map<number, string>();
  for (const [name, pid] of Object.entries(named)) if (pid !== undefined) nameOf.set(pid, name);
  const totals: Record<string, number> = {};
  for (const [pid, now] of after) {
    const used = now.ticks - (before.get(pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const group =
      nameOf.get(pid) ?? (now.comm === 'postgres' ? 'postgres' : now.comm.startsWith('redis-server') ? 'redis' : 'others');
    totals[group] = (totals[group] ?? 0) + used / TICKS_PER_SECOND;
  }
  return Object.fromEntries(Object.entries(totals).map(([group, seconds]) => [group, Math.round(seconds * 10) / 10]));
}

/** CPU time of the whole machine from /proc/stat: busy and total jiffies (undefined off Linux). */
function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * How busy the machine is (% of all cores over `ms`, one decimal; null off Linux): other work on a shared machine
 * makes a test's figures lower, so the tests wait for a quiet machine and record it.
 */
export async function machineBusyPercent(ms = 2000): Promise<number | null> {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return null;
  return round1(((after.busy - before.busy) / (after.total - before.total)) * 100);
}
