// @generated from the endpoint catalogue by `npm run generate`: do not edit
// (contracts/src/api/generated.ts). The routed endpoints of Formloom: method and path by catalogue id.

export const endpoints = {
  'auth.me': { method: 'GET', path: '/auth/me' },
  'auth.logIn': { method: 'POST', path: '/auth/login' },
  'auth.logOut': { method: 'POST', path: '/auth/logout' },
  'auth.resendVerification': { method: 'POST', path: '/auth/verifyEmail/resend' },
  'auth.signUp': { method: 'POST', path: '/auth/signup' },
  'auth.verifyEmail': { method: 'POST', path: '/auth/verifyEmail' },
  'workspaces.create': { method: 'POST', path: '/admin/workspaces' },
  'organizations.list': { method: 'GET', path: '/admin/organizations' },
  'workspaces.list': { method: 'GET', path: '/admin/workspaces' },
  'members.set': { method: 'POST', path: '/admin/members' },
  'apiKeys.create': { method: 'POST', path: '/admin/apiKeys' },
  'apiKeys.list': { method: 'GET', path: '/admin/apiKeys' },
  'apiKeys.revoke': { method: 'DELETE', path: '/admin/apiKeys/:apiKeyId' },
  'keys.jwks': { method: 'GET', path: '/.well-known/jwks.json' },
  'flows.create': { method: 'POST', path: '/admin/flows' },
  'flows.delete': { method: 'DELETE', path: '/admin/flows/:publicIdentifier' },
  'flows.duplicate': { method: 'POST', path: '/admin/flows/:publicIdentifier/duplicate' },
  'flows.fetch': { method: 'GET', path: '/admin/flows/fetch/:publicIdentifier' },
  'flows.list': { method: 'GET', path: '/admin/flows' },
  'flows.publish': { method: 'POST', path: '/admin/flows/:publicIdentifier/publish' },
  'flows.rename': { method: 'PATCH', path: '/admin/flows/:publicIdentifier' },
  'flows.saveTemplate': { method: 'PUT', path: '/admin/flows/:publicIdentifier/template' },
  'flows.unpublish': { method: 'POST', path: '/admin/flows/:publicIdentifier/unpublish' },
  'flows.updateSettings': { method: 'PATCH', path: '/admin/flows/:publicIdentifier/settings' },
  'flows.countSubmissions': { method: 'GET', path: '/admin/flows/:publicIdentifier/submissions/count' },
  'flows.deleteSubmission': { method: 'DELETE', path: '/admin/flows/:publicIdentifier/submissions/:submissionId' },
  'flows.exportSubmissions': { method: 'GET', path: '/admin/flows/:publicIdentifier/submissions/export' },
  'flows.submissions': { method: 'GET', path: '/admin/flows/:publicIdentifier/submissions' },
  'publicForms.submit': { method: 'POST', path: '/public/flows/:publicIdentifier/submissions' },
  'flows.createCustomColumn': { method: 'POST', path: '/admin/flows/customColumn/:flowId' },
  'flows.deleteCustomColumn': { method: 'DELETE', path: '/admin/flows/customColumn/:flowId' },
  'flows.renameCustomColumn': { method: 'PATCH', path: '/admin/flows/customColumn/:flowId' },
  'flows.setCustomColumnValue': { method: 'PUT', path: '/admin/flows/:publicIdentifier/submissions/:submissionId/customColumns/:columnId' },
  'flows.summarizeSubmissions': { method: 'GET', path: '/admin/flows/:publicIdentifier/submissions/summary' },
  'publicForms.template': { method: 'GET', path: '/public/flows/templates/:publicIdentifier' },
  'publicForms.editableSubmission': { method: 'GET', path: '/public/flows/:publicIdentifier/submissions/:submissionId' },
  'publicForms.updateSubmission': { method: 'PUT', path: '/public/flows/:publicIdentifier/submissions/:submissionId' },
  'publicApi.submissions.create': { method: 'POST', path: '/v1/api/forms/:formId/submissions' },
  'publicApi.submissions.delete': { method: 'DELETE', path: '/v1/api/forms/:formId/submissions/:submissionId' },
  'publicApi.forms.get': { method: 'GET', path: '/v1/api/forms/:formId' },
  'publicApi.submissions.get': { method: 'GET', path: '/v1/api/forms/:formId/submissions/:submissionId' },
  'publicApi.forms.list': { method: 'GET', path: '/v1/api/forms' },
  'publicApi.submissions.list': { method: 'GET', path: '/v1/api/forms/:formId/submissions' },
  'publicForms.saveProgress': { method: 'PUT', path: '/public/flows/:publicIdentifier/progress' },
  'flows.fileUpload': { method: 'POST', path: '/admin/fileupload' },
  'flows.downloadUpload': { method: 'GET', path: '/admin/flows/:publicIdentifier/uploads/:uploadId' },
  'publicForms.image': { method: 'GET', path: '/public/flows/:publicIdentifier/images/:uploadId' },
  'publicForms.upload': { method: 'POST', path: '/public/flows/:publicIdentifier/uploads' },
  'workflows.create': { method: 'POST', path: '/admin/workflows' },
  'workflows.delete': { method: 'DELETE', path: '/admin/workflows/:id' },
  'workflows.enableOrDisable': { method: 'POST', path: '/admin/workflows/enableOrDisable' },
  'workflows.get': { method: 'GET', path: '/admin/workflows/:id' },
  'workflows.list': { method: 'GET', path: '/admin/workflows' },
  'workflows.publish': { method: 'POST', path: '/admin/workflows/publish' },
  'workflows.save': { method: 'POST', path: '/admin/workflows/save' },
  'workflows.deleteRuns': { method: 'DELETE', path: '/v1/admin/flow/:flowId/workflowRuns/:workflowId' },
  'workflows.runs': { method: 'GET', path: '/admin/workflows/:id/runs' },
  'mail.list': { method: 'GET', path: '/admin/mail' },
  'webhooks.create': { method: 'POST', path: '/v1/api/webhook/create' },
  'webhooks.delete': { method: 'POST', path: '/v1/api/webhook/delete' },
  'webhooks.deliveries': { method: 'GET', path: '/v1/api/webhook/:webhookId/deliveries' },
  'webhooks.list': { method: 'GET', path: '/v1/api/webhook/list' },
  'workflows.testCodeNode': { method: 'POST', path: '/admin/workflows/nodes/code/test' },
  'workflows.testWebhookNode': { method: 'POST', path: '/admin/workflows/nodes/webhook/test' },
};

/** The concrete path of endpoint `id` for `params` (each `:name` replaced, URI-encoded). */
export function pathOf(id, params = {}) {
  const endpoint = endpoints[id];
  if (!endpoint) throw new Error(`unknown endpoint ${id}`);
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name) => {
    if (params[name] === undefined) throw new Error(`endpoint ${id}: missing path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
