/**
 * The public form (src/respondent, its own entry `form.html`) as a respondent meets it, against the real API: the
 * live form embedded in the page by the gateway or fetched, one page at a time,
 * the same answer checks as the server, the ending after a submission — and the bot challenge the test product is
 * configured with (`challenge-provider.ts`). The provider's browser script is the network edge: `window.turnstile`
 * is stubbed with the documented explicit-render API, handing out the token a real widget would.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow, unpublishFlow, updateFlowSettings } from '@formloom/contracts/api/flows/flows';
import { listSubmissions } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { getPublicTemplate } from '@formloom/contracts/api/flows/public-forms';
import { LIVE_FORM_ELEMENT_ID, type EmbeddedLiveForm } from '@formloom/contracts/api/public-form-routes';
import type { ChallengeApi } from '../../src/respondent/challenge-widget';
import { PublicFormPage } from '../../src/respondent/public-form';
import { ApiError, callEndpoint } from '../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX, TEST_SITE_KEY } from '../challenge-provider';
import { signUpUser } from '../render-app';

/** Renders the public form's page as its entry does (`src/respondent/main.tsx`), with a user to drive it. */
function renderForm(publicIdentifier: string) {
  const user = userEvent.setup();
  return { ...render(<PublicFormPage publicIdentifier={publicIdentifier} />), user };
}

/** Puts what the gateway embeds for `publicIdentifier` in the document, as `gateway/src/public-form-page.ts` does. */
function embed(live: EmbeddedLiveForm) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = LIVE_FORM_ELEMENT_ID;
  element.textContent = JSON.stringify(live);
  document.body.appendChild(element);
}

/** The gateway's embedded answer for `publicIdentifier`: the live form, or the error the API answers. */
async function liveAnswer(publicIdentifier: string): Promise<EmbeddedLiveForm> {
  try {
    return { publicIdentifier, status: 200, body: await callEndpoint(getPublicTemplate, { params: { publicIdentifier }, query: { mode: 'live' } }) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { publicIdentifier, status: error.status, body: { error: { code: error.code, message: error.message } } };
  }
}

/** A published copy of the example form (Name and Email required, Plan optional); its public identifier. */
async function publishedExampleForm(): Promise<string> {
  await signUpUser();
  const me = await callEndpoint(getMe, {});
  const workspaceId = me.workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, {
    body: { name: 'Beta sign-up', type: 'form', workspaceId, dedupeFormName: true, flowTemplate: exampleFormTemplate() },
  });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  return flow.publicIdentifier;
}

async function submissionCount(publicIdentifier: string): Promise<number> {
  const page = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
  return page.totalResponses ?? 0;
}

/**
 * Installs a fake `window.turnstile` whose widgets pass with the next of `tokens` (none left: the widget never
 * answers, as when the respondent has not done the check). Resolves the calls it saw.
 */
function stubTurnstile(tokens: string[]) {
  const rendered: { sitekey: string }[] = [];
  const removed: string[] = [];
  const api: ChallengeApi = {
    render(container, options) {
      rendered.push({ sitekey: options.sitekey });
      const token = tokens.shift();
      container.textContent = 'Verifying you are human';
      if (token) setTimeout(() => options.callback(token), 0);
      return `widget-${rendered.length}`;
    },
    remove(widgetId) {
      removed.push(widgetId);
    },
  };
  (window as unknown as { turnstile?: ChallengeApi }).turnstile = api;
  return { rendered, removed };
}

afterEach(() => {
  delete (window as unknown as { turnstile?: ChallengeApi }).turnstile;
});

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Your name/), 'Grace Hopper');
  await user.type(screen.getByLabelText(/Email/), 'grace@example.com');
}

it('checks the answers before sending, and shows the ending once the submission is in', async () => {
  const publicIdentifier = await publishedExampleForm();
  stubTurnstile([`${PASSING_TOKEN_PREFIX}1`]);
  const { user } = renderForm(publicIdentifier);

  await user.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(await screen.findByLabelText(/Your name/)).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText(/Your name/)).toHaveAccessibleDescription(copy.answers.required);
  expect(await submissionCount(publicIdentifier)).toBe(0);

  await fillRequired(user);
  await user.click(screen.getByRole('radio', { name: 'Pro' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks!');
  expect(screen.getByTestId('ending-body')).toHaveTextContent("We've received your submission.");
  expect(await submissionCount(publicIdentifier)).toBe(1);
});

it('renders the configured bot check with its site key and sends the token it gave', async () => {
  const publicIdentifier = await publishedExampleForm();
  const turnstile = stubTurnstile([`${PASSING_TOKEN_PREFIX}2`]);
  const { user } = renderForm(publicIdentifier);

  await fillRequired(user);
  expect(await screen.findByText('Verifying you are human')).toBeInTheDocument();
  expect(turnstile.rendered).toEqual([{ sitekey: TEST_SITE_KEY }]);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toBeInTheDocument();
  expect(await submissionCount(publicIdentifier)).toBe(1);
});

it('asks for the check when the respondent has not passed it, and sends nothing', async () => {
  const publicIdentifier = await publishedExampleForm();
  stubTurnstile([]);
  const { user } = renderForm(publicIdentifier);

  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('challenge-error')).toHaveTextContent(copy.publicForm.challengeFailed);
  expect(screen.queryByTestId('form-ending')).not.toBeInTheDocument();
  expect(await submissionCount(publicIdentifier)).toBe(0);
});

it('shows the refusal when the provider refuses the token, and gives a fresh check that lets the respondent through', async () => {
  const publicIdentifier = await publishedExampleForm();
  const turnstile = stubTurnstile(['bot-token', `${PASSING_TOKEN_PREFIX}3`]);
  const { user } = renderForm(publicIdentifier);

  await fillRequired(user);
  await screen.findByText('Verifying you are human');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('challenge-error')).toHaveTextContent(copy.publicForm.challengeFailed);
  // The used token cannot verify twice: the widget was replaced by a new one.
  await waitFor(() => expect(turnstile.rendered).toHaveLength(2));
  expect(turnstile.removed).toEqual(['widget-1']);
  expect(await submissionCount(publicIdentifier)).toBe(0);

  await waitFor(() => expect(screen.queryByTestId('challenge-error')).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toBeInTheDocument();
  expect(await submissionCount(publicIdentifier)).toBe(1);
});

it('tells a respondent that a closed form takes no responses', async () => {
  const publicIdentifier = await publishedExampleForm();
  await callEndpoint(unpublishFlow, { params: { publicIdentifier } });
  renderForm(publicIdentifier);
  expect(await screen.findByRole('heading', { name: copy.publicForm.formClosed })).toBeInTheDocument();
  expect(screen.queryByLabelText(/Your name/)).not.toBeInTheDocument();
});

it('shows the form’s name and each page’s name, and moves the focus to the next page’s heading', async () => {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const template = exampleFormTemplate({ withPlan: false });
  const first = template.steps.s1!;
  if (first.type !== 'form') throw new Error('s1 is a page');
  first.name = 'About you';
  const [name, email] = first.template.widgets;
  first.template.widgets = [name!];
  first.nextStep = { defaultNextStep: 's2' };
  template.steps.s2 = { id: 's2', name: 'How to reach you', type: 'form', template: { widgets: [email!] }, nextStep: { defaultNextStep: 'end' } };
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Beta sign-up', type: 'form', workspaceId, flowTemplate: template } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });

  const { user } = renderForm(flow.publicIdentifier);
  expect(await screen.findByRole('heading', { level: 1, name: 'Beta sign-up' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();

  await user.type(screen.getByLabelText(/Your name/), 'Grace Hopper');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  const heading = await screen.findByRole('heading', { level: 2, name: 'How to reach you' });
  await waitFor(() => expect(heading).toHaveFocus());
});

it('paints the form the page came with, without asking the API again', async () => {
  const publicIdentifier = await publishedExampleForm();
  embed(await liveAnswer(publicIdentifier));
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  try {
    renderForm(publicIdentifier);
    // On the first render: no loader, no request.
    expect(screen.getByTestId('form-title')).toHaveTextContent('Beta sign-up');
    expect(screen.getByLabelText(/Your name/)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.getElementById(LIVE_FORM_ELEMENT_ID)).toBeNull();
  } finally {
    fetchSpy.mockRestore();
  }
});

it('shows the closed state the page came with, and loads a form whose embedded answer is for another form', async () => {
  const publicIdentifier = await publishedExampleForm();
  await callEndpoint(unpublishFlow, { params: { publicIdentifier } });
  embed(await liveAnswer(publicIdentifier));
  const closed = renderForm(publicIdentifier);
  expect(screen.getByRole('heading', { name: copy.publicForm.formClosed })).toBeInTheDocument();
  closed.unmount();

  const other = await publishedExampleForm();
  embed({ publicIdentifier: 'someone-else', status: 404, body: { error: { code: 'not_found', message: copy.flows.flowNotFound } } });
  renderForm(other);
  expect(await screen.findByTestId('form-title')).toHaveTextContent('Beta sign-up');
});

describe('form settings', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the owner’s message on a form past its closing time', async () => {
    const publicIdentifier = await publishedExampleForm();
    await callEndpoint(updateFlowSettings, {
      params: { publicIdentifier },
      body: { closesAt: new Date(Date.now() - 60_000).toISOString(), closedMessage: 'Registration ended on Friday.' },
    });
    renderForm(publicIdentifier);
    expect(await screen.findByRole('heading', { name: copy.publicForm.formClosed })).toBeInTheDocument();
    expect(screen.getByTestId('closed-message')).toHaveTextContent('Registration ended on Friday.');
  });

  it('takes one response from this browser, then says it already responded — also when the mark was lost', async () => {
    const publicIdentifier = await publishedExampleForm();
    await callEndpoint(updateFlowSettings, { params: { publicIdentifier }, body: { oneResponsePerBrowser: true } });
    stubTurnstile([`${PASSING_TOKEN_PREFIX}5`, `${PASSING_TOKEN_PREFIX}6`]);
    const first = renderForm(publicIdentifier);
    await fillRequired(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('ending-title')).toBeInTheDocument();
    first.unmount();

    const again = renderForm(publicIdentifier);
    expect(await screen.findByRole('heading', { name: copy.publicForm.alreadyResponded })).toBeInTheDocument();
    again.unmount();

    // The mark is gone (storage cleared by hand), the browser's id is not: the server refuses, the page says why.
    window.localStorage.removeItem(`formloom:responded:${publicIdentifier}`);
    const third = renderForm(publicIdentifier);
    await fillRequired(third.user);
    await screen.findByText('Verifying you are human');
    await third.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: copy.publicForm.alreadyResponded })).toBeInTheDocument();
    expect(await submissionCount(publicIdentifier)).toBe(1);
  });
});

describe('resuming in the same browser', () => {
  afterEach(() => window.localStorage.clear());

  /** A published form of two pages: 'About you' (name) then 'How to reach you' (email). */
  async function twoPageForm(): Promise<string> {
    await signUpUser();
    const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
    const template = exampleFormTemplate({ withPlan: false });
    const first = template.steps.s1!;
    if (first.type !== 'form') throw new Error('s1 is a page');
    first.name = 'About you';
    const [name, email] = first.template.widgets;
    first.template.widgets = [name!];
    first.nextStep = { defaultNextStep: 's2' };
    template.steps.s2 = { id: 's2', name: 'How to reach you', type: 'form', template: { widgets: [email!] }, nextStep: { defaultNextStep: 'end' } };
    const { flow } = await callEndpoint(createFlow, { body: { name: 'Two pages', type: 'form', workspaceId, flowTemplate: template } });
    await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
    return flow.publicIdentifier;
  }

  it('continues on the page the respondent left, with their answers, and the progress becomes the submission', async () => {
    const publicIdentifier = await twoPageForm();
    const first = renderForm(publicIdentifier);
    await first.user.type(await screen.findByLabelText(/Your name/), 'Grace Hopper');
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'How to reach you' });
    // The progress reached the server (the results do not count it yet).
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(`formloom:progress:${publicIdentifier}`) ?? '{}').progressId).toEqual(expect.any(String)));
    expect(await submissionCount(publicIdentifier)).toBe(0);
    first.unmount();

    // Later, same browser: page 2, the name kept.
    // The check is on the last page: shown when resuming there, and again after going back and forth.
    stubTurnstile([`${PASSING_TOKEN_PREFIX}7`, `${PASSING_TOKEN_PREFIX}8`]);
    const again = renderForm(publicIdentifier);
    expect(await screen.findByTestId('resume-notice')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How to reach you' })).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/Your name/)).toHaveValue('Grace Hopper');
    await again.user.click(screen.getByRole('button', { name: 'Next' }));
    await again.user.type(await screen.findByLabelText(/Email/), 'grace@example.com');
    await screen.findByText('Verifying you are human');
    await again.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('ending-title')).toBeInTheDocument();
    expect(screen.queryByTestId('resume-notice')).not.toBeInTheDocument();
    expect(await submissionCount(publicIdentifier)).toBe(1);
    expect(window.localStorage.getItem(`formloom:progress:${publicIdentifier}`)).toBeNull();
  });

  it('starts over when asked', async () => {
    const publicIdentifier = await twoPageForm();
    const first = renderForm(publicIdentifier);
    await first.user.type(await screen.findByLabelText(/Your name/), 'Grace Hopper');
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'How to reach you' });
    first.unmount();

    const again = renderForm(publicIdentifier);
    await again.user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText(/Your name/)).toHaveValue('');
    expect(screen.queryByTestId('resume-notice')).not.toBeInTheDocument();
  });
});

describe('logic', () => {
  /**
   * Page 1: Plan (Free / Pro) and 'Company' shown only for Pro; page 1 goes to 'Team size' for Pro, else straight
   * to the ending.
   */
  async function branchingForm(): Promise<string> {
    await signUpUser();
    const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
    const plan = { var: 'answers.plan' };
    const template = {
      firstStep: 's1',
      steps: {
        s1: {
          id: 's1',
          name: 'Your plan',
          type: 'form' as const,
          template: {
            widgets: [
              { id: 'plan', name: 'Plan', type: 'MultipleChoice' as const, template: { label: 'Plan', required: true, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] } },
              { id: 'company', name: 'Company', type: 'ShortAnswer' as const, template: { label: 'Company', required: true, visibleIf: { equals: [plan, 'pro'] } } },
            ],
          },
          nextStep: { defaultNextStep: 'end', rules: [{ condition: { equals: [plan, 'pro'] }, nextStep: 'team' }] },
        },
        team: {
          id: 'team',
          name: 'Your team',
          type: 'form' as const,
          template: { widgets: [{ id: 'size', name: 'Size', type: 'NumberInput' as const, template: { label: 'Team size', required: true } }] },
          nextStep: { defaultNextStep: 'end' },
        },
        end: { id: 'end', name: 'Thank you', type: 'ending' as const, template: { title: 'Thanks!', body: '' }, nextStep: null },
      },
    };
    const { flow } = await callEndpoint(createFlow, { body: { name: 'Plans', type: 'form', workspaceId, flowTemplate: template } });
    await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
    return flow.publicIdentifier;
  }

  it('shows a question and jumps to a page by the answers, and the server takes what the page took', async () => {
    const publicIdentifier = await branchingForm();
    stubTurnstile([`${PASSING_TOKEN_PREFIX}9`, `${PASSING_TOKEN_PREFIX}10`]);
    const { user } = renderForm(publicIdentifier);
    await user.click(await screen.findByRole('radio', { name: 'Free' }));
    expect(screen.queryByLabelText(/Company/)).not.toBeInTheDocument();
    // Free: no more pages, Submit here.
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Pro' }));
    await user.type(await screen.findByLabelText(/Company/), 'Analytical Engines Ltd');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The challenge appears with the last page: typing starts once it is there, so its render cannot take keystrokes.
    const size = await screen.findByLabelText(/Team size/);
    await screen.findByText('Verifying you are human');
    await user.type(size, '12');
    expect(size).toHaveValue(12);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('ending-title')).toBeInTheDocument();
    const page = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
    const values = Object.fromEntries(page.responses[0]!.questions.map((q) => [q.id, q.value]));
    expect(values).toEqual({ plan: 'pro', company: 'Analytical Engines Ltd', size: 12 });
  });

  it('pipes earlier answers into labels and the ending, as the respondent reads them', async () => {
    await signUpUser();
    const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
    const template = {
      firstStep: 's1',
      steps: {
        s1: {
          id: 's1',
          name: 'You',
          type: 'form' as const,
          template: {
            widgets: [
              { id: 'name', name: 'Name', type: 'ShortAnswer' as const, template: { label: 'Your name', required: true } },
              { id: 'plan', name: 'Plan', type: 'MultipleChoice' as const, template: { label: 'Plan for {{answers.name}}', required: true, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] } },
            ],
          },
          nextStep: { defaultNextStep: 's2' },
        },
        s2: {
          id: 's2',
          name: 'Team',
          type: 'form' as const,
          template: { widgets: [{ id: 'size', name: 'Size', type: 'NumberInput' as const, template: { label: 'How big is your {{ answers.plan }} team, {{answers.name}}?', required: false } }] },
          nextStep: { defaultNextStep: 'end' },
        },
        end: { id: 'end', name: 'Thank you', type: 'ending' as const, template: { title: 'Thanks, {{answers.name}}!', body: 'Your {{answers.plan}} plan is on its way.' }, nextStep: null },
      },
    };
    const { flow } = await callEndpoint(createFlow, { body: { name: 'Piped', type: 'form', workspaceId, flowTemplate: template } });
    await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
    stubTurnstile([`${PASSING_TOKEN_PREFIX}11`]);
    const { user } = renderForm(flow.publicIdentifier);

    // Unanswered: the placeholder reads as nothing.
    expect(await screen.findByText(/^Plan for\s*$/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Your name/), 'Ada');
    expect(screen.getByText('Plan for Ada')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pro' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // A choice pipes its label, not its id.
    expect(await screen.findByLabelText(/How big is your Pro team, Ada\?/)).toBeInTheDocument();
    await screen.findByText('Verifying you are human');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks, Ada!');
    expect(screen.getByTestId('ending-body')).toHaveTextContent('Your Pro plan is on its way.');
  });

  it('keeps the hidden fields of its link with the submission, and can show one', async () => {
    await signUpUser();
    const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
    const template = {
      ...exampleFormTemplate({ withPlan: false }),
      urlParams: [{ id: 'h1', name: 'utm_source' }, { id: 'h2', name: 'ref' }],
    };
    const ending = template.steps.end;
    if (ending?.type === 'ending') ending.template.title = 'Thanks for coming from {{urlParams.utm_source}}';
    const { flow } = await callEndpoint(createFlow, { body: { name: 'Tracked', type: 'form', workspaceId, flowTemplate: template } });
    await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
    window.history.pushState({}, '', `/t/${flow.publicIdentifier}?utm_source=newsletter&unrelated=1`);
    try {
      stubTurnstile([`${PASSING_TOKEN_PREFIX}12`]);
      const { user } = renderForm(flow.publicIdentifier);
      await user.type(await screen.findByLabelText(/Your name/), 'Ada');
      await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
      await screen.findByText('Verifying you are human');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks for coming from newsletter');
      const page = await callEndpoint(listSubmissions, { params: { publicIdentifier: flow.publicIdentifier }, query: {} });
      expect(page.responses[0]!.urlParameters).toEqual([
        { id: 'h1', name: 'utm_source', value: 'newsletter' },
        { id: 'h2', name: 'ref', value: '' },
      ]);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
