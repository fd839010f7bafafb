/**
 * `npm run render:thumbnails [-- --all] [-- <slug> …]`: draws the page thumbnails of the built-in template catalogue
 * (spec 000 §2 "template"; §3 "Cloneable template" `pageImages`: small 440x275, medium 660x413, large 1000x625) with
 * the public form's own components, in headless Debian Chromium, and writes them as JPEG files to
 * `web/public/template-thumbnails/{slug}/{stepId}-{size}.jpg` (`contracts/src/rules/template-thumbnails.ts`
 * `templateThumbnailUrl`), with `manifest.json`: `{"<slug>": "<templateThumbnailHash>", …}`, sorted.
 *
 * 1. Needs the built web app (`npm run build:web` writes `web/dist`). Serves it on 127.0.0.1 (a port of the
 *    system's choice) with a small static server: `/t/…` is the public form's entry `form.html` (as the gateway and
 *    Vite serve it, docs/architecture.md "The public form's bundle"), and `/__thumbnail-host.html` is a page whose
 *    only content is an iframe of `/t/thumbnail?preview=1` filling the window — the editor's live preview
 *    (`web/src/respondent/preview-page.tsx`, `preview-protocol.ts`), which draws whatever template its parent
 *    window sends it.
 * 2. Launches `/usr/bin/chromium` through playwright-core (`CHROMIUM_PATH`; never a downloaded browser), one
 *    browser context per size, each a 1000x625 CSS px window at a device scale factor of 1, 0.66 or 0.44: the same
 *    desktop layout, drawn at the size's own resolution. Requests leaving the local server are refused.
 * 3. For each template to draw — those whose manifest hash is not their {@link templateThumbnailHash} or whose
 *    images are missing or of the wrong size ({@link thumbnailProblems}); every one with `--all`; the named slugs
 *    only when slugs are given — and each of its steps in page order (`templateThumbnailSteps`, the ending
 *    included): opens the host page fresh in each context, waits for `formloom:preview-ready`, sends
 *    `formloom:preview-state` (the template's name, its template, the step, its featured theme's look), waits until
 *    the step is drawn (its page or ending is shown, no question is still loading, the theme's font stylesheet has
 *    loaded and its font faces for the page's text are loaded, then two frames), and takes a JPEG screenshot
 *    (quality {@link JPEG_QUALITY}). The preview's 'answers are not saved' banner and the frame's scroll bar are
 *    hidden (editor chrome, not the form). Each image's pixel size is read back from its JPEG header and checked.
 * 4. Replaces the template's folder with the new images, removes folders of slugs no longer in the catalogue and
 *    writes the manifest. A template that failed keeps no manifest entry (so it stays stale) and the script exits 1.
 *
 * `scripts/test/template-thumbnails.test.ts` fails when the committed thumbnails are stale; bump
 * `TEMPLATE_THUMBNAIL_RENDER_VERSION` when the way they are drawn changes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { TEMPLATE_CATALOGUE, type CatalogueTemplate } from '@formloom/contracts/templates/catalogue';
import {
  TEMPLATE_THUMBNAIL_SIZES,
  templateThumbnailHash,
  templateThumbnailLook,
  templateThumbnailSteps,
  type TemplateThumbnailSize,
  type TemplateThumbnailStep,
} from '@formloom/contracts/rules/template-thumbnails';
import type { PreviewState } from '../../web/src/respondent/preview-protocol';

const ROOT = path.resolve(__dirname, '..', '..');
const WEB_DIST = path.join(ROOT, 'web', 'dist');
/** Where the thumbnails are committed: `web/public` (Vite copies it into `web/dist`, served at the site's root). */
export const THUMBNAILS_DIR = path.join(ROOT, 'web', 'public', 'template-thumbnails');
/** The manifest's file name in {@link THUMBNAILS_DIR}: `{"<slug>": "<templateThumbnailHash>", …}`, keys sorted. */
export const MANIFEST_FILE = 'manifest.json';
/** The command that brings the thumbnails up to date (the stale test's message says it). */
export const RENDER_COMMAND = 'npm run build:web && npm run render:thumbnails';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The CSS px window every thumbnail shows: the large size at a device scale factor of 1. */
const VIEWPORT = TEMPLATE_THUMBNAIL_SIZES.large;
/** JPEG quality (0–100) of the screenshots: small files, no visible blocks around text. */
const JPEG_QUALITY = 78;
/** The host page's path on the static server. */
const HOST_PAGE = '/__thumbnail-host.html';
/** The public form's preview inside the host page (`web/src/respondent/main.tsx`: `?preview=1` in a frame). */
const PREVIEW_PAGE = '/t/thumbnail?preview=1';
/** The longest wait for one page to load or one step to be drawn, in ms. */
const STEP_TIMEOUT_MS = 30_000;

/** The sizes in the order they are drawn, each with its device scale factor (image px per CSS px). */
const SIZES: ReadonlyArray<{ size: TemplateThumbnailSize; scale: number }> = (['large', 'medium', 'small'] as const).map((size) => ({
  size,
  scale: TEMPLATE_THUMBNAIL_SIZES[size].width / VIEWPORT.width,
}));

/**
 * The host page: a frame of the public form's preview filling the window, and a listener that notes the preview's
 * `formloom:preview-ready` (registered before the frame exists, so the message cannot be missed).
 */
const HOST_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Template thumbnail</title>
    <style>html, body { margin: 0; padding: 0; overflow: hidden; } iframe { display: block; border: 0; width: 100vw; height: 100vh; }</style>
    <script>
      window.__previewReady = false;
      window.addEventListener('message', function (event) {
        if (event.origin === window.location.origin && event.data && event.data.type === 'formloom:preview-ready') window.__previewReady = true;
      });
    </script>
  </head>
  <body>
    <iframe title="Form preview" src="${PREVIEW_PAGE}"></iframe>
  </body>
</html>
`;

/** Styles added to the preview frame: editor chrome that is not part of the form, hidden. */
const FRAME_STYLE = '[data-testid="preview-banner"] { display: none !important; } html { scrollbar-width: none; }';

/** Content types of the files `web/dist` holds. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.map': 'application/json',
};

/** The pixel size of a JPEG image. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The pixel size of JPEG `data`, read from its first start-of-frame (SOFn) segment: `null` when `data` is not a
 * JPEG (no SOI marker) or ends before a frame header. Reads markers only (ITU-T T.81 B.1), never the image data.
 */
export function jpegSize(data: Uint8Array): ImageSize | null {
  if (data[0] !== 0xff || data[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // a fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a segment
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = (data[offset + 2]! << 8) | data[offset + 3]!;
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      if (offset + 9 > data.length) return null;
      return { height: (data[offset + 5]! << 8) | data[offset + 6]!, width: (data[offset + 7]! << 8) | data[offset + 8]! };
    }
    offset += 2 + length;
  }
  return null;
}

/** The image file of one step in one size, relative to {@link THUMBNAILS_DIR}: `{slug}/{stepId}-{size}.jpg`. */
export function thumbnailFile(slug: string, stepId: string, size: TemplateThumbnailSize): string {
  return path.join(slug, `${stepId}-${size}.jpg`);
}

/**
 * The manifest in `dir` (`{slug: hash}`), or `null` when there is none.
 * @throws when the file is not a JSON object of strings
 */
export function readManifest(dir: string = THUMBNAILS_DIR): Record<string, string> | null {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest) || Object.values(manifest).some((hash) => typeof hash !== 'string')) {
    throw new Error(`${file} is not an object of slug → hash strings`);
  }
  return manifest as Record<string, string>;
}

/** Something wrong with the committed thumbnails: the template's slug (or a stray folder's name) and what. */
export interface ThumbnailProblem {
  slug: string;
  problem: string;
}

/**
 * What is stale or missing in the thumbnails in `dir` for `catalogue` (default: the committed ones and the built-in
 * catalogue): a template without a manifest entry or with a hash other than its {@link templateThumbnailHash}, an
 * image missing, not a JPEG or of another pixel size than {@link TEMPLATE_THUMBNAIL_SIZES} for any step × size, a
 * file in a template's folder that is none of its images, and a manifest entry or folder of a slug not in the
 * catalogue. `[]` when all are up to date. Reads every image's header.
 */
export function thumbnailProblems(dir: string = THUMBNAILS_DIR, catalogue: readonly CatalogueTemplate[] = TEMPLATE_CATALOGUE): ThumbnailProblem[] {
  const problems: ThumbnailProblem[] = [];
  const manifest = readManifest(dir) ?? {};
  const slugs = new Set(catalogue.map((entry) => entry.slug));
  for (const entry of catalogue) {
    const recorded = manifest[entry.slug];
    const hash = templateThumbnailHash(entry);
    if (recorded === undefined) problems.push({ slug: entry.slug, problem: 'no manifest entry' });
    else if (recorded !== hash) problems.push({ slug: entry.slug, problem: `stale: the manifest has ${recorded}, the template now hashes to ${hash}` });
    const expected = new Set<string>();
    for (const { stepId } of templateThumbnailSteps(entry.template)) {
      for (const { size } of SIZES) {
        const file = thumbnailFile(entry.slug, stepId, size);
        expected.add(path.basename(file));
        const full = path.join(dir, file);
        if (!existsSync(full)) {
          problems.push({ slug: entry.slug, problem: `missing ${file}` });
          continue;
        }
        const actual = jpegSize(readFileSync(full));
        const wanted = TEMPLATE_THUMBNAIL_SIZES[size];
        if (!actual) problems.push({ slug: entry.slug, problem: `${file} is not a JPEG image` });
        else if (actual.width !== wanted.width || actual.height !== wanted.height) {
          problems.push({ slug: entry.slug, problem: `${file} is ${actual.width}x${actual.height}, not ${wanted.width}x${wanted.height}` });
        }
      }
    }
    const folder = path.join(dir, entry.slug);
    const extra = existsSync(folder) ? readdirSync(folder).filter((name) => !expected.has(name)) : [];
    for (const name of extra) problems.push({ slug: entry.slug, problem: `${path.join(entry.slug, name)} is none of the template's images` });
  }
  for (const slug of Object.keys(manifest)) if (!slugs.has(slug)) problems.push({ slug, problem: 'in the manifest but not in the catalogue' });
  if (existsSync(dir)) {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      if (item.isDirectory() && !slugs.has(item.name)) problems.push({ slug: item.name, problem: 'a folder of a slug not in the catalogue' });
    }
  }
  return problems;
}

/** The static server of `web/dist` and the host page, and the paths it could not serve since the last look. */
interface StaticSite {
  url: string;
  /** Paths asked for and not found (cleared by reading them with {@link takeNotFound}). */
  notFound: string[];
  server: Server;
}

/** Resolves `pathname` (URL-decoded) to a file of `web/dist`, or `null` when it leaves the folder. */
function distFile(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/^\/t\/[^/]+\/?$/.test(decoded)) return path.join(WEB_DIST, 'form.html');
  const file = path.resolve(WEB_DIST, `.${path.posix.normalize(decoded)}`);
  return file.startsWith(WEB_DIST + path.sep) ? file : null;
}

/** Starts the static server on 127.0.0.1 at a port of the system's choice. */
async function serveSite(): Promise<StaticSite> {
  const notFound: string[] = [];
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === HOST_PAGE) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(HOST_HTML);
      return;
    }
    const file = distFile(pathname);
    readFile(file ?? '').then(
      (body) => {
        response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file!)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => {
        notFound.push(pathname);
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Not found\n');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, notFound, server };
}

/** The paths `site` could not serve since the last call, emptied. */
function takeNotFound(site: StaticSite): string[] {
  return site.notFound.splice(0);
}

/** A browser context of one size, its page, and what went wrong in it since the last look. */
interface SizeContext {
  size: TemplateThumbnailSize;
  context: BrowserContext;
  page: Page;
  /** Script errors and refused requests (emptied by each step). */
  errors: string[];
}

/** Opens one context per size: the 1000x625 window at the size's device scale factor; only `origin` is reachable. */
async function openContexts(browser: Browser, origin: string): Promise<SizeContext[]> {
  return Promise.all(
    SIZES.map(async ({ size, scale }) => {
      const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: scale, reducedMotion: 'reduce', locale: 'en-US' });
      const errors: string[] = [];
      await context.route('**/*', (route) => {
        if (new URL(route.request().url()).origin === origin) return route.continue();
        errors.push(`refused a request to ${route.request().url()}`);
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`script error: ${error.message}`));
      return { size, context, page, errors };
    }),
  );
}

/** The browser globals the in-page functions below read (this program compiles without the DOM's types). */
interface BrowserGlobals {
  __previewReady?: boolean;
  location: { origin: string };
  innerWidth: number;
  innerHeight: number;
  requestAnimationFrame(callback: () => void): number;
  CSS: { escape(value: string): string };
  document: {
    querySelector(selector: string): null | {
      contentWindow?: { postMessage(message: unknown, origin: string): void };
      sheet?: unknown;
      getBoundingClientRect(): { width: number; height: number };
    };
    body: { innerText: string };
    fonts: { ready: Promise<unknown>; status: string; load(font: string, text: string): Promise<unknown[]> };
  };
}

/** What the frame must show before it is drawn: the step and the theme's font. */
interface DrawnCheck {
  stepId: string;
  ending: boolean;
  fontStylesheet: string;
  failedText: string;
}

/**
 * In the preview frame: whether step `check.stepId` is drawn — its page (`form[data-step-id]`) or the ending card
 * shown with a size, no question still loading (`field-loading`), the theme's font stylesheet loaded. Throws when a
 * question failed to load (the wait then fails at once).
 */
function stepShown(check: DrawnCheck): boolean {
  const browser = globalThis as unknown as BrowserGlobals;
  const { document } = browser;
  if (document.body.innerText.includes(check.failedText)) throw new Error('a question failed to load');
  const link = document.querySelector(`link[rel="stylesheet"][href="${browser.CSS.escape(check.fontStylesheet)}"]`);
  if (!link?.sheet) return false;
  if (document.querySelector('[data-testid="field-loading"]')) return false;
  const content = document.querySelector(check.ending ? '[data-testid="form-ending"]' : `form[data-step-id="${browser.CSS.escape(check.stepId)}"]`);
  if (!content) return false;
  const box = content.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

/**
 * In the preview frame: loads the theme font's faces for the page's text (`family`, the font's CSS family name),
 * waits for every font load to end and two animation frames; the number of faces loaded for `family` and the
 * frame's window size.
 */
async function settleFonts(family: string): Promise<{ faces: number; status: string; width: number; height: number }> {
  const browser = globalThis as unknown as BrowserGlobals;
  const { document } = browser;
  const faces = await document.fonts.load(`16px "${family}"`, document.body.innerText || 'A');
  await document.fonts.ready;
  await new Promise<void>((resolve) => browser.requestAnimationFrame(() => browser.requestAnimationFrame(() => resolve())));
  return { faces: faces.length, status: document.fonts.status, width: browser.innerWidth, height: browser.innerHeight };
}

/** In the host page: sends `state` to the preview frame (same origin; the frame accepts it from its parent only). */
function postState(state: PreviewState): void {
  const browser = globalThis as unknown as BrowserGlobals;
  const frame = browser.document.querySelector('iframe');
  if (!frame?.contentWindow) throw new Error('the host page has no preview frame');
  frame.contentWindow.postMessage(state, browser.location.origin);
}

/** The CSS family name a theme's font is loaded under: the first, quoted name of its `--fl-font` stack. */
function fontFamilyOf(stack: string | undefined): string {
  const match = /^\s*["']([^"']+)["']/.exec(stack ?? '');
  if (!match?.[1]) throw new Error(`no bundled font family in --fl-font '${stack}'`);
  return match[1];
}

/** Draws step `step` of `entry` in one size's context: the JPEG image, its pixel size checked. */
async function drawStep(site: StaticSite, sized: SizeContext, entry: CatalogueTemplate, step: TemplateThumbnailStep): Promise<Buffer> {
  const { page } = sized;
  const look = templateThumbnailLook(entry);
  await page.goto(`${site.url}${HOST_PAGE}`, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS });
  await page.waitForFunction(() => (globalThis as unknown as BrowserGlobals).__previewReady === true, undefined, { timeout: STEP_TIMEOUT_MS });
  const frame = page.mainFrame().childFrames()[0];
  if (!frame) throw new Error('the preview frame is missing');
  await frame.addStyleTag({ content: FRAME_STYLE });
  const state: PreviewState = { type: 'formloom:preview-state', name: entry.name, template: entry.template, stepId: step.stepId, look };
  await page.evaluate(postState, state);
  const check: DrawnCheck = {
    stepId: step.stepId,
    ending: entry.template.steps[step.stepId]?.type === 'ending',
    fontStylesheet: look.fontStylesheet,
    failedText: copy.publicForm.questionFailedToLoad,
  };
  await frame.waitForFunction(stepShown, check, { timeout: STEP_TIMEOUT_MS, polling: 'raf' });
  const settled = await frame.evaluate(settleFonts, fontFamilyOf(look.cssVariables['--fl-font']));
  if (settled.faces === 0 || settled.status !== 'loaded') throw new Error(`the theme's font ${look.font} did not load (fonts ${settled.status})`);
  if (settled.width !== VIEWPORT.width || settled.height !== VIEWPORT.height) {
    throw new Error(`the preview frame is ${settled.width}x${settled.height} CSS px, not ${VIEWPORT.width}x${VIEWPORT.height}`);
  }
  const image = await page.screenshot({ type: 'jpeg', quality: JPEG_QUALITY, animations: 'disabled', caret: 'hide', scale: 'device', timeout: STEP_TIMEOUT_MS });
  const actual = jpegSize(image);
  const wanted = TEMPLATE_THUMBNAIL_SIZES[sized.size];
  if (!actual || actual.width !== wanted.width || actual.height !== wanted.height) {
    throw new Error(`the ${sized.size} image is ${actual ? `${actual.width}x${actual.height}` : 'not a JPEG'}, not ${wanted.width}x${wanted.height}`);
  }
  return image;
}

/** Draws every step of `entry` in every size: the images by their path relative to {@link THUMBNAILS_DIR}. */
async function drawTemplate(site: StaticSite, contexts: SizeContext[], entry: CatalogueTemplate): Promise<Map<string, Buffer>> {
  const images = new Map<string, Buffer>();
  for (const step of templateThumbnailSteps(entry.template)) {
    if (encodeURIComponent(step.stepId) !== step.stepId || step.stepId.startsWith('.')) {
      throw new Error(`step id '${step.stepId}' cannot be a file name as it is (templateThumbnailUrl would encode it)`);
    }
    const drawn = await Promise.all(contexts.map((sized) => drawStep(site, sized, entry, step).then((image) => [sized.size, image] as const)));
    const problems = [...contexts.flatMap((sized) => sized.errors.splice(0)), ...takeNotFound(site).map((pathname) => `not found: ${pathname}`)];
    if (problems.length > 0) throw new Error(`step ${step.stepId}: ${problems.join('; ')}`);
    for (const [size, image] of drawn) images.set(thumbnailFile(entry.slug, step.stepId, size), image);
  }
  return images;
}

/** Replaces the folder of `slug` in {@link THUMBNAILS_DIR} with `images`. */
async function writeTemplate(slug: string, images: Map<string, Buffer>): Promise<void> {
  await rm(path.join(THUMBNAILS_DIR, slug), { recursive: true, force: true });
  await mkdir(path.join(THUMBNAILS_DIR, slug), { recursive: true });
  await Promise.all([...images].map(([file, image]) => writeFile(path.join(THUMBNAILS_DIR, file), image)));
}

/** Writes `manifest` with its keys sorted. */
async function writeManifest(manifest: Record<string, string>): Promise<void> {
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeFile(path.join(THUMBNAILS_DIR, MANIFEST_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
}

/** The command line: `--all` draws every template; slugs draw those only; nothing draws the stale ones. */
function parseArguments(argv: readonly string[]): { all: boolean; slugs: string[] } {
  const all = argv.includes('--all');
  const slugs = argv.filter((argument) => !argument.startsWith('--'));
  const unknownOption = argv.find((argument) => argument.startsWith('--') && argument !== '--all');
  if (unknownOption) throw new Error(`unknown option ${unknownOption} (usage: render:thumbnails [--all] [slug …])`);
  const unknownSlug = slugs.find((slug) => !TEMPLATE_CATALOGUE.some((entry) => entry.slug === slug));
  if (unknownSlug) throw new Error(`no catalogue template has the slug '${unknownSlug}'`);
  return { all, slugs };
}

/** Runs the command; resolves the process's exit code (0: every chosen template drawn). */
async function main(argv: readonly string[]): Promise<number> {
  const { all, slugs } = parseArguments(argv);
  if (!existsSync(path.join(WEB_DIST, 'form.html'))) throw new Error('web/dist/form.html is missing: run `npm run build:web` first');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  await mkdir(THUMBNAILS_DIR, { recursive: true });

  const catalogueSlugs = new Set(TEMPLATE_CATALOGUE.map((entry) => entry.slug));
  const problems = thumbnailProblems();
  const staleSlugs = new Set(problems.map((problem) => problem.slug).filter((slug) => catalogueSlugs.has(slug)));
  const chosen = TEMPLATE_CATALOGUE.filter((entry) => (slugs.length > 0 ? slugs.includes(entry.slug) : all || staleSlugs.has(entry.slug)));
  const manifest = Object.fromEntries(Object.entries(readManifest() ?? {}).filter(([slug]) => catalogueSlugs.has(slug)));

  const strays = readdirSync(THUMBNAILS_DIR, { withFileTypes: true }).filter((item) => item.isDirectory() && !catalogueSlugs.has(item.name));
  for (const stray of strays) {
    await rm(path.join(THUMBNAILS_DIR, stray.name), { recursive: true, force: true });
    console.log(`removed ${stray.name}/ (no longer in the catalogue)`);
  }
  console.log(`${TEMPLATE_CATALOGUE.length} catalogue templates: drawing ${chosen.length}${all ? ' (--all)' : slugs.length > 0 ? ' (named)' : ' (stale or missing)'}`);

  const failures: string[] = [];
  let imageCount = 0;
  if (chosen.length > 0) {
    const site = await serveSite();
    // Imported here, so the stale test can import this module's checks without loading a browser driver.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const contexts = await openContexts(browser, site.url);
      for (const [index, entry] of chosen.entries()) {
        const started = Date.now();
        try {
          const images = await drawTemplate(site, contexts, entry);
          await writeTemplate(entry.slug, images);
          manifest[entry.slug] = templateThumbnailHash(entry);
          imageCount += images.size;
          const pages = images.size / SIZES.length;
          console.log(`[${index + 1}/${chosen.length}] ${entry.slug}: ${pages} page${pages === 1 ? '' : 's'} × ${SIZES.length} sizes (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        } catch (error) {
          delete manifest[entry.slug];
          failures.push(`${entry.slug}: ${error instanceof Error ? error.message : String(error)}`);
          console.error(`[${index + 1}/${chosen.length}] ${entry.slug}: FAILED — ${failures.at(-1)}`);
        }
      }
    } finally {
      await browser.close();
      await new Promise((resolve) => site.server.close(resolve));
    }
  }
  await writeManifest(manifest);
  console.log(`wrote ${imageCount} images of ${chosen.length - failures.length} templates and ${path.relative(ROOT, path.join(THUMBNAILS_DIR, MANIFEST_FILE))}`);
  if (failures.length > 0) {
    console.error(`${failures.length} template${failures.length === 1 ? '' : 's'} failed:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  const left = thumbnailProblems();
  if (left.length > 0 && slugs.length === 0) {
    console.error(`still stale:\n  ${left.map(({ slug, problem }) => `${slug}: ${problem}`).join('\n  ')}`);
    return 1;
  }
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
