/**
 * Connected accounts ("services", spec 000 §3 "Service connection", §4 "Service connect form", §6 roles): the connect
 * form's texts, the reconnect texts, and the refusals of the integrations service. Quoted texts are the spec's; the
 * others are ours and marked so.
 */
export const integrations = {
  /** spec 000 §4: the button of a new connection, and of an edited one. */
  connect: 'Connect',
  save: 'Save',
  /** spec 000 §4: the default name of an organization's first connection of a service. */
  firstConnection: (service: string) => `First ${service} connection`,
  /** ours: the default name of a later one (the form asks for a name then; this is the API's fallback). */
  nthConnection: (service: string, n: number) => `${service} connection ${n}`,
  /** spec 000 §6: what a member who is not an admin reads about a broken account. */
  reconnectAskAdmin: (service: string, host: string) => `Contact an admin or support@${host} to reconnect this ${service} account`,
  /** spec 000 §6: what a member who did not create the form reads. */
  reconnectAskCreator: (service: string, product: string) =>
    `Contact the creator of this form and ask them to connect a different ${service} account to ${product}.`,
  /** ours: the refusals of the API. */
  unknownServiceType: (type: string) => `Unknown service type '${type}'`,
  notConnectableYet: (service: string) => `${service} accounts cannot be connected on this server yet`,
  oauthOnly: (service: string) => `${service} is connected by signing in to ${service}, not with a form`,
  serviceNotFound: 'Connected account not found',
  notYours: 'Only the member who connected this account, or an admin, can change it',
  nameRequired: 'Give the connection a name',
  nameTooLong: (max: number) => `A connection's name has at most ${max} characters`,
  nameTaken: 'Another connection of this service already has this name',
  tooManyConnections: (max: number) => `An organization can connect at most ${max} accounts`,
  credentialsRejected: (service: string, detail: string) => `${service} did not accept these credentials: ${detail}`,
  providerUnreachable: (service: string) => `${service} could not be reached to check these credentials. Try again in a moment.`,
  providerRateLimited: (service: string) => `${service} is limiting requests right now. Try again in a moment.`,
  vaultUnavailable:
    'Connected accounts are not available on this server: its operator has not set CREDENTIALS_ENCRYPTION_KEYS.',
  credentialsUnreadable: (service: string) =>
    `The saved credentials of this ${service} account can no longer be read (the server's key changed). Connect it again.`,
  /** ours: the status of a connection whose provider refused its credentials after it was connected. */
  broken: 'Needs reconnecting',
  connected: 'Connected',
  /** ours: the integrations page (`/home/integrations`) and the edit page (spec 001 §2 `/home/integrations/edit/{serviceId}`). */
  pageTitle: 'Integrations',
  settingsLink: 'Connected accounts',
  intro: 'Accounts at other services that your forms and workflows send data to. Everyone in your organization can use them; the member who connected an account, or an admin, changes it.',
  connectAccount: 'Connect an account',
  chooseService: 'Choose a service',
  connectTitle: (service: string) => `Connect ${service}`,
  editTitle: (service: string) => `${service} account`,
  accountName: 'Account name',
  accountNameDescription: 'How this account is shown when someone chooses it in a form or workflow.',
  noConnections: 'No connected accounts yet',
  noConnectionsHint: 'Connect an account to send your submissions to it.',
  connectedByYou: 'Connected by you',
  connectedByOther: 'Connected by another member',
  account: 'Account',
  actions: (name: string) => `Actions for ${name}`,
  check: 'Check connection',
  checkedOk: (name: string) => `${name} is connected`,
  checkedBroken: (name: string) => `${name} needs reconnecting`,
  edit: 'Edit',
  reconnect: 'Reconnect',
  disconnect: 'Disconnect',
  disconnectTitle: (name: string) => `Disconnect ${name}?`,
  disconnectBody: 'Forms and workflows that use this account stop sending data to it until another account is chosen.',
  disconnected: (name: string) => `${name} disconnected`,
  connectedToast: (name: string) => `${name} connected`,
  savedToast: (name: string) => `${name} saved`,
  secretKept: 'Saved. Type a new value to replace it.',
  /** ours: the internal actions (`api/integrations/internal.ts`). */
  actionInProgress: 'This action is already running: try again in a moment',
  wrongActionType: (action: string, service: string) => `The action ${action} cannot run with a ${service} account`,
  requestRefused: (service: string, detail: string) => `${service} refused the request: ${detail}`,
  /** ours: OAuth services (spec 000 §4: "a separate connect button replaces it"). */
  connectWith: (service: string) => `Connect with ${service}`,
  reconnectWith: (service: string) => `Reconnect with ${service}`,
  oauthHint: (service: string) => `You will sign in to ${service} and choose what Formloom may use.`,
  oauthNotConfigured: (service: string) => `${service} cannot be connected on this server: its operator has not set up a ${service} app.`,
  oauthDenied: (service: string) => `${service} access was not allowed, so nothing was connected.`,
  oauthExpired: 'This connection attempt expired or was already used. Start again.',
  oauthFailed: (service: string, detail: string) => `${service} did not complete the connection: ${detail}`,
  backToIntegrations: 'Integrations',
} as const;
