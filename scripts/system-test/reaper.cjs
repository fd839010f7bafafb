/**
 * The fault suite's reaper (see `run.ts`): a small detached process that outlives a test run which ended
 * early (a crash, Ctrl-C, a killed jest) and cleans up after it. Usage: `node reaper.cjs <parent pid> <run dir>
 * <marker>`.
 *
 * Every 500 ms: when `<run dir>/reaper.json` is gone, the run cleaned up after itself — exit. When the
 * parent process is gone: SIGQUIT the postmaster of each cluster under the run directory (immediate
 * shutdown, its `postmaster.pid`), SIGKILL the run's Redis (its `redis.pid`), then SIGKILL every process whose
 * environment carries `FORMLOOM_SYSTEM_TEST_RUN=<marker>` (the services the supervisor started, and only
 * those), then delete the run directory and exit.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [parentPid, runDir, marker] = process.argv.slice(2);
const needle = `FORMLOOM_SYSTEM_TEST_RUN=${marker}`;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function markedProcesses() {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(needle)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** The pids in the pid files named `name` under `dir` (a few levels deep). */
function pidFiles(dir, name, depth = 0) {
  const found = [];
  if (depth > 3) return found;
  let entries = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) {
      const pid = Number(fs.readFileSync(full, 'utf8').split('\n')[0]);
      if (Number.isInteger(pid) && pid > 0) found.push(pid);
    } else if (entry.isDirectory()) {
      found.push(...pidFiles(full, name, depth + 1));
    }
  }
  return found;
}

function signal(pids, name) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

function reap() {
  signal(pidFiles(runDir, 'postmaster.pid'), 'SIGQUIT');
  // redis-server overwrites its environment (process title): it is found by its pid file instead.
  signal(pidFiles(runDir, 'redis.pid'), 'SIGKILL');
  setTimeout(() => {
    signal(markedProcesses(), 'SIGKILL');
    setTimeout(() => {
      fs.rmSync(runDir, { recursive: true, force: true });
      process.exit(0);
    }, 1_000);
  }, 1_000);
}

const timer = setInterval(() => {
  if (!fs.existsSync(path.join(runDir, 'reaper.json'))) process.exit(0);
  if (!alive(Number(parentPid))) {
    clearInterval(timer);
    reap();
  }
}, 500);
