/**
 * MultiSelect, ImageChoice, Address and Statement on the public form in headless Chromium, at a desktop width and
 * at 390 px: no WCAG 2 A/AA violation (axe-core) with the multi-select's list open or the form showing its errors,
 * the page never wider than the screen, picture cards two a row on the phone, and the multi-select usable with
 * the keyboard alone.
 *
 * axe is injected into the page, so the page's CSP (which admits no inline script) is bypassed for this test only.
 */
import type { Page } from 'playwright-core';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { signUpInBrowser, useProductInBrowser, violations, createBlankFormInBrowser } from './harness';

const running = useProductInBrowser();

/** A one-page form with one question of each of the four types. */
function template(): FlowTemplate {
  // Any https address passes the check; these never load here (no network), which the cards must survive.
  const image = (name: string) => `https://images.example.com/${name}.jpg`;
  return {
    firstStep: 'p1',
    steps: {
      p1: {
        id: 'p1',
        name: 'About you',
        type: 'form',
        template: {
          widgets: [
            { id: 'intro', name: 'Intro', type: 'Statement', template: { label: 'Before you start', required: false, body: 'Two minutes.\n\nThank you!' } },
            {
              id: 'langs',
              name: 'Languages',
              type: 'MultiSelect',
              template: {
                label: 'Which languages do you use?',
                required: true,
                maxSelections: 2,
                options: [{ id: 'ts', label: 'TypeScript' }, { id: 'go', label: 'Go' }, { id: 'rust', label: 'Rust' }],
              },
            },
            {
              id: 'trip',
              name: 'Trip',
              type: 'ImageChoice',
              template: {
                label: 'Where would you go?',
                required: true,
                options: [
                  { id: 'beach', label: 'Beach', imageUrl: image('beach'), alt: 'Sand and sea at sunset' },
                  { id: 'city', label: 'City', imageUrl: image('city') },
                  { id: 'hills', label: 'Hills', imageUrl: image('hills') },
                ],
              },
            },
            { id: 'home', name: 'Home', type: 'Address', template: { label: 'Shipping address', required: true, requirePostalCode: true, defaultCountry: 'US' } },
          ],
        },
        nextStep: { defaultNextStep: 'end' },
      },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: 'Done.' }, nextStep: null },
    },
  };
}

/** Signs up in the browser, creates a form holding {@link template} and publishes it; its public identifier. */
async function publishedForm(page: Page, url: string): Promise<string> {
  await signUpInBrowser(page, url, 'ada-more-types@example.com');
  const publicIdentifier = await createBlankFormInBrowser(page);
  const headers = { origin: url };
  const saved = await page.request.put(`${url}/admin/flows/${publicIdentifier}/template`, { data: { template: template() }, headers });
  expect(saved.status()).toBe(200);
  expect((await page.request.post(`${url}/admin/flows/${publicIdentifier}/publish`, { headers })).status()).toBe(200);
  return publicIdentifier;
}

it('passes axe at both widths, fits a 390 px phone, and the multi-select works with the keyboard alone', async () => {
  const { url } = running.product();
  const browser = running.browser();
  const owner = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const publicIdentifier = await publishedForm(owner, url);
  const found: Record<string, string[]> = {};

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const visitor = await browser.newContext({ viewport, bypassCSP: true });
    const form = await visitor.newPage();
    await form.goto(`${url}/t/${publicIdentifier}`);
    const combo = form.getByRole('combobox', { name: 'Which languages do you use?' });
    await combo.waitFor();
    const check = async (screen: string) => {
      const list = await violations(form);
      if (list.length > 0) found[`${screen} (${viewport.width} px)`] = list;
    };
    await check('public form');

    // Keyboard only: open, move, tick; the list open passes axe too.
    await combo.focus();
    await form.keyboard.press('ArrowDown');
    await form.keyboard.press('ArrowDown');
    await form.keyboard.press('Enter');
    await expectChips(form, ['Go']);
    await check('multi-select open');
    await form.keyboard.type('typ');
    await form.keyboard.press('Enter');
    await form.keyboard.press('Escape');
    await expectChips(form, ['Go', 'TypeScript']);
    await form.keyboard.press('Shift+Tab');
    await form.keyboard.press('Delete');
    await expectChips(form, ['Go']);

    // Nothing is wider than the screen; two picture cards a row on the phone.
    const layout = await form.evaluate(() => {
      // Browser code (this program's types have no DOM).
      type Rect = { top: number; width: number };
      const page = (globalThis as unknown as {
        document: { documentElement: { scrollWidth: number }; querySelectorAll(selector: string): ArrayLike<{ getBoundingClientRect(): Rect }> };
      }).document;
      const cards = Array.from(page.querySelectorAll('[data-widget-type="ImageChoice"] label'), (card) => card.getBoundingClientRect());
      return { scrollWidth: page.documentElement.scrollWidth, tops: cards.map((rect) => Math.round(rect.top)), widths: cards.map((rect) => rect.width) };
    });
    expect(layout.scrollWidth).toBeLessThanOrEqual(viewport.width);
    if (viewport.width === 390) {
      expect(layout.tops[0]).toBe(layout.tops[1]);
      expect(layout.tops[2]).toBeGreaterThan(layout.tops[0]!);
      for (const width of layout.widths) expect(width).toBeGreaterThanOrEqual(140);
    }

    await form.getByRole('button', { name: 'Submit' }).click();
    await form.locator('[data-invalid="true"]').first().waitFor();
    await check('public form with errors');
    await visitor.close();
  }
  await owner.close();
  expect(found).toEqual({});
});

/** Waits (up to 5 s) until the multi-select's chips read `labels`, in order, and asserts it. */
async function expectChips(page: Page, labels: string[]): Promise<void> {
  const chips = page.getByRole('list', { name: 'Chosen: Which languages do you use?' }).getByRole('listitem');
  const deadline = Date.now() + 5000;
  let texts = await chips.allTextContents();
  while (JSON.stringify(texts) !== JSON.stringify(labels) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    texts = await chips.allTextContents();
  }
  expect(texts).toEqual(labels);
}
