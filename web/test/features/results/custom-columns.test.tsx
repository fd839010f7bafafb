/**
 * Custom columns in the Results tab (spec 001 §2–§5, src/features/results), against the real product: the 'Add
 * custom column' popover with the spec's texts and errors, a new column after the questions, cells edited in place
 * (text, number, checkbox, dropdown; Enter saves, Escape cancels, a refused value says why) and in the drawer, a
 * column renamed and deleted from its header menu, and a read-only member who sees the values but changes nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { createCustomColumn, setCustomColumnValue } from '@formloom/contracts/api/flows/custom-columns';
import { listSubmissions, submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { customColumns as texts } from '@formloom/contracts/copy/custom-columns';
import { results as resultsTexts } from '@formloom/contracts/copy/results';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { Flow } from '@formloom/contracts/entities/flow';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { renderApp, signInOrganizationMember, signUpUser } from '../../render-app';

/** A published example form (Name, Email, Plan) with one response per name, in order; the flow and its workspace. */
async function formWith(...names: string[]): Promise<{ flow: Flow; organizationId: number }> {
  await signUpUser();
  const me = await callEndpoint(getMe, {});
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Leads', type: 'form', workspaceId: me.workspaces[0]!.id, flowTemplate: exampleFormTemplate() } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  for (const name of names) {
    await callEndpoint(submitAnswers, {
      params: { publicIdentifier: flow.publicIdentifier },
      body: { answers: { w1: name, w2: `${name.toLowerCase()}@example.com`, w3: 'o1' }, challengeToken: `${PASSING_TOKEN_PREFIX}columns` },
    });
  }
  return { flow, organizationId: me.organizations[0]!.id };
}

/** The stored values of the form's first response, by column name (`displayValue`). */
async function storedValues(publicIdentifier: string): Promise<Record<string, string>> {
  const { responses } = await callEndpoint(listSubmissions, { params: { publicIdentifier } });
  return Object.fromEntries((responses[0]?.customColumns ?? []).map(({ name, displayValue }) => [name, displayValue]));
}

/** The custom columns' headers of the table, by name. */
function customHeaders(): string[] {
  return screen.queryAllByTestId('custom-column-header').map((header) => header.querySelector('p')?.textContent ?? '');
}

it("adds a column with the popover's texts and errors, after the questions, and resets the form", async () => {
  const { flow } = await formWith('Ada');
  const { user } = renderApp(paths.editor.getHref(flow.publicIdentifier, 'results'));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(1));

  await user.click(await screen.findByRole('button', { name: texts.openPopover }));
  const popover = await screen.findByRole('dialog', { name: texts.popoverTitle });
  expect(within(popover).getByText(texts.popoverHint)).toBeInTheDocument();
  const types = ['Short text', 'Long text', 'Number', 'Checkbox', 'Dropdown', 'Multi-select'];
  expect(within(popover).getAllByRole('radio')).toEqual(types.map((type) => within(popover).getByRole('radio', { name: type })));
  expect(within(popover).getByRole('radio', { name: 'Short text' })).toBeChecked();

  // An empty name: 'Provide a column name', gone once something is typed.
  await user.click(within(popover).getByRole('button', { name: texts.addColumn }));
  expect(await within(popover).findByText(texts.provideName)).toBeInTheDocument();
  await user.type(within(popover).getByRole('textbox', { name: texts.nameLabel }), 'S');
  expect(within(popover).queryByText(texts.provideName)).not.toBeInTheDocument();

  // A Dropdown needs an option.
  await user.click(within(popover).getByRole('radio', { name: 'Dropdown' }));
  await user.type(within(popover).getByRole('textbox', { name: texts.nameLabel }), 'tage');
  await user.click(within(popover).getByRole('button', { name: texts.addColumn }));
  expect(await within(popover).findByText(texts.optionsRequired)).toBeInTheDocument();
  await user.type(within(popover).getByRole('combobox', { name: texts.optionsLabel }), 'Hot,Cold{Enter}');
  expect(within(popover).queryByText(texts.optionsRequired)).not.toBeInTheDocument();
  await user.click(within(popover).getByRole('button', { name: texts.addColumn }));

  await waitFor(() => expect(customHeaders()).toEqual(['Stage']));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.popoverTitle })).not.toBeInTheDocument());
  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers.at(-1)).toContain(texts.marker);
  expect(headers.slice(1, 4)).toEqual(['Name', 'Email', 'Plan']);

  // The form was reset: no name, the first type again.
  await user.click(screen.getByRole('button', { name: texts.openPopover }));
  const again = await screen.findByRole('dialog', { name: texts.popoverTitle });
  expect(within(again).getByRole('textbox', { name: texts.nameLabel })).toHaveValue('');
  expect(within(again).getByRole('radio', { name: 'Short text' })).toBeChecked();
});

it('edits cells in place — Enter saves, Escape cancels, a refused value says why — and in the drawer', async () => {
  const { flow } = await formWith('Ada');
  const id = flow.publicIdentifier;
  for (const body of [
    { name: 'Notes', type: 'ShortAnswer' as const },
    { name: 'Score', type: 'NumberInput' as const },
    { name: 'Done', type: 'Checkbox' as const },
    { name: 'Stage', type: 'Dropdown' as const, options: [{ label: 'Hot' }, { label: 'Cold' }] },
  ]) {
    await callEndpoint(createCustomColumn, { params: { flowId: flow.id }, body });
  }
  const { user } = renderApp(paths.editor.getHref(id, 'results'));
  await waitFor(() => expect(customHeaders()).toEqual(['Notes', 'Score', 'Done', 'Stage']));
  const row = screen.getByTestId('results-row');

  await user.click(within(row).getByRole('button', { name: `${texts.editCell('Notes')}: ${texts.emptyCell}` }));
  await user.type(within(row).getByRole('textbox', { name: 'Notes' }), 'Call back{Enter}');
  expect(await within(row).findByRole('button', { name: `${texts.editCell('Notes')}: Call back` })).toBeInTheDocument();
  // Editing a cell never opened the response.
  expect(screen.queryByRole('dialog', { name: resultsTexts.drawerTitle })).not.toBeInTheDocument();

  await user.click(within(row).getByRole('button', { name: `${texts.editCell('Score')}: ${texts.emptyCell}` }));
  await user.type(within(row).getByRole('textbox', { name: 'Score' }), 'twelve{Enter}');
  expect(await within(row).findByText(copy.answers.invalidNumber)).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(await within(row).findByRole('button', { name: `${texts.editCell('Score')}: ${texts.emptyCell}` })).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.type(within(row).getByRole('textbox', { name: 'Score' }), '12.5{Enter}');
  expect(await within(row).findByRole('button', { name: `${texts.editCell('Score')}: 12.5` })).toBeInTheDocument();

  await user.click(within(row).getByRole('checkbox', { name: 'Done' }));
  await waitFor(() => expect(within(row).getByRole('checkbox', { name: 'Done' })).toBeChecked());

  await user.click(within(row).getByRole('button', { name: `${texts.editCell('Stage')}: ${texts.emptyCell}` }));
  await user.click(await screen.findByRole('option', { name: 'Cold' }));
  expect(await within(row).findByRole('button', { name: `${texts.editCell('Stage')}: Cold` })).toBeInTheDocument();
  await waitFor(async () => expect(await storedValues(id)).toEqual({ Notes: 'Call back', Score: '12.5', Done: 'Yes', Stage: 'Cold' }));

  // The drawer shows the values and edits them too; the table follows.
  await user.click(within(row).getByText('Ada'));
  const drawer = await screen.findByRole('dialog', { name: resultsTexts.drawerTitle });
  const section = within(drawer).getByTestId('response-custom-columns');
  expect(within(section).getAllByRole('term').map((term) => term.textContent)).toEqual(['Notes', 'Score', 'Done', 'Stage']);
  await user.click(within(section).getByRole('button', { name: `${texts.editCell('Notes')}: Call back` }));
  const notes = within(section).getByRole('textbox', { name: 'Notes' });
  await user.clear(notes);
  await user.type(notes, 'Called{Enter}');
  expect(await within(section).findByRole('button', { name: `${texts.editCell('Notes')}: Called` })).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: `${texts.editCell('Notes')}: Called` })).toBeInTheDocument();
  // Escape in an editor cancels the edit only: the drawer stays.
  await user.click(within(section).getByRole('button', { name: `${texts.editCell('Score')}: 12.5` }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog', { name: resultsTexts.drawerTitle })).toBeInTheDocument();
  await waitFor(async () => expect((await storedValues(id)).Notes).toBe('Called'));
});

it('renames and deletes a column from its header menu, deleting after a confirmation', async () => {
  const { flow } = await formWith('Ada');
  await callEndpoint(createCustomColumn, { params: { flowId: flow.id }, body: { name: 'Notes', type: 'ShortAnswer' } });
  await callEndpoint(createCustomColumn, { params: { flowId: flow.id }, body: { name: 'Score', type: 'NumberInput' } });
  const { user } = renderApp(paths.editor.getHref(flow.publicIdentifier, 'results'));
  await waitFor(() => expect(customHeaders()).toEqual(['Notes', 'Score']));

  await user.click(screen.getByRole('button', { name: texts.columnMenu('Notes') }));
  await user.click(await screen.findByRole('menuitem', { name: texts.rename }));
  const rename = await screen.findByRole('dialog', { name: texts.rename });
  const name = within(rename).getByRole('textbox', { name: texts.nameLabel });
  await user.clear(name);
  await user.click(within(rename).getByRole('button', { name: texts.renameSave }));
  expect(await within(rename).findByText(texts.provideName)).toBeInTheDocument();
  await user.type(name, 'Comments{Enter}');
  await waitFor(() => expect(customHeaders()).toEqual(['Comments', 'Score']));

  await user.click(screen.getByRole('button', { name: texts.columnMenu('Score') }));
  await user.click(await screen.findByRole('menuitem', { name: texts.delete }));
  const confirm = await screen.findByRole('dialog', { name: texts.delete });
  expect(within(confirm).getByText(texts.deleteConfirm('Score'))).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: texts.cancel }));
  expect(customHeaders()).toEqual(['Comments', 'Score']);

  await user.click(screen.getByRole('button', { name: texts.columnMenu('Score') }));
  await user.click(await screen.findByRole('menuitem', { name: texts.delete }));
  await user.click(within(await screen.findByRole('dialog', { name: texts.delete })).getByRole('button', { name: texts.confirmDelete }));
  await waitFor(() => expect(customHeaders()).toEqual(['Comments']));
  expect(await screen.findByText(texts.deleted)).toBeInTheDocument();
  expect(Object.keys(await storedValues(flow.publicIdentifier))).toEqual(['Comments']);
});

it('shows a read-only member the values, with no way to change them', async () => {
  const { flow, organizationId } = await formWith('Ada');
  const { customFieldId } = await callEndpoint(createCustomColumn, { params: { flowId: flow.id }, body: { name: 'Notes', type: 'ShortAnswer' } });
  const { responses } = await callEndpoint(listSubmissions, { params: { publicIdentifier: flow.publicIdentifier } });
  await callEndpoint(setCustomColumnValue, {
    params: { publicIdentifier: flow.publicIdentifier, submissionId: responses[0]!.submissionId, columnId: customFieldId },
    body: { value: 'Internal note' },
  });
  await signInOrganizationMember(organizationId, { workspaces: [{ workspaceId: flow.workspaceId, accessLevel: 'read' }] });

  renderApp(paths.editor.getHref(flow.publicIdentifier, 'results'));
  const row = await screen.findByTestId('results-row');
  expect(await within(row).findByText('Internal note')).toBeInTheDocument();
  expect(customHeaders()).toEqual(['Notes']);
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: texts.openPopover })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: texts.columnMenu('Notes') })).not.toBeInTheDocument();
});
