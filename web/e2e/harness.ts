/**
 * What every browser test needs: the whole product in one process (`startEmbedded`, on a throwaway
 * `DATA_DIR`, serving the built web app) and headless Debian Chromium (`CHROMIUM_PATH`, default
 * /usr/bin/chromium) through playwright-core — never a downloaded browser. The web app must be built first
 * (`npm test` does it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { chromium, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { startEmbedded } from '@formloom/scripts/embedded';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(__dirname, '../dist');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The running product. */
export type Product = Awaited<ReturnType<typeof startEmbedded>>;

/** The product and the browser of a test file, available once its `beforeAll` ran. */
export interface ProductInBrowser {
  product(): Product;
  browser(): Browser;
}

/**
 * Starts the product and Chromium before the test file's tests (`beforeAll`) and stops them, deleting the
 * data, after (`afterAll`); sets the file's test timeout to 240 s. `options.env`: variables the product gets besides
 * this process's (`WEBHOOK_ALLOWED_HOSTS` for a local receiver, say). `options.host`: the host name of its public
 * address (default `127.0.0.1`; `localhost` gives organizations subdomains Chromium resolves to this machine,
 * `acme.localhost`).
 * @throws (in `beforeAll`) when `web/dist` or Chromium is missing
 */
export function useProductInBrowser(options: { env?: Record<string, string>; host?: 'localhost' | '127.0.0.1' } = {}): ProductInBrowser {
  jest.setTimeout(240_000);
  let product: Product | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: run `npm run build:web`');
    if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-e2e-'));
    // A known port, so that the links the product writes (PUBLIC_URL: file downloads in the Results, edit links) are
    // its own address, as in production.
    const port = await freePort();
    product = await startEmbedded({
      dataDir,
      port,
      host: '127.0.0.1',
      publicUrl: `http://${options.host ?? '127.0.0.1'}:${port}`,
      webDist: WEB_DIST,
      logLevel: 'silent',
      ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return {
    product: () => product!,
    browser: () => browser!,
  };
}

/**
 * Signs a new user up in the browser (`/signup`: Ada Lovelace, `email`, the password 'analytical-engine') and waits
 * for the home page; `page` then runs with their session (its `request` too).
 */
export async function signUpInBrowser(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/signup`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('analytical-engine');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/\/home/);
}

/**
 * Makes a blank form from the dashboard the way a user does — 'Create form', then the new-flow dialog's 'Blank form',
 * a theme (default the plain one) with 'Continue', and 'Create form' (spec 000 §2) — and waits for its editor; the
 * form's public identifier.
 */
export async function createBlankFormInBrowser(page: Page, theme = 'plain'): Promise<string> {
  await page.getByTestId('create-form-button').click();
  await page.getByTestId('new-flow-card-blank').click();
  await page.getByTestId(`theme-option-${theme}`).click();
  await page.getByTestId('theme-confirm').click();
  await page.getByTestId('new-flow-create').click();
  await page.waitForURL(/\/editor\/[^/]+\/edit/);
  return /\/editor\/([^/]+)\/edit/.exec(page.url())![1]!;
}

/** A TCP port free on 127.0.0.1 now (the system's pick for a listener that is closed at once). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once `check` holds (polled every 100 ms); throws after `timeoutMs` (default 10 s). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until every dialog and menu on screen has finished appearing (Mantine fades them in, and axe reads colours as
 * they are shown, so a half-faded text would fail its contrast check) — at most 5 s, then goes on as it is.
 */
export async function popupsSettled(page: Page): Promise<void> {
  // Browser code, as a string: this program has no DOM types.
  const shown = `(() => {
    for (const popup of document.querySelectorAll('[role=dialog], [role=menu]')) {
      if (popup.getClientRects().length === 0) continue;
      for (let node = popup; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
    }
    return true;
  })()`;
  await eventually(async () => (await page.evaluate(shown)) === true, 5_000).catch(() => undefined);
}

/**
 * The WCAG 2 A and AA violations axe-core finds on the whole page now (colour contrast included), once open dialogs
 * and menus have finished appearing ({@link popupsSettled}), one line each: `<rule id> (<impact>): <selectors of the
 * nodes>`. `[]` when there are none.
 */
export async function violations(page: Page): Promise<string[]> {
  await popupsSettled(page);
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (globalThis as unknown as { axe: { run(options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run({ runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  });
}

/** How much wider than the window the page is (px; 0 when it fits). */
export function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    // Browser code: this program has no DOM types.
    const browser = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
    return browser.document.documentElement.scrollWidth - browser.innerWidth;
  });
}

/** JSON calls to the product as the browser context of `request` (its cookies), at the product's `url`. */
export interface ProductApi {
  /** POSTs `data` to `path` (with the product's own `origin`). @throws Error with the status and body unless 2xx */
  post<T>(path: string, data: unknown): Promise<T>;
  /** GETs `path` and parses its JSON, whatever the status. */
  get<T>(path: string): Promise<T>;
}

/** {@link ProductApi} over `request` (e.g. `page.request`, sharing the page's session) for the product at `url`. */
export function apiOf(request: APIRequestContext, url: string): ProductApi {
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      const response = await request.post(`${url}${path}`, { data, headers: { origin: url } });
      if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async get<T>(path: string): Promise<T> {
      return (await (await request.get(`${url}${path}`)).json()) as T;
    },
  };
}
