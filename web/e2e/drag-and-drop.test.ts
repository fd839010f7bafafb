/**
 * Drag and drop in the editor, in headless Chromium against the whole product (@dnd-kit needs a real layout, which
 * jsdom has not): a question dragged with the mouse onto a page of the pages panel (the page highlights) and one
 * moved there with the keyboard (its drag handle, Space, the arrows, Space), pages reordered with the mouse and the
 * keyboard — each said to screen readers in words, each saved, the moved question keeping its id and settings.
 */
import type { Locator, Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { orderedSteps } from '@formloom/contracts/rules/steps';
import { eventually, signUpInBrowser, useProductInBrowser } from './harness';

const running = useProductInBrowser();

/** Three pages of one question each ('Name' and 'Email' on page 1), in one straight path to the ending. */
function form(): FlowTemplate {
  const question = (id: string, label: string) => ({ id, name: label, type: 'ShortAnswer' as const, template: { label, required: id === 'email', placeholder: 'you@example.com' } });
  return {
    firstStep: 'p1',
    steps: {
      p1: { id: 'p1', name: 'Start', type: 'form', template: { widgets: [question('name', 'Your name'), question('email', 'Your email')] }, nextStep: { defaultNextStep: 'p2' } },
      p2: { id: 'p2', name: 'Middle', type: 'form', template: { widgets: [question('job', 'Your job')] }, nextStep: { defaultNextStep: 'p3' } },
      p3: { id: 'p3', name: 'Contact', type: 'form', template: { widgets: [question('phone', 'Your phone')] }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thanks', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
    },
  };
}

/** The questions of page `stepId` of `template`. */
function widgetsOf(template: FlowTemplate, stepId: string) {
  const step = template.steps[stepId];
  return step?.type === 'form' ? step.template.widgets : [];
}

/** Drags `handle` with the mouse onto the middle of `target` (small steps, as a hand does). */
async function dragWithMouse(page: Page, handle: Locator, target: Locator, inspect?: () => Promise<void>): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await inspect?.();
  await page.mouse.up();
}

it('moves questions onto pages and reorders pages, with the mouse and with the keyboard, and saves each move', async () => {
  const { url } = running.product();
  const page = await running.browser().newPage({ viewport: { width: 1280, height: 900 } });
  await signUpInBrowser(page, url, 'ada-dnd@example.com');
  const me = await (await page.request.get(`${url}/auth/me`)).json();
  const created = await page.request.post(`${url}/admin/flows`, { data: { name: 'Drag me', type: 'form', workspaceId: me.workspaces[0].id, flowTemplate: form() } });
  const { publicIdentifier } = (await created.json()).flow;
  await page.goto(`${url}/editor/${publicIdentifier}/edit`);
  await page.getByTestId('question-card').first().waitFor();

  const saved = async (): Promise<FlowTemplate> => (await (await page.request.get(`${url}/admin/flows/fetch/${publicIdentifier}`)).json()).flowSnapshot.template;
  const questionsOf = (template: FlowTemplate) =>
    orderedSteps(template).flatMap((step) => (step.type === 'form' ? [`${step.name}: ${step.template.widgets.map((widget) => widget.id).join(',')}`] : []));
  const row = (name: string) => page.getByTestId('page-row').filter({ hasText: name });
  const announced = async () => (await page.locator('[id^="DndLiveRegion"]').allInnerTexts()).join(' ');

  // The mouse: 'Your email' onto 'Middle', which highlights while it is over it.
  await dragWithMouse(page, page.getByRole('button', { name: copy.editor.dragQuestion('Your email') }), row('Middle'), async () => {
    await eventually(async () => (await row('Middle').getAttribute('data-drop-target')) === 'true');
    await page.getByTestId('drag-preview').filter({ hasText: 'Your email' }).waitFor();
  });
  await eventually(async () => (await announced()).includes(copy.editor.movedToPage('Your email', 'Middle')));
  await eventually(async () => (await page.getByTestId('question-card').count()) === 1);
  await eventually(async () => questionsOf(await saved()).join(' | ') === 'Start: name | Middle: job,email | Contact: phone');
  // It kept its id and settings.
  expect(widgetsOf(await saved(), 'p2')[1]).toEqual(widgetsOf(form(), 'p1')[1]);

  // The keyboard: 'Your name' — its handle, Space, ← onto the pages list, ↓ to 'Contact', Space.
  await page.getByRole('button', { name: copy.editor.dragQuestion('Your name') }).focus();
  await page.keyboard.press('Space');
  await page.getByTestId('drag-preview').filter({ hasText: 'Your name' }).waitFor();
  await page.keyboard.press('ArrowLeft');
  const over = () => page.locator('[data-testid="page-row"][data-drop-target]').innerText();
  await page.locator('[data-testid="page-row"][data-drop-target]').waitFor();
  for (let step = 0; step < 4 && !(await over()).includes('Contact'); step += 1) {
    const before = await over();
    await page.keyboard.press('ArrowDown');
    await eventually(async () => (await over()) !== before);
  }
  expect(await announced()).toContain(copy.editor.overPage('Your name', 'Contact'));
  await page.keyboard.press('Space');
  await eventually(async () => (await announced()).includes(copy.editor.movedToPage('Your name', 'Contact')));
  await eventually(async () => questionsOf(await saved()).join(' | ') === 'Start:  | Middle: job,email | Contact: phone,name');
  // The focus is not lost: the empty page's name has it.
  expect(await page.locator(':focus').getAttribute('data-testid')).toBe('page-name');

  // Pages, with the mouse: 'Contact' to the top.
  await dragWithMouse(page, page.getByRole('button', { name: copy.editor.dragPage('Contact') }), row('Start'));
  await eventually(async () => (await page.getByTestId('page-row').allInnerTexts()).map((text) => text.split('\n').find((line) => /[A-Za-z]/.test(line))).join(',') === 'Contact,Start,Middle');
  await eventually(async () => questionsOf(await saved()).join(' | ') === 'Contact: phone,name | Start:  | Middle: job,email');

  // Pages, with the keyboard: 'Middle' up one (Enter, ↑, Enter); the handle keeps the focus.
  await page.getByRole('button', { name: copy.editor.dragPage('Middle') }).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('drag-preview').filter({ hasText: 'Middle' }).waitFor();
  await page.keyboard.press('ArrowUp');
  await eventually(async () => (await announced()).includes(copy.editor.overPosition('Middle', 2, 3)));
  await page.keyboard.press('Enter');
  await eventually(async () => (await announced()).includes(copy.editor.movedToPosition('Middle', 2, 3)));
  await eventually(async () => questionsOf(await saved()).join(' | ') === 'Contact: phone,name | Middle: job,email | Start: ');
  expect(await page.locator(':focus').getAttribute('aria-label')).toBe(copy.editor.dragPage('Middle'));
  const template = await saved();
  expect(template.firstStep).toBe('p3');
  expect(template.steps.p1).toMatchObject({ nextStep: { defaultNextStep: 'end' } });
  await page.close();
});
