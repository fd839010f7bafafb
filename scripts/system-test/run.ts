/**
 * One fault-suite run: a temporary directory holding everything the run starts (the throw-away Redis and
 * PostgreSQL, the services' log), a marker every started process carries in its environment
 * (`FORMLOOM_SYSTEM_TEST_RUN=<random>`), and a reaper.
 *
 * Clean-up: `finish()` (in `afterAll`, after the servers' own `cleanup()`) deletes the directory and stops the
 * reaper. The reaper (`reaper.cjs`, a detached process) covers a run that ends early — jest crashing, killed,
 * or interrupted — where `afterAll` never runs (and process `exit` hooks do not either: jest gives tests
 * their own `process` object): once this process is gone it kills the processes carrying the marker (only
 * those), stops the clusters under the directory and deletes it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The environment variable that marks every process a run starts. */
export const RUN_MARKER_ENV = 'FORMLOOM_SYSTEM_TEST_RUN';

/** A fault-suite run (see the module doc). */
export interface SystemTestRun {
  /** The run's directory (mode 0755 so the `postgres` OS user can reach its cluster inside). */
  readonly dir: string;
  /** The marker value of `FORMLOOM_SYSTEM_TEST_RUN`. */
  readonly marker: string;
  /** `process.env` plus the marker: the environment for everything the run starts. */
  readonly env: Record<string, string | undefined>;
  /** Deletes the directory and lets the reaper exit. Idempotent. */
  finish(): void;
}

/** Creates the run's directory and starts its reaper. */
export function startRun(): SystemTestRun {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formloom-system-'));
  chmodSync(dir, 0o755);
  const marker = randomBytes(8).toString('hex');
  writeFileSync(path.join(dir, 'reaper.json'), JSON.stringify({ parentPid: process.pid, marker }));
  const reaper = spawn(process.execPath, [path.join(__dirname, 'reaper.cjs'), String(process.pid), dir, marker], {
    detached: true,
    stdio: 'ignore',
  });
  reaper.unref();
  let finished = false;
  return {
    dir,
    marker,
    env: { ...process.env, [RUN_MARKER_ENV]: marker },
    finish() {
      if (finished) return;
      finished = true;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
