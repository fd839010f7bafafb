/**
 * `npm run bench:canvas`: how long the workflow canvas takes to lay out and render a 20-node workflow, in headless
 * Chromium (docs/benchmarks.md §14; the target: < 100 ms).
 *
 * 1. Starts the whole product in one process (`startEmbedded`) on a throwaway data directory, serving the built web
 *    app (`web/dist`: run `npm run build:web` first).
 * 2. Through the API: signs a user up and creates the load test's 20-node workflow on a form
 *    (`load-tests/local/twenty-nodes.ts`: code, filter, branch, delay, 15 filters, email — 21 cards with the trigger).
 * 3. RUNS times, in a fresh page of the signed-in browser context (1280×900, no network emulation: this measures the
 *    browser's work, not the link), opens `/editor/<form>/workflows-edit/<workflow>` and measures in the page's clock:
 *    from the canvas's User Timing mark `formloom:canvas-layout` (set when it starts laying the template out,
 *    web/src/features/workflows/canvas/canvas.tsx) to the first animation frame in which all 21 cards have a
 *    non-empty box — layout (dagre) plus React Flow's render and measurement. Also reported: the time from
 *    navigation start to that frame (loading the app and the workflow included).
 * 4. Prints every run, the median and the max, whether every run met the target, and writes them to
 *    `load-tests/browser/results/canvas-<date>.json`.
 *
 * Exits 0 whether or not the target was met (a measurement), 2 when the run itself failed.
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | RUNS | 10 | page loads |
 * | CHROMIUM_PATH | /usr/bin/chromium | the browser |
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { SESSION_COOKIE } from '@formloom/contracts/auth';
import { startEmbedded } from '@formloom/scripts/embedded';
import { ProductClient } from '@formloom/scripts/product-client';
import { TWENTY_NODES, twentyNodeWorkflow } from '../local/twenty-nodes';

/** The target: the 20-node workflow laid out and rendered within this many ms. */
export const TARGET = { renderMs: 100 } as const;

const ROOT = path.resolve(__dirname, '..', '..');
const WEB_DIST = path.join(ROOT, 'web', 'dist');
const RESULTS_DIR = path.join(__dirname, 'results');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The cards of the workflow: its nodes and the trigger. */
const CARDS = TWENTY_NODES + 1;

/** What the page's probe records (see {@link PROBE_SCRIPT}). */
interface ProbeGlobals {
  __canvasRender?: { sinceLayoutMs: number; sinceNavigationMs: number };
}

/**
 * The init script: on every animation frame until it has a result, counts the canvas cards with a non-empty box;
 * the first frame with all {@link CARDS} of them records the time since the first `formloom:canvas-layout` mark and
 * since navigation start. Plain ES5 in a string, so no bundler helper is needed in the page.
 */
const PROBE_SCRIPT = `(function () {
  function frame() {
    var cards = document.querySelectorAll('[data-testid="canvas-card"]');
    var shown = 0;
    for (var i = 0; i < cards.length; i++) {
      var box = cards[i].getBoundingClientRect();
      if (box.width > 0 && box.height > 0) shown++;
    }
    var marks = performance.getEntriesByName('formloom:canvas-layout');
    if (shown >= ${CARDS} && marks.length > 0) {
      var now = performance.now();
      window.__canvasRender = { sinceLayoutMs: now - marks[0].startTime, sinceNavigationMs: now };
      return;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})();`;

/** `value` rounded to one decimal. */
function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The median of `values` (sorted copy). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<number> {
  const runs = Number(process.env.RUNS ?? 10);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS: must be a whole number ≥ 1 (got "${process.env.RUNS}")`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist/index.html is missing: run `npm run build:web`');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-canvas-'));
  let product: Awaited<ReturnType<typeof startEmbedded>> | undefined;
  let browser: Browser | undefined;
  try {
    const loadAverage1m = os.loadavg()[0] ?? 0;
    product = await startEmbedded({ dataDir, port: 0, host: '127.0.0.1', webDist: WEB_DIST, logLevel: 'silent' });
    const user = await ProductClient.signUp(product.url, `canvas-${Date.now().toString(36)}@example.com`);
    const form = await user.publishFormWithWorkflow('Canvas: 20 nodes', 'Canvas benchmark', (flowPublicIdentifier) => twentyNodeWorkflow(flowPublicIdentifier));
    const url = `${product.url}/editor/${form.publicIdentifier}/workflows-edit/${form.workflowId}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: user.session, url: product.url }]);
    await context.addInitScript({ content: PROBE_SCRIPT });
    console.log(
      `canvas render: ${runs} loads of a ${TWENTY_NODES}-node workflow (${CARDS} cards), Chromium ${browser.version()}\n` +
        `machine: ${os.cpus().length} cores, load average ${loadAverage1m.toFixed(1)} (1 min) before the run\n`,
    );
    const results: { run: number; sinceLayoutMs: number; sinceNavigationMs: number }[] = [];
    for (let run = 1; run <= runs; run++) {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => (globalThis as ProbeGlobals).__canvasRender !== undefined, undefined, { timeout: 30_000 });
      const measured = (await page.evaluate(() => (globalThis as ProbeGlobals).__canvasRender))!;
      await page.close();
      results.push({ run, sinceLayoutMs: round1(measured.sinceLayoutMs), sinceNavigationMs: round1(measured.sinceNavigationMs) });
      console.log(`run ${run}: laid out and rendered in ${round1(measured.sinceLayoutMs)} ms (${round1(measured.sinceNavigationMs)} ms after navigation start)`);
    }
    const layout = results.map((result) => result.sinceLayoutMs);
    const met = layout.every((value) => value < TARGET.renderMs);
    console.log(
      `\nmedian ${round1(median(layout))} ms, max ${Math.max(...layout)} ms; ` +
        `target < ${TARGET.renderMs} ms in every run: ${met ? 'met' : 'NOT met'} (${layout.filter((value) => value < TARGET.renderMs).length} of ${runs})`,
    );
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `canvas-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const cpus = os.cpus();
    writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), machine: { cores: cpus.length, cpuModel: cpus[0]?.model, loadAverage1m, node: process.version, chromium: browser.version() }, target: TARGET, runs: results, met }, null, 2)}\n`,
    );
    console.log(`written: ${path.relative(ROOT, file)}`);
    return 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await product?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
