/**
 * The editor's logic, as a form builder uses it (src/features/editor/components/logic/): a page's rules in words
 * ('If Plan equals Pro → go to Pro ending'), a question's display condition, several endings — against the real
 * API; what the editor saves is what the public form then follows (contracts `pagePath`).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, fetchFlow } from '@formloom/contracts/api/flows/flows';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { pagePath } from '@formloom/contracts/rules/page-path';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser, type RenderedApp } from '../../render-app';

/** Two pages (Plan; Company) and two endings ('Thank you', 'Pro ending'). */
function branchingForm(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: {
        id: 'p1',
        name: 'About you',
        type: 'form',
        template: {
          widgets: [
            { id: 'plan', name: 'Plan', type: 'MultipleChoice', template: { label: 'Plan', required: true, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] } },
          ],
        },
        nextStep: { defaultNextStep: 'p2' },
      },
      p2: {
        id: 'p2',
        name: 'Company',
        type: 'form',
        template: { widgets: [{ id: 'company', name: 'Company', type: 'ShortAnswer', template: { label: 'Company', required: false } }] },
        nextStep: { defaultNextStep: 'end' },
      },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
      pro: { id: 'pro', name: 'Pro ending', type: 'ending', template: { title: 'Welcome, Pro!', body: '' }, nextStep: null },
    },
  };
}

async function openEditor(template: FlowTemplate): Promise<RenderedApp & { publicIdentifier: string }> {
  await signUpUser({ firstName: 'Ada' });
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Logic', type: 'form', workspaceId, flowTemplate: template } });
  const app = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));
  await screen.findByTestId('page-logic');
  return { ...app, publicIdentifier: flow.publicIdentifier };
}

async function savedTemplate(publicIdentifier: string): Promise<FlowTemplate> {
  return (await callEndpoint(fetchFlow, { params: { publicIdentifier } })).flowSnapshot.template;
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(app: RenderedApp, label: string, option: string) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

it('adds a page rule in words and saves it; the form then ends early for Pro', async () => {
  const app = await openEditor(branchingForm());
  await app.user.click(screen.getByTestId('add-rule'));

  // The new rule opens with the page's question and its first choice; it goes somewhere else than the default.
  const rule = screen.getByTestId('page-rule');
  expect(within(rule).getByTestId('page-rule-summary')).toHaveTextContent('If Plan equals Free go to Thank you');
  await choose(app, 'Rule 1, condition 1: value', 'Pro');
  await choose(app, 'Rule 1: go to', 'Pro ending');
  expect(within(rule).getByTestId('page-rule-summary')).toHaveTextContent('If Plan equals Pro go to Pro ending');
  expect(screen.getByTestId('default-next-step')).toHaveValue('Company');

  await waitFor(async () => expect((await savedTemplate(app.publicIdentifier)).steps.p1).toMatchObject({
    nextStep: { defaultNextStep: 'p2', rules: [{ condition: { and: [{ equals: [{ var: 'answers.plan' }, 'pro'] }] }, nextStep: 'pro' }] },
  }), { timeout: 10_000 });
  const saved = await savedTemplate(app.publicIdentifier);
  expect(pagePath(saved, { plan: 'pro' }).ending?.id).toBe('pro');
  expect(pagePath(saved, { plan: 'free' }).pages.map((page) => page.step.id)).toEqual(['p1', 'p2']);

  // Deleting the rule leaves the page's default.
  await app.user.click(within(rule).getByTestId('delete-rule'));
  expect(screen.queryByTestId('page-rule')).not.toBeInTheDocument();
  await waitFor(async () => expect((await savedTemplate(app.publicIdentifier)).steps.p1).toMatchObject({ nextStep: { defaultNextStep: 'p2' } }), { timeout: 10_000 });
  await waitFor(async () => expect((await savedTemplate(app.publicIdentifier)).steps.p1).not.toHaveProperty('nextStep.rules'), { timeout: 10_000 });
});

it('shows a question only when an earlier answer says so', async () => {
  const app = await openEditor(branchingForm());
  const companyPage = screen.getAllByTestId('page-item').find((item) => item.getAttribute('data-step-id') === 'p2')!;
  await app.user.click(companyPage);
  await waitFor(() => expect(screen.getByTestId('page-editor')).toHaveAttribute('data-step-id', 'p2'));
  const card = screen.getByTestId('question-card');
  await app.user.click(within(card).getByTestId('add-display-condition'));
  await choose(app, 'Show question Company, condition 1: operator', 'does not equal');
  await choose(app, 'Show question Company, condition 1: value', 'Pro');
  expect(within(card).getByTestId('display-condition-summary')).toHaveTextContent('Shown only when Plan does not equal Pro');

  await waitFor(async () => {
    const page = (await savedTemplate(app.publicIdentifier)).steps.p2;
    expect(page?.type === 'form' && page.template.widgets[0]?.template.visibleIf).toEqual({ and: [{ notEquals: [{ var: 'answers.plan' }, 'pro'] }] });
  }, { timeout: 10_000 });
  const saved = await savedTemplate(app.publicIdentifier);
  expect(pagePath(saved, { plan: 'pro' }).pages[1]?.widgets).toEqual([]);

  await app.user.click(within(card).getByTestId('remove-display-condition'));
  expect(within(card).getByTestId('add-display-condition')).toBeInTheDocument();
});

it('adds an ending and deletes one, leading its pages and rules to another', async () => {
  const app = await openEditor(branchingForm());
  expect(screen.getAllByTestId('ending-item')).toHaveLength(2);
  await app.user.click(screen.getByTestId('add-ending-button'));
  expect(screen.getAllByTestId('ending-item')).toHaveLength(3);
  expect(await screen.findByTestId('ending-editor')).toBeInTheDocument();
  expect(screen.getAllByTestId('ending-item')[2]).toHaveTextContent('no page leads here');

  // Delete 'Thank you', which Company leads to: Company now leads to the next ending.
  await app.user.click(screen.getAllByTestId('ending-item')[0]!);
  await app.user.click(screen.getByTestId('delete-ending-button'));
  expect(screen.getAllByTestId('ending-item')).toHaveLength(2);
  await waitFor(async () => {
    const saved = await savedTemplate(app.publicIdentifier);
    expect(Object.keys(saved.steps)).not.toContain('end');
    expect(saved.steps.p2).toMatchObject({ nextStep: { defaultNextStep: 'pro' } });
  }, { timeout: 10_000 });
});

it('adds a hidden field by its link parameter, refuses a bad or repeated name, and removes it', async () => {
  const app = await openEditor(branchingForm());
  await app.user.click(screen.getByTestId('add-hidden-field'));
  await app.user.type(screen.getByTestId('hidden-field-name'), 'utm source{Enter}');
  expect(await screen.findByText(/Use letters, digits/)).toBeInTheDocument();
  await app.user.clear(screen.getByTestId('hidden-field-name'));
  await app.user.type(screen.getByTestId('hidden-field-name'), 'utm_source{Enter}');
  expect(await screen.findByTestId('hidden-field')).toHaveTextContent('utm_source');

  await app.user.click(screen.getByTestId('add-hidden-field'));
  await app.user.type(screen.getByTestId('hidden-field-name'), 'UTM_SOURCE{Enter}');
  expect(await screen.findByText('There is already a hidden field named "UTM_SOURCE"')).toBeInTheDocument();

  await waitFor(async () => expect((await savedTemplate(app.publicIdentifier)).urlParams).toEqual([{ id: expect.any(String), name: 'utm_source' }]), {
    timeout: 10_000,
  });
  await app.user.click(screen.getByRole('button', { name: 'Remove hidden field utm_source' }));
  await waitFor(async () => expect((await savedTemplate(app.publicIdentifier)).urlParams).toBeUndefined(), { timeout: 10_000 });
});
