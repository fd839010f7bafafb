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
 *    That first render runs on a cold JavaScript engine (every function of React, React Flow and dagre for the first
 *    time). Then, in the same page, WARM times: the app goes to the workflow's runs page and back to the canvas by
 *    client-side navigation (as a user moving between tabs does; the workflow comes from the query cache), and the
 *    same span is measured again — the canvas remounted on a warm engine.
 * 4. Prints every run, the median and the max of the cold and the warm renders, whether every one met the target,
 *    and writes them to `load-tests/browser/results/canvas-<date>.json`.
 *
 * Exits 0 whether or not the target was met (a measurement), 2 when the run itself failed.
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | RUNS | 10 | page loads |
 * | POSITIONS | `layout` | `stored`: the workflow is saved with every card's position (as the canvas stores them once a card was moved), so the canvas runs no dagre |
 * | WARM | 3 | warm remounts per page load |
 * | CHROMIUM_PATH | /usr/bin/chromium | the browser |
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SESSION_COOKIE } from '@formloom/contracts/auth';
import { startEmbedded } from '@formloom/scripts/embedded';
import { ProductClient } from '@formloom/scripts/product-client';
import { layoutWorkflow, storePositions } from '../../web/src/features/workflows/canvas/layout';
import { TWENTY_NODES, twentyNodeWorkflow } from '../local/twenty-nodes';

/** The target: the 20-node workflow laid out and rendered within this many ms. */
export const TARGET = { renderMs: 100 } as const;

const ROOT = path.resolve(__dirname, '..', '..');
const WEB_DIST = path.join(ROOT, 'web', 'dist');
const RESULTS_DIR = path.join(__dirname, 'results');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The cards of the workflow: its nodes and the trigger. */
const CARDS = TWENTY_NODES + 1;

/** What the page's probe records and offers (see {@link PROBE_SCRIPT}). */
interface ProbeGlobals {
  __canvasRender?: { sinceLayoutMs: number; sinceNavigationMs: number };
  __canvasProbe?: () => void;
  __canvasNavigate?: (path: string) => void;
}

/** The page's document, as far as this script reads it (the load tests compile without the DOM's types). */
interface PageGlobals {
  document: { querySelector(selector: string): unknown };
}

/**
 * The init script: `__canvasNavigate(path)` goes to `path` by client-side navigation (react-router follows
 * `popstate`); `__canvasProbe()` clears the last result and, on every animation frame until it has a new one,
 * counts the canvas cards with a non-empty box; the first frame with all {@link CARDS} of them after a new
 * `formloom:canvas-layout` mark records the time since that mark and since navigation start. Started at once for the
 * page load. Plain ES5 in a string, so no bundler helper is needed in the page.
 */
const PROBE_SCRIPT = `(function () {
  window.__canvasNavigate = function (path) {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  window.__canvasProbe = function () {
    var before = performance.getEntriesByName('formloom:canvas-layout').length;
    window.__canvasRender = undefined;
    function frame() {
      var marks = performance.getEntriesByName('formloom:canvas-layout');
      if (marks.length > before) {
        var cards = document.querySelectorAll('[data-testid="canvas-card"]');
        var shown = 0;
        for (var i = 0; i < cards.length; i++) {
          var box = cards[i].getBoundingClientRect();
          if (box.width > 0 && box.height > 0) shown++;
        }
        if (shown >= ${CARDS}) {
          var now = performance.now();
          window.__canvasRender = { sinceLayoutMs: now - marks[marks.length - 1].startTime, sinceNavigationMs: now };
          return;
        }
      }
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  };
  window.__canvasProbe();
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
  const warmRuns = Number(process.env.WARM ?? 3);
  if (!Number.isInteger(warmRuns) || warmRuns < 0) throw new Error(`WARM: must be a whole number ≥ 0 (got "${process.env.WARM}")`);
  const positions = process.env.POSITIONS ?? 'layout';
  if (positions !== 'layout' && positions !== 'stored') throw new Error(`POSITIONS: 'layout' or 'stored' (got "${positions}")`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist/index.html is missing: run `npm run build:web`');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-canvas-'));
  let product: Awaited<ReturnType<typeof startEmbedded>> | undefined;
  let browser: Browser | undefined;
  try {
    const loadAverage1m = os.loadavg()[0] ?? 0;
    product = await startEmbedded({ dataDir, port: 0, host: '127.0.0.1', webDist: WEB_DIST, logLevel: 'silent' });
    const user = await ProductClient.signUp(product.url, `canvas-${Date.now().toString(36)}@example.com`);
    const form = await user.publishFormWithWorkflow('Canvas: 20 nodes', 'Canvas benchmark', (flowPublicIdentifier) => {
      const template = twentyNodeWorkflow(flowPublicIdentifier);
      return positions === 'stored' ? storePositions(template, layoutWorkflow(template)) : template;
    });
    const canvasPath = `/editor/${form.publicIdentifier}/workflows-edit/${form.workflowId}`;
    const url = `${product.url}${canvasPath}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: user.session, url: product.url }]);
    await context.addInitScript({ content: PROBE_SCRIPT });
    console.log(
      `canvas render: ${runs} loads of a ${TWENTY_NODES}-node workflow (${CARDS} cards; positions: ${positions}), Chromium ${browser.version()}\n` +
        `machine: ${os.cpus().length} cores, load average ${loadAverage1m.toFixed(1)} (1 min) before the run\n`,
    );
    const results: { run: number; sinceLayoutMs: number; sinceNavigationMs: number; warmMs: number[] }[] = [];
    const measured = async (page: Page) => {
      await page.waitForFunction(() => (globalThis as ProbeGlobals).__canvasRender !== undefined, undefined, { timeout: 30_000 });
      return (await page.evaluate(() => (globalThis as ProbeGlobals).__canvasRender))!;
    };
    for (let run = 1; run <= runs; run++) {
      const page = await context.newPage();
      await page.goto(url);
      const cold = await measured(page);
      const warmMs: number[] = [];
      for (let warm = 0; warm < warmRuns; warm++) {
        const navigate = (to: string) => page.evaluate((path) => (globalThis as ProbeGlobals).__canvasNavigate!(path), to);
        await navigate(`${canvasPath}/runs`);
        await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="workflow-canvas"]') === null, undefined, {
          timeout: 30_000,
        });
        await page.evaluate(() => (globalThis as ProbeGlobals).__canvasProbe!());
        await navigate(canvasPath);
        warmMs.push(round1((await measured(page)).sinceLayoutMs));
      }
      await page.close();
      results.push({ run, sinceLayoutMs: round1(cold.sinceLayoutMs), sinceNavigationMs: round1(cold.sinceNavigationMs), warmMs });
      console.log(
        `run ${run}: laid out and rendered in ${round1(cold.sinceLayoutMs)} ms (${round1(cold.sinceNavigationMs)} ms after navigation start)` +
          (warmMs.length > 0 ? `; warm remounts: ${warmMs.join(', ')} ms` : ''),
      );
    }
    const summary = (label: string, values: number[]) => {
      const met = values.every((value) => value < TARGET.renderMs);
      console.log(
        `${label}: median ${round1(median(values))} ms, max ${Math.max(...values)} ms; target < ${TARGET.renderMs} ms in every one: ` +
          `${met ? 'met' : 'NOT met'} (${values.filter((value) => value < TARGET.renderMs).length} of ${values.length})`,
      );
      return met;
    };
    console.log('');
    const met = summary('cold page loads', results.map((result) => result.sinceLayoutMs));
    const warmMet = warmRuns > 0 ? summary('warm remounts', results.flatMap((result) => result.warmMs)) : undefined;
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `canvas-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const cpus = os.cpus();
    writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), positions, machine: { cores: cpus.length, cpuModel: cpus[0]?.model, loadAverage1m, node: process.version, chromium: browser.version() }, target: TARGET, runs: results, met, warmMet }, null, 2)}\n`,
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
