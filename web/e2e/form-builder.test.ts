/**
 * The form builder end to end, as a new owner and a respondent on a phone meet it, in headless Chromium against the
 * whole product: a three-page form with a file upload, a matrix and a 0–10 opinion scale, a page rule that skips a
 * page, a hidden field read from the link, a calculation shown on the ending and a quiz score — filled in at 390 px
 * with the keyboard alone, left after page 1 and resumed in the same browser; then the owner's Results and their CSV
 * export (the same cells), the public REST API read with an API key made on the Settings page, and a signed webhook
 * received on a local server whose signature checks out.
 *
 * The form's template is saved through the API the editor uses (the editor's own tests drive its controls); what a
 * respondent and the owner do afterwards goes through the pages.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FileChooser, Page } from 'playwright-core';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '@formloom/contracts/rules/webhook-signature';
import { eventually, signUpInBrowser, useProductInBrowser, createBlankFormInBrowser } from './harness';

/** A webhook receiver on 127.0.0.1: every request's raw body and headers. */
interface Received {
  body: string;
  headers: IncomingMessage['headers'];
}

const received: Received[] = [];
let receiver: Server;
let receiverPort = 0;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

// The receiver is on this machine: the operator lets its address through the outbound guard.
const running = useProductInBrowser({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

/** The form: About you (name, plan) → Your work (CV, matrix, NPS) → Quiz; Free skips Your work. */
function template(): FlowTemplate {
  const page = (id: string, name: string, widgets: Widget[], next: string, rules?: Array<{ condition: object; nextStep: string }>) =>
    ({ id, name, type: 'form', template: { widgets }, nextStep: { defaultNextStep: next, ...(rules ? { rules } : {}) } }) as FlowTemplate['steps'][string];
  return {
    firstStep: 'about',
    urlParams: [{ id: 'utm', name: 'utm_source' }],
    calculations: [{ id: 'bonus', name: 'Bonus', initialValue: 10, updates: [{ operation: 'add', value: { var: 'answers.nps' } }] }],
    quizzes: { enabled: true, showScore: true },
    steps: {
      about: page(
        'about',
        'About you',
        [
          { id: 'name', name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: true } },
          { id: 'plan', name: 'Plan', type: 'MultipleChoice', template: { label: 'Which plan do you use?', required: true, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] } },
        ],
        'work',
        [{ condition: { equals: [{ var: 'answers.plan' }, 'free'] }, nextStep: 'quiz' }],
      ),
      work: page(
        'work',
        'Your work',
        [
          { id: 'cv', name: 'CV', type: 'FileUpload', template: { label: 'Upload your CV', required: true, allowedTypes: 'documents', maxFiles: 1 } },
          {
            id: 'rate',
            name: 'Rate us',
            type: 'Matrix',
            template: {
              label: 'Rate us',
              required: true,
              rows: [{ id: 'speed', label: 'Speed' }, { id: 'support', label: 'Support' }],
              columns: [{ id: 'bad', label: 'Bad' }, { id: 'good', label: 'Good' }],
            },
          },
          { id: 'nps', name: 'NPS', type: 'OpinionScale', template: { label: 'How likely are you to recommend us?', required: true, start: 0, end: 10 } },
        ],
        'quiz',
      ),
      quiz: page(
        'quiz',
        'Quiz',
        [{ id: 'sum', name: 'Sum', type: 'MultipleChoice', template: { label: 'What is 2 + 2?', required: true, options: [{ id: 'three', label: '3' }, { id: 'four', label: '4', points: 1 }] } }],
        'end',
      ),
      end: {
        id: 'end',
        name: 'Thank you',
        type: 'ending',
        template: { title: 'Thanks, {{answers.name}}!', body: 'Your bonus: {{calculations.bonus}}. Source: {{urlParams.utm_source}}.' },
        nextStep: null,
      },
    },
  };
}

/** What the focused element is: its tag, type and text or label. */
function focused(page: Page): Promise<{ tag: string; type: string; text: string }> {
  return page.evaluate(() => {
    // Browser code (this program's types have no DOM).
    type El = { tagName: string; type?: string; textContent: string | null; closest(selector: string): El | null; getAttribute(name: string): string | null };
    const element = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
    const label = element?.closest('label')?.textContent ?? element?.textContent ?? '';
    return { tag: element?.tagName ?? '', type: element?.type ?? '', text: (element?.getAttribute('aria-label') ?? label).trim() };
  });
}

/** Presses Tab until the focus is on what `matches` accepts (at most 40 times). */
async function tabTo(page: Page, matches: (element: { tag: string; type: string; text: string }) => boolean): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if (matches(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached: ${JSON.stringify(await focused(page))}`);
}

/**
 * Tabs to the file input and opens its chooser with Enter. Chromium opens the chooser only once the page holds
 * the input steadily: on a loaded machine the resumed page may still re-render under the first key press, so a
 * press that opened nothing is tried again (at most 3 times, 10 s each) from the focus the page has then.
 */
async function openFileChooserWithKeyboard(page: Page): Promise<FileChooser> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await tabTo(page, (element) => element.type === 'file');
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Enter');
    try {
      return await chooser;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** The API key the open dialog shows (`fl_…`), waiting up to 30 s for the server to create it. */
async function waitForKey(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    // Browser code (this program's types have no DOM).
    type Field = { value: string };
    const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<Field> } }).document;
    return Array.from(doc.querySelectorAll('[role="dialog"] textarea, [role="dialog"] input')).map((field) => field.value).find((value) => value.startsWith('fl_')) ?? null;
  });
  return (await handle.jsonValue()) as string;
}

it('builds, fills on a phone with the keyboard, resumes, exports, reads through the API and signs its webhook', async () => {
  const { url } = running.product();
  const browser = running.browser();
  const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signUpInBrowser(owner, url, 'owner-form-builder@example.com');
  const id = await createBlankFormInBrowser(owner);
  const headers = { origin: url };
  expect((await owner.request.put(`${url}/admin/flows/${id}/template`, { data: { template: template() }, headers })).status()).toBe(200);
  await owner.reload();
  await owner.getByRole('button', { name: 'Publish' }).click();
  await owner.getByTestId('flow-status').getByText('Live').waitFor();

  // A respondent on a phone, keyboard only, from a link with a hidden field.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  let form = await phone.newPage();
  await form.goto(`${url}/t/${id}?utm_source=ads`);
  await form.getByRole('textbox', { name: /Your name/ }).waitFor();
  await tabTo(form, (element) => element.type === 'text');
  await form.keyboard.type('Ada Lovelace');
  await form.keyboard.press('Tab');
  await form.keyboard.press('ArrowDown'); // the plan's radio group: Pro
  expect(await focused(form)).toMatchObject({ type: 'radio', text: 'Pro' });
  await tabTo(form, (element) => element.text === 'Next');
  await form.keyboard.press('Enter');
  await form.getByRole('heading', { name: 'Your work' }).waitFor();

  // Leave after page 1, come back in the same browser: the answers and the page are kept.
  await form.close();
  form = await phone.newPage();
  await form.goto(`${url}/t/${id}?utm_source=ads`);
  await form.getByRole('heading', { name: 'Your work' }).waitFor();
  await form.getByRole('button', { name: 'Start over' }).waitFor();

  const cv = path.join(mkdtempSync(path.join(os.tmpdir(), 'formloom-cv-')), 'cv.pdf');
  writeFileSync(cv, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await (await openFileChooserWithKeyboard(form)).setFiles(cv);
  await form.getByText('cv.pdf').first().waitFor();
  // The matrix, a radio group per row: Speed → Good, Support → Good.
  for (const row of ['Speed', 'Support']) {
    await tabTo(form, (element) => element.type === 'radio');
    await form.keyboard.press('ArrowDown');
    expect({ row, ...(await focused(form)) }).toMatchObject({ row, text: 'Good' });
    await form.keyboard.press('Tab');
  }
  // The opinion scale: from 0, nine steps right.
  await tabTo(form, (element) => element.type === 'radio' && element.text === '0');
  for (let i = 0; i < 9; i += 1) await form.keyboard.press('ArrowRight');
  expect(await focused(form)).toMatchObject({ type: 'radio', text: '9' });
  await tabTo(form, (element) => element.text === 'Next');
  await form.keyboard.press('Enter');
  await form.getByRole('heading', { name: 'Quiz' }).waitFor();
  await tabTo(form, (element) => element.type === 'radio');
  await form.keyboard.press('ArrowDown'); // '4', the right answer
  await tabTo(form, (element) => element.text === 'Submit');
  await form.keyboard.press('Enter');
  await form.getByText('Thanks, Ada Lovelace!').waitFor();
  await form.getByText('Your bonus: 19. Source: ads.').waitFor();
  await form.getByText('Your score: 1 / 1').waitFor();
  await phone.close();

  // A second respondent answers Free: the rule skips 'Your work'.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await desktop.newPage();
  await second.goto(`${url}/t/${id}`);
  await second.getByRole('textbox', { name: /Your name/ }).fill('Grace');
  await second.getByText('Free', { exact: true }).click();
  await second.getByRole('button', { name: 'Next' }).click();
  await second.getByRole('heading', { name: 'Quiz' }).waitFor();
  await second.getByText('3', { exact: true }).click();
  await second.getByRole('button', { name: 'Submit' }).click();
  await second.getByText('Your score: 0 / 1').waitFor();
  await desktop.close();

  // The owner's Results, and the CSV the Export menu links to: the same cells, row by row.
  await owner.goto(`${url}/editor/${id}/results`);
  await eventually(async () => (await owner.getByTestId('results-row').count()) === 2);
  const table = await owner.getByTestId('results-table').evaluate((element) => {
    type Cell = { innerText: string };
    type Row = { querySelectorAll(selector: string): ArrayLike<Cell> };
    const rows = (element as unknown as { querySelectorAll(selector: string): ArrayLike<Row> }).querySelectorAll('tbody tr');
    return Array.from(rows, (row) => Array.from(row.querySelectorAll('td'), (cell) => cell.innerText.trim()));
  });
  await owner.getByRole('button', { name: 'Export' }).click();
  const href = await owner.getByRole('menuitem', { name: 'Download CSV' }).getAttribute('href');
  const csv = parse((await (await owner.request.get(`${url}${href}`)).text()).replace(/^\uFEFF/, '')) as string[][];
  expect(csv[0]).toEqual(['Submission ID', 'Submitted at', 'Name', 'Plan', 'CV', 'Rate us', 'NPS', 'Sum', 'utm_source', 'Bonus', 'Score']);
  // The table: the time, then the same columns as the file after its id and time ('—' where the file has '').
  const cells = (row: string[]) => row.slice(2).map((cell) => cell.replace(/ \(http[^)]*\)$/, ''));
  expect(table.map((row) => row.slice(1).map((cell) => (cell === '—' ? '' : cell)))).toEqual(csv.slice(1).map(cells));
  expect(csv.slice(1).map(cells)).toEqual([
    ['Grace', 'Free', '', '', '', '3', '', '10', '0 / 1'],
    ['Ada Lovelace', 'Pro', 'cv.pdf', 'Speed: Good; Support: Good', '9', '4', 'ads', '19', '1 / 1'],
  ]);

  // An API key from the Settings page; the public REST API with it.
  await owner.goto(`${url}/home/settings`);
  await owner.getByRole('button', { name: 'Create API key' }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByRole('textbox').first().fill('Reporting');
  await dialog.getByRole('button', { name: /Create/ }).click();
  // The key shows once the server created it.
  const key = await waitForKey(owner);
  expect(key).toMatch(/^fl_/);
  const api = { authorization: `Bearer ${key}` };
  const listed = await fetch(`${url}/v1/api/forms/${id}/submissions?sort=asc`, { headers: api });
  expect(listed.status).toBe(200);
  const page = (await listed.json()) as { totalResponses: number; responses: Array<{ questions: Array<{ id: string; displayValue: string }>; quiz?: { score: number } }> };
  expect(page.totalResponses).toBe(2);
  // Oldest first: Ada's answers, then Grace's.
  const answer = (index: number, id: string) => page.responses[index]!.questions.find((question) => question.id === id)?.displayValue;
  expect([answer(0, 'name'), answer(0, 'nps'), answer(1, 'name')]).toEqual(['Ada Lovelace', '9', 'Grace']);
  expect((await fetch(`${url}/v1/api/forms`, { headers: { authorization: 'Bearer fl_not-a-key' } })).status).toBe(401);

  // A webhook on the local receiver, signed; the next submission reaches it and its signature checks out.
  const created = await fetch(`${url}/v1/api/webhook/create`, {
    method: 'POST',
    headers: { ...api, 'content-type': 'application/json' },
    body: JSON.stringify({ formId: id, url: `http://127.0.0.1:${receiverPort}/formloom` }),
  });
  expect(created.status).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  const refused = await fetch(`${url}/v1/api/webhook/create`, {
    method: 'POST',
    headers: { ...api, 'content-type': 'application/json' },
    body: JSON.stringify({ formId: id, url: 'http://169.254.169.254/latest/meta-data' }),
  });
  expect(refused.status).toBe(400);
  const third = await fetch(`${url}/v1/api/forms/${id}/submissions`, {
    method: 'POST',
    headers: { ...api, 'content-type': 'application/json' },
    body: JSON.stringify({ submissions: [{ questions: [{ id: 'name', value: 'Alan' }, { id: 'plan', value: 'free' }, { id: 'sum', value: 'four' }], urlParameters: [] }] }),
  });
  expect(third.status).toBe(201);
  await eventually(async () => received.length > 0);
  const delivery = received[0]!;
  expect(verifyWebhookSignature(secret, delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()], delivery.body, Math.floor(Date.now() / 1000))).toBe(true);
  expect(verifyWebhookSignature(secret, delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()], `${delivery.body} `, Math.floor(Date.now() / 1000))).toBe(false);
  expect(JSON.parse(delivery.body)).toMatchObject({ formId: id, submission: { questions: expect.arrayContaining([expect.objectContaining({ id: 'name', value: 'Alan' })]) } });
  await owner.close();
});
