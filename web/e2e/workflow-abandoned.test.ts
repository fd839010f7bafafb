/**
 * The gallery's `email_form_abandonment` workflow, tried as its owner and two respondents would (spec 001 §2, §3
 * formAbandoned; docs/architecture.md "Time-based triggers"): a respondent on a phone answers the first page of a
 * two-page form, moves on and leaves; another answers the first page and finishes. After the trigger's
 * `sendAfterTime` (here 0.05 minutes, 3 s) the one who left gets ONE email, the one who finished none.
 */
import type { Page } from 'playwright-core';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { getMe, signUp } from '@formloom/contracts/api/workspaces-auth/auth';
import { listMail } from '@formloom/contracts/api/workflows-engine/mail';
import { listWorkflowRuns } from '@formloom/contracts/api/workflows-engine/runs';
import { createWorkflow, publishWorkflow, type WorkflowResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleSurveyTemplate } from '@formloom/contracts/example-forms';
import { apiOf, eventually, useProductInBrowser } from './harness';

const running = useProductInBrowser();

/** How long after a respondent's last save the form counts as abandoned in this test (minutes: 3 s). */
const SEND_AFTER_MINUTES = 0.05;

/** Answers the first page of the survey as `name` / `email` on a phone and moves to the second page. */
async function answerFirstPage(page: Page, url: string, flow: string, name: string, email: string): Promise<void> {
  await page.goto(`${url}/t/${flow}`);
  await page.getByRole('textbox', { name: /Your name/ }).fill(name);
  await page.getByRole('textbox', { name: /Email/ }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Your opinion' }).waitFor();
}

it('emails the respondent who left after page 1 once, and not the one who finished', async () => {
  const { url } = running.product();
  const browser = running.browser();
  const owner = await browser.newContext();
  const api = owner.request;
  const { post, get } = apiOf(api, url);

  await post(pathOf(signUp), { firstName: 'Ada', lastName: 'Owner', email: 'abandon-owner@example.com', password: 'analytical-engine' });
  const me = await get<{ workspaces: { id: number }[] }>(pathOf(getMe));
  const { flow } = await post<{ flow: { publicIdentifier: string } }>(pathOf(createFlow), {
    name: 'Customer survey',
    type: 'form',
    workspaceId: me.workspaces[0]!.id,
    flowTemplate: exampleSurveyTemplate(),
  });
  await post(pathOf(publishFlow, { publicIdentifier: flow.publicIdentifier }), {});

  // The gallery template, live at once; then its wait shortened to 3 s, as an owner would in its trigger panel.
  const { workflow } = await post<WorkflowResponse>(pathOf(createWorkflow), {
    galleryTemplate: 'email_form_abandonment',
    flowPublicIdentifier: flow.publicIdentifier,
    activate: true,
  });
  expect(workflow.template.trigger).toMatchObject({ type: 'formAbandoned', template: { sendAfterTime: 30, units: 'minutes' } });
  const template: WorkflowTemplate = {
    ...workflow.template,
    trigger: { ...workflow.template.trigger, template: { ...workflow.template.trigger.template, sendAfterTime: SEND_AFTER_MINUTES } },
  };
  await post(pathOf(publishWorkflow), { id: workflow.id, template });

  const phone = { viewport: { width: 390, height: 844 } };
  const leaver = await (await browser.newContext(phone)).newPage();
  await answerFirstPage(leaver, url, flow.publicIdentifier, 'Lena Leaver', 'lena@example.com');
  await leaver.close();

  const finisher = await (await browser.newContext(phone)).newPage();
  await answerFirstPage(finisher, url, flow.publicIdentifier, 'Finn Finisher', 'finn@example.com');
  await finisher.getByRole('button', { name: 'Submit' }).click();
  await finisher.getByRole('heading', { name: 'Thanks!' }).or(finisher.getByText("We've received")).first().waitFor();

  type Mail = { messages: { to: string[]; subject: string }[] };
  const mailTo = async (address: string) => (await get<Mail>(`${pathOf(listMail)}?limit=50`)).messages.filter((message) => message.to.includes(address));
  await eventually(async () => (await mailTo('lena@example.com')).length > 0);
  // Well past the finisher's own 3 s, and a few more of the engine's passes: still one email, none to the finisher.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const toLena = await mailTo('lena@example.com');
  expect(toLena).toHaveLength(1);
  expect(toLena[0]!.subject).toBe('You did not finish Customer survey');
  expect(await mailTo('finn@example.com')).toEqual([]);

  const { runs } = await get<{ runs: { status: string }[] }>(pathOf(listWorkflowRuns, { id: workflow.id }));
  expect(runs.map((run) => run.status)).toEqual(['succeeded']);
});
