/** Opening the editor in the web component tests: a new user's form made through the API, then the app at its Edit tab. */
import { screen } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser, type RenderedApp } from '../../render-app';

/** Signs a new user up, makes their form `name` of `template`, renders its Edit tab and waits for its question cards. */
export async function openEditor(template: FlowTemplate, name: string): Promise<RenderedApp & { publicIdentifier: string }> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name, type: 'form', workspaceId, flowTemplate: template } });
  const app = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));
  await screen.findAllByTestId('question-card');
  return { ...app, publicIdentifier: flow.publicIdentifier };
}
