/**
 * `npm run bench:form-paint`: how fast a respondent on a slow mobile link sees a published form, in headless
 * Chromium.
 *
 * 1. Starts the whole product in one process (`startEmbedded`, as web/e2e/harness.ts does) on a throwaway data
 *    directory and a free port, serving the built web app (`web/dist`: run `npm run build:web` first).
 * 2. Through the API (scripts/src/product-client.ts): signs a user up, creates a form, saves the example form
 *    (`exampleFormTemplate`: Name, Email, Plan) as its template and publishes it.
 * 3. Launches Debian's Chromium through playwright-core (`CHROMIUM_PATH`, default /usr/bin/chromium; never a
 *    downloaded browser). Each of RUNS runs opens a NEW browser context (cold cache, no cookies) at a phone's
 *    viewport, turns the HTTP cache off, emulates the network (LATENCY_MS added to every request, DOWN_KBPS and
 *    UP_KBPS shared by all requests, through DevTools' `Network.emulateNetworkConditions`) and optionally a
 *    slower CPU, and opens `/t/<publicIdentifier>`.
 * 4. Measures in the page's clock (ms since navigation start), with an init script (`PROBE_SCRIPT`):
 *    - visible: the first animation frame in which the form title (`[data-testid="form-title"]`) and the first
 *      question (`[data-testid="public-question"]`) both have a non-empty box and are not `visibility: hidden`
 *      (Playwright's "visible"). Measured against {@link TARGET}.
 *    - painted: when Chromium reports the title's and the first question label's text painted (Element Timing).
 *    - First Contentful Paint; the document received whole (`responseEnd`, emulated link included) and its
 *      `responseStart` (TTFB, which the emulation does not delay: see {@link NavigationEntry});
 *    - the requests started before the form was visible and their bytes per kind (scripts, CSS, API calls,
 *      other) from Resource Timing, read once the network is idle; the `content-encoding` of the scripts.
 * 5. Prints one row per run, the median and the max, whether every run met {@link TARGET}, and writes the
 *    machine, the settings, every run and the summary to `load-tests/browser/results/<date>.json` and
 *    `latest.json`.
 *
 * Exits 0 whether or not the target was met (it is a measurement), 2 when the run itself failed. The product,
 * the browser and the data directory are always stopped and deleted.
 *
 * Settings (environment variables):
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | RUNS | 5 | page loads, each in a fresh browser context |
 * | CPU_SLOWDOWN | 1 | CPU throttling factor (`Emulation.setCPUThrottlingRate`; 1 = off, 4 = a mid-range phone) |
 * | LATENCY_MS | 150 | latency added to every request (ms, request sent → response headers) |
 * | DOWN_KBPS | 1600 | download throughput (kbit/s, 1 kbit = 1000 bits) |
 * | UP_KBPS | 750 | upload throughput (kbit/s) |
 * | VIEWPORT | 390x844 | CSS pixels, `WIDTHxHEIGHT` (mobile emulation, device scale factor 1) |
 * | CHROMIUM_PATH | /usr/bin/chromium | the browser |
 */
import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createFlow, publishFlow, saveFlowTemplate } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { startEmbedded } from '@formloom/scripts/embedded';
import { ProductClient } from '@formloom/scripts/product-client';

/** What a respondent should get on the emulated link: the form visible within this many ms of navigation start. */
export const TARGET = { formVisibleMs: 1500 } as const;

const ROOT = path.resolve(__dirname, '..', '..');
const WEB_DIST = path.join(ROOT, 'web', 'dist');
const RESULTS_DIR = path.join(__dirname, 'results');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The longest wait for the form to become visible in one run (ms). */
const VISIBLE_TIMEOUT_MS = 60_000;
/** The longest wait, once the form is visible, for the network to be idle (500 ms without requests) (ms). */
const IDLE_TIMEOUT_MS = 15_000;

const TITLE_SELECTOR = '[data-testid="form-title"]';
const QUESTION_SELECTOR = '[data-testid="public-question"]';

/**
 * The init script, run in every new document before the page's own scripts (not subject to the page's CSP).
 * Plain JavaScript in a string: tsx compiles functions with `__name(...)` helpers that do not exist in the page,
 * so a TypeScript function with inner functions passed to `addInitScript` would throw there.
 *
 * Records into `window.__formPaint` (ms since navigation start):
 * - `titleAt`, `questionAt`, `visibleAt`: `performance.now()` in the first animation frame callback in which the
 *   element is visible (both, for `visibleAt`). The frame's paint follows that callback.
 * - `titlePaintedAt`, `questionPaintedAt`: the Element Timing `renderTime` of the title's text and of the first
 *   question's label text — when the browser reports their pixels painted. A MutationObserver sets the
 *   `elementtiming` attribute on them as soon as they are inserted (before their first paint).
 */
const PROBE_SCRIPT = `(() => {
  if (window !== window.top) return;
  const state = { titleAt: null, questionAt: null, visibleAt: null, frames: 0, titlePaintedAt: null, questionPaintedAt: null };
  Object.defineProperty(window, '__formPaint', { value: state });
  const visible = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const onFrame = () => {
    state.frames += 1;
    const now = performance.now();
    if (state.titleAt === null && visible(${JSON.stringify(TITLE_SELECTOR)})) state.titleAt = now;
    if (state.questionAt === null && visible(${JSON.stringify(QUESTION_SELECTOR)})) state.questionAt = now;
    if (state.titleAt !== null && state.questionAt !== null) {
      state.visibleAt = Math.max(state.titleAt, state.questionAt);
      return;
    }
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  const observer = new MutationObserver(() => {
    const title = document.querySelector(${JSON.stringify(TITLE_SELECTOR)});
    const question = document.querySelector(${JSON.stringify(QUESTION_SELECTOR)});
    const label = question && (question.querySelector('label') || question);
    if (title && !title.hasAttribute('elementtiming')) title.setAttribute('elementtiming', 'form-title');
    if (label && !label.hasAttribute('elementtiming')) label.setAttribute('elementtiming', 'form-question');
    if (title && label) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const at = entry.renderTime || entry.loadTime;
      if (entry.identifier === 'form-title' && state.titlePaintedAt === null) state.titlePaintedAt = at;
      if (entry.identifier === 'form-question' && state.questionPaintedAt === null) state.questionPaintedAt = at;
    }
  }).observe({ type: 'element', buffered: true });
})();`;

/** The page's globals the probe adds. */
interface ProbeGlobals {
  __formPaint?: PageReport['probe'];
}

/** The expression that reads what the page measured ({@link PageReport}). */
const REPORT_EXPRESSION = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const sizes = (entry) => ({
    transferSize: entry.transferSize,
    encodedBodySize: entry.encodedBodySize,
    decodedBodySize: entry.decodedBodySize,
  });
  return {
    probe: { ...window.__formPaint },
    fcpMs: fcp ? fcp.startTime : null,
    navigation: navigation
      ? {
          requestStartMs: navigation.requestStart,
          responseStartMs: navigation.responseStart,
          responseEndMs: navigation.responseEnd,
          domContentLoadedMs: navigation.domContentLoadedEventEnd,
          loadMs: navigation.loadEventEnd,
          ...sizes(navigation),
        }
      : null,
    resources: performance.getEntriesByType('resource').map((entry) => ({
      url: entry.name,
      initiatorType: entry.initiatorType,
      startMs: entry.startTime,
      responseEndMs: entry.responseEnd,
      ...sizes(entry),
    })),
  };
})()`;

/** Byte counts of Resource Timing (bytes): on the wire (headers included), the body as sent, the body decoded. */
export interface Sizes {
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

/** One Resource Timing entry, times in ms since navigation start. */
export interface ResourceEntry extends Sizes {
  url: string;
  initiatorType: string;
  startMs: number;
  responseEndMs: number;
}

/**
 * The document's own Navigation Timing (ms since navigation start, sizes in bytes). DevTools' network emulation
 * holds the response back after the network stack received it: `responseStartMs` (TTFB) is the server's answer
 * time without the emulated latency, `responseEndMs` includes the latency and the throttled transfer.
 */
export interface NavigationEntry extends Sizes {
  requestStartMs: number;
  /** First byte of the HTML as the network stack saw it (TTFB, not throttled: see above). */
  responseStartMs: number;
  /** Last byte of the HTML as the page got it (throttled). */
  responseEndMs: number;
  domContentLoadedMs: number;
  /** 0 when the load event has not ended yet. */
  loadMs: number;
}

/** What the page measured (`REPORT_EXPRESSION`), times in ms since navigation start. */
export interface PageReport {
  probe: {
    titleAt: number | null;
    questionAt: number | null;
    visibleAt: number | null;
    frames: number;
    titlePaintedAt: number | null;
    questionPaintedAt: number | null;
  };
  fcpMs: number | null;
  navigation: NavigationEntry | null;
  resources: ResourceEntry[];
}

/** Kinds of resource the bytes are counted by: by file extension first (`.js`, `.css`), then fetch/XHR as `api`. */
export type ResourceKind = 'script' | 'css' | 'api' | 'other';

/** Requests and bytes of one kind (bytes). */
export interface KindTotals extends Sizes {
  requests: number;
}

/** One page load. Times in ms since navigation start (the page's clock), sizes in bytes. */
export interface RunResult {
  run: number;
  /** The first frame where the title and the first question were both visible (animation frame callback). */
  visibleMs: number;
  titleVisibleMs: number;
  questionVisibleMs: number;
  /** When the title's and the first question label's text were both painted (Element Timing); `null` if not reported. */
  paintedMs: number | null;
  fcpMs: number | null;
  /** The document received whole, emulated link included (its `responseEnd`). */
  htmlMs: number | null;
  /** The document's `responseStart`: the server's answer time, WITHOUT the emulated latency (see {@link NavigationEntry}). */
  ttfbMs: number | null;
  /** Requests started before the form was visible, the document included. */
  requestsBeforeVisible: number;
  /** The document's Navigation Timing (times rounded to 0.1 ms). */
  navigation: NavigationEntry | null;
  /** Resources started before the form was visible (the document not included), by kind. */
  beforeVisible: Record<ResourceKind, KindTotals>;
  /** Every resource requested until the network was idle (the document not included), by kind. */
  total: Record<ResourceKind, KindTotals>;
  /** `content-encoding` of the scripts' responses (`identity` when none), with counts. */
  scriptEncodings: Record<string, number>;
  /** Wall-clock time of the whole run in Node, context creation to report (ms). */
  wallMs: number;
  /** Every resource entry, for a closer look. */
  resources: ResourceEntry[];
}

/** The settings of a benchmark (see the module doc). */
export interface Settings {
  runs: number;
  cpuSlowdown: number;
  latencyMs: number;
  downKbps: number;
  upKbps: number;
  viewport: { width: number; height: number };
  chromiumPath: string;
}

/** The median and the max of a measure over the runs (ms); `null` when no run had it. */
export interface Spread {
  median: number | null;
  max: number | null;
}

/** The summary over the runs. */
export interface Summary {
  visibleMs: Spread;
  paintedMs: Spread;
  fcpMs: Spread;
  htmlMs: Spread;
  /** Script bytes on the wire before the form was visible (bytes). */
  scriptTransferBytes: Spread;
  requestsBeforeVisible: Spread;
  /** Every run's form visible in less than {@link TARGET}'s `formVisibleMs`. */
  targetMet: boolean;
  /** The same held by the painted time instead: every run's `paintedMs` reported and below the target. */
  paintedTargetMet: boolean;
}

/** A missing prerequisite or a bad setting: reported by its message alone. */
class NotReady extends Error {}

/** A non-empty environment variable. */
function setting(name: string): string | undefined {
  const value = process.env[name];
  return value === '' ? undefined : value;
}

/** A number setting, at least `min`. @throws Error naming the setting when it is not one */
function numberSetting(name: string, fallback: number, min: number): number {
  const raw = setting(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new NotReady(`${name}: must be a number ≥ ${min} (got "${raw}")`);
  return value;
}

/** The settings from the environment (see the module doc). @throws Error naming a setting that is not valid */
function readSettings(): Settings {
  const viewportText = setting('VIEWPORT') ?? '390x844';
  const match = /^(\d+)x(\d+)$/.exec(viewportText);
  if (!match) throw new NotReady(`VIEWPORT: must be WIDTHxHEIGHT in CSS pixels (got "${viewportText}")`);
  const runs = numberSetting('RUNS', 5, 1);
  if (!Number.isInteger(runs)) throw new NotReady(`RUNS: must be a whole number (got "${runs}")`);
  return {
    runs,
    cpuSlowdown: numberSetting('CPU_SLOWDOWN', 1, 1),
    latencyMs: numberSetting('LATENCY_MS', 150, 0),
    downKbps: numberSetting('DOWN_KBPS', 1600, 1),
    upKbps: numberSetting('UP_KBPS', 750, 1),
    viewport: { width: Number(match[1]), height: Number(match[2]) },
    chromiumPath: CHROMIUM_PATH,
  };
}

/** The kind a resource's bytes are counted under. */
function kindOf(entry: Pick<ResourceEntry, 'url' | 'initiatorType'>): ResourceKind {
  const pathname = new URL(entry.url).pathname;
  if (/\.m?js$/.test(pathname)) return 'script';
  if (/\.css$/.test(pathname)) return 'css';
  if (entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest') return 'api';
  return 'other';
}

/** Requests and bytes of `entries`, by kind. */
function totalsByKind(entries: readonly ResourceEntry[]): Record<ResourceKind, KindTotals> {
  const empty = (): KindTotals => ({ requests: 0, transferSize: 0, encodedBodySize: 0, decodedBodySize: 0 });
  const totals: Record<ResourceKind, KindTotals> = { script: empty(), css: empty(), api: empty(), other: empty() };
  for (const entry of entries) {
    const sum = totals[kindOf(entry)];
    sum.requests += 1;
    sum.transferSize += entry.transferSize;
    sum.encodedBodySize += entry.encodedBodySize;
    sum.decodedBodySize += entry.decodedBodySize;
  }
  return totals;
}

/** The median and the max of `values`, rounded to 0.1 (the mean of the two middle values for an even count). */
function spread(values: readonly (number | null)[]): Spread {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: null, max: null };
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median: round1(median), max: round1(sorted[sorted.length - 1]!) };
}

/** `value` rounded to one decimal. */
function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Signs a user up and publishes the example form; resolves its public identifier. @throws Error naming the refused step */
async function publishExampleForm(baseUrl: string): Promise<string> {
  const user = await ProductClient.signUp(baseUrl, `form-paint-${Date.now().toString(36)}@example.com`);
  const me = await user.call(getMe);
  const workspaceId = me.workspaces[0]?.id;
  if (workspaceId === undefined) throw new Error('the new user has no workspace');
  const { flow } = await user.call(createFlow, { body: { workspaceId, name: 'Form paint benchmark', dedupeFormName: true } });
  const params = { publicIdentifier: flow.publicIdentifier };
  await user.call(saveFlowTemplate, { params, body: { template: exampleFormTemplate() } });
  await user.call(publishFlow, { params });
  return flow.publicIdentifier;
}

/**
 * One page load of `url` in a fresh context with the emulated phone, link and CPU.
 * @throws Error with the page's errors when the form is not visible within {@link VISIBLE_TIMEOUT_MS}
 */
async function measureRun(browser: Browser, url: string, settings: Settings, run: number): Promise<RunResult> {
  const started = Date.now();
  const context = await browser.newContext({ viewport: settings.viewport, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: PROBE_SCRIPT });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: settings.latencyMs,
      downloadThroughput: (settings.downKbps * 1000) / 8,
      uploadThroughput: (settings.upKbps * 1000) / 8,
    });
    if (settings.cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpuSlowdown });

    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    const scriptEncodings: Record<string, number> = {};
    page.on('response', (response) => {
      if (!/\.m?js$/.test(new URL(response.url()).pathname)) return;
      const encoding = response.headers()['content-encoding'] ?? 'identity';
      scriptEncodings[encoding] = (scriptEncodings[encoding] ?? 0) + 1;
    });

    const response = await page.goto(url, { waitUntil: 'commit', timeout: VISIBLE_TIMEOUT_MS });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    // Functions, not strings: the page's CSP forbids eval, which Playwright uses for a string predicate.
    // Anonymous arrows without inner functions, so tsx adds no helper the page lacks.
    try {
      await page.waitForFunction(() => (globalThis as ProbeGlobals).__formPaint?.visibleAt != null, undefined, {
        timeout: VISIBLE_TIMEOUT_MS,
      });
    } catch (error) {
      const seen = problems.length > 0 ? `; the page said: ${problems.slice(0, 5).join(' | ')}` : '';
      throw new Error(`run ${run}: the form did not become visible${seen}`, { cause: error });
    }
    await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT_MS }).catch(() => undefined);
    await page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 5_000 })
      .catch(() => undefined);
    const report = await readReport(page);
    return toRunResult(run, report, scriptEncodings, Date.now() - started);
  } finally {
    await context.close();
  }
}

/** What the page measured. */
async function readReport(page: Page): Promise<PageReport> {
  return (await page.evaluate(REPORT_EXPRESSION)) as PageReport;
}

/** A run's figures from the page's report. @throws Error when the probe recorded no visible form */
function toRunResult(run: number, report: PageReport, scriptEncodings: Record<string, number>, wallMs: number): RunResult {
  const { visibleAt, titleAt, questionAt } = report.probe;
  if (visibleAt === null || titleAt === null || questionAt === null) throw new Error(`run ${run}: the probe saw no visible form`);
  const before = report.resources.filter((entry) => entry.startMs < visibleAt);
  const navigation = report.navigation;
  const { titlePaintedAt, questionPaintedAt } = report.probe;
  return {
    run,
    visibleMs: round1(visibleAt),
    titleVisibleMs: round1(titleAt),
    questionVisibleMs: round1(questionAt),
    paintedMs: titlePaintedAt && questionPaintedAt ? round1(Math.max(titlePaintedAt, questionPaintedAt)) : null,
    fcpMs: report.fcpMs === null ? null : round1(report.fcpMs),
    htmlMs: navigation ? round1(navigation.responseEndMs) : null,
    ttfbMs: navigation ? round1(navigation.responseStartMs) : null,
    requestsBeforeVisible: before.length + 1,
    navigation: navigation
      ? {
          ...navigation,
          requestStartMs: round1(navigation.requestStartMs),
          responseStartMs: round1(navigation.responseStartMs),
          responseEndMs: round1(navigation.responseEndMs),
          domContentLoadedMs: round1(navigation.domContentLoadedMs),
          loadMs: round1(navigation.loadMs),
        }
      : null,
    beforeVisible: totalsByKind(before),
    total: totalsByKind(report.resources),
    scriptEncodings,
    wallMs,
    resources: report.resources.map((entry) => ({ ...entry, startMs: round1(entry.startMs), responseEndMs: round1(entry.responseEndMs) })),
  };
}

/** The summary of `runs`. */
function summarize(runs: readonly RunResult[]): Summary {
  return {
    visibleMs: spread(runs.map((run) => run.visibleMs)),
    paintedMs: spread(runs.map((run) => run.paintedMs)),
    fcpMs: spread(runs.map((run) => run.fcpMs)),
    htmlMs: spread(runs.map((run) => run.htmlMs)),
    scriptTransferBytes: spread(runs.map((run) => run.beforeVisible.script.transferSize)),
    requestsBeforeVisible: spread(runs.map((run) => run.requestsBeforeVisible)),
    targetMet: runs.length > 0 && runs.every((run) => run.visibleMs < TARGET.formVisibleMs),
    paintedTargetMet: runs.length > 0 && runs.every((run) => run.paintedMs !== null && run.paintedMs < TARGET.formVisibleMs),
  };
}

/** `bytes` as kilobytes (1 kB = 1000 bytes) with one decimal. */
function kB(bytes: number | null): string {
  return bytes === null ? '-' : `${(bytes / 1000).toFixed(1)} kB`;
}

/** `ms` with no decimals, or `-`. */
function ms(value: number | null): string {
  return value === null ? '-' : value.toFixed(0);
}

/** The table printed at the end: one row per run, then the median and the max. */
function formatTable(runs: readonly RunResult[], summary: Summary): string {
  const header = ['run', 'visible ms', 'painted ms', 'FCP ms', 'HTML ms', 'JS on wire', 'JS decoded', 'requests'];
  const rows = runs.map((run) => [
    String(run.run),
    ms(run.visibleMs),
    ms(run.paintedMs),
    ms(run.fcpMs),
    ms(run.htmlMs),
    kB(run.beforeVisible.script.transferSize),
    kB(run.beforeVisible.script.decodedBodySize),
    String(run.requestsBeforeVisible),
  ]);
  const decoded = spread(runs.map((run) => run.beforeVisible.script.decodedBodySize));
  for (const [label, pick] of [
    ['median', 'median'],
    ['max', 'max'],
  ] as const) {
    rows.push([
      label,
      ms(summary.visibleMs[pick]),
      ms(summary.paintedMs[pick]),
      ms(summary.fcpMs[pick]),
      ms(summary.htmlMs[pick]),
      kB(summary.scriptTransferBytes[pick]),
      kB(decoded[pick]),
      ms(summary.requestsBeforeVisible[pick]),
    ]);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The checkout's commit and whether its work tree has changes; `null` outside git. */
function gitState(): { commit: string; dirty: boolean } | null {
  try {
    const options: ExecFileSyncOptionsWithStringEncoding = { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] };
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], options).trim();
    const status = execFileSync('git', ['status', '--porcelain'], options);
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return null;
  }
}

/** Runs the benchmark; resolves the exit code (0: measured, whatever the figures). @throws when the run itself failed */
async function main(): Promise<number> {
  const settings = readSettings();
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new NotReady('web/dist/index.html is missing: run `npm run build:web`');
  if (!existsSync(settings.chromiumPath)) throw new NotReady(`Chromium not found at ${settings.chromiumPath} (apt-get install chromium)`);

  let dataDir: string | undefined;
  let product: Awaited<ReturnType<typeof startEmbedded>> | undefined;
  let browser: Browser | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await browser?.close().catch((error: unknown) => console.error('closing Chromium:', error));
      await product?.close().catch((error: unknown) => console.error('stopping the product:', error));
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    })());
  // `on`, not `once`: Ctrl+C reaches this process twice (from the terminal and relayed by tsx), and a second
  // signal without a listener would end it before the cleanup.
  const stopOnSignal = () => {
    if (stopping) return;
    console.error('interrupted: stopping');
    void stop().finally(() => process.exit(2));
  };
  process.on('SIGINT', stopOnSignal);
  process.on('SIGTERM', stopOnSignal);

  try {
    const loadAverage1m = os.loadavg()[0] ?? 0;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-form-paint-'));
    product = await startEmbedded({ dataDir, port: 0, host: '127.0.0.1', webDist: WEB_DIST, logLevel: 'silent' });
    const publicIdentifier = await publishExampleForm(product.url);
    const url = `${product.url}/t/${publicIdentifier}`;
    browser = await chromium.launch({
      executablePath: settings.chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      // Our signal handler closes the browser, then the product and the data (Playwright's would exit first).
      handleSIGINT: false,
      handleSIGTERM: false,
    });

    console.log(
      `form paint: ${settings.runs} runs of ${url}\n` +
        `link ${settings.downKbps}/${settings.upKbps} kbit/s down/up, +${settings.latencyMs} ms per request, ` +
        `CPU slowdown ${settings.cpuSlowdown}x, viewport ${settings.viewport.width}x${settings.viewport.height}, Chromium ${browser.version()}\n` +
        `machine: ${os.cpus().length} cores, load average ${loadAverage1m.toFixed(1)} (1 min) before the run\n`,
    );
    const runs: RunResult[] = [];
    for (let run = 1; run <= settings.runs; run++) {
      const result = await measureRun(browser, url, settings, run);
      runs.push(result);
      console.log(`run ${run}: form visible at ${ms(result.visibleMs)} ms`);
    }
    const summary = summarize(runs);

    console.log(`\n${formatTable(runs, summary)}\n`);
    console.log(
      'visible: first frame with the title and the first question laid out; painted: their text painted (Element Timing);\n' +
        'HTML: the document received whole; JS and requests: started before the form was visible, JS on wire =\n' +
        'Resource Timing transferSize (headers included), JS decoded = the scripts uncompressed.',
    );
    const under = (pick: (run: RunResult) => number | null) =>
      runs.filter((run) => (pick(run) ?? Infinity) < TARGET.formVisibleMs).length;
    console.log(
      `target: form visible < ${TARGET.formVisibleMs} ms in every run: ${summary.targetMet ? 'met' : 'NOT met'} ` +
        `(${under((run) => run.visibleMs)} of ${runs.length} runs); ` +
        `by the painted time: ${summary.paintedTargetMet ? 'met' : 'NOT met'} (${under((run) => run.paintedMs)} of ${runs.length})`,
    );

    const cpus = os.cpus();
    const report = {
      date: new Date().toISOString(),
      command: 'npm run bench:form-paint',
      git: gitState(),
      webDistBuiltAt: statSync(path.join(WEB_DIST, 'index.html')).mtime.toISOString(),
      machine: {
        cpuModel: cpus[0]?.model ?? 'unknown',
        cpuCount: cpus.length,
        totalMemoryBytes: os.totalmem(),
        loadAverage1mBefore: round1(loadAverage1m),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        chromium: browser.version(),
      },
      settings,
      target: TARGET,
      summary,
      runs,
    };
    const json = `${JSON.stringify(report, null, 2)}\n`;
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${report.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, json);
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
    console.log(`written: ${path.relative(process.cwd(), file)} and latest.json`);
    return 0;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof NotReady ? error.message : error);
    process.exit(2);
  },
);
