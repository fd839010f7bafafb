/**
 * The security headers as a browser enforces them, in headless Chromium against the whole product in one
 * process with the built web app: the app's pages (sign-up, home, every editor tab, the public form) run under
 * their Content-Security-Policy without a single violation (no inline script, no eval, nothing from elsewhere),
 * the public form works inside an iframe on another site (embedding is a product feature), and every other page
 * refuses to be framed.
 *
 * Setup: `web/e2e/harness.ts` (Debian's Chromium, never a downloaded browser; the web app must be built first).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { ProductClient, type PublishedForm } from '@formloom/scripts/product-client';
import { useProductInBrowser } from '../../web/e2e/harness';

// The product and Chromium, as every browser test of the repository starts them (`web/e2e/harness.ts`).
const running = useProductInBrowser();

let owner: ProductClient;
let form: PublishedForm;
/** Another site (another origin) whose page frames ours. */
let framer: http.Server;
let framerUrl: string;

beforeAll(async () => {
  const { url } = running.product();
  owner = await ProductClient.signUp(url, 'policy@example.com');
  form = await owner.publishFormWithEmailWorkflow('Embeddable form', { emailWidgetId: 'w2' });
  framer = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><title>A customer's site</title>` +
        `<iframe id="form" src="${url}/t/${form.publicIdentifier}" width="600" height="600"></iframe>` +
        `<iframe id="home" src="${url}/home" width="600" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  // `localhost` is another origin (and the same site) than the product's `127.0.0.1`.
  framerUrl = `http://localhost:${(framer.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => framer?.close(resolve));
});

/** A browser context that records every CSP violation its pages report (`securitypolicyviolation`). */
async function recordingContext(): Promise<{ context: BrowserContext; violations: string[] }> {
  const context = await running.browser().newContext();
  const violations: string[] = [];
  await context.exposeBinding('reportViolation', (_source, text: string) => void violations.push(text));
  // Page code, as text (this file is compiled without the DOM's types).
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.reportViolation(event.violatedDirective + ' ' + event.blockedURI + ' at ' + event.sourceFile + ':' + event.lineNumber));`,
  });
  return { context, violations };
}

it('runs every screen of the app without a CSP violation', async () => {
  const { context, violations } = await recordingContext();
  try {
    const page = await context.newPage();
    for (const screen of ['/signup', '/login']) {
      await page.goto(running.product().url + screen);
      await page.getByRole('button').first().waitFor();
    }
    await context.addCookies([{ name: 'formloom_session', value: owner.session, url: running.product().url }]);
    await page.goto(`${running.product().url}/home`);
    await page.getByText('Embeddable form').first().waitFor();
    for (const tab of ['edit', 'share', 'results', 'workflows']) {
      await page.goto(`${running.product().url}/editor/${form.publicIdentifier}/${tab}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${running.product().url}/t/${form.publicIdentifier}`);
    await page.getByRole('textbox').first().waitFor();
    // A second visit revalidates the cached page (304) and keeps running.
    await page.reload();
    await page.getByRole('textbox').first().waitFor();
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
});

it('shows the public form inside another site’s iframe, and no other page', async () => {
  const { context, violations } = await recordingContext();
  try {
    const page = await context.newPage();
    await page.goto(framerUrl);
    const formFrame = page.frameLocator('#form');
    await formFrame.getByRole('textbox').first().waitFor();
    expect(await formFrame.getByRole('textbox').count()).toBeGreaterThan(0);
    // The home page refused to be framed: its frame shows the browser's error page, not our document.
    const homeFrame = await (await page.locator('#home').elementHandle())?.contentFrame();
    expect(homeFrame?.url()).toMatch(/^chrome-error:/);
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
});
