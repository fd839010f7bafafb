/**
 * The settings page (`/home/settings`, spec 000 §2 "Settings and members") and its API keys section
 * (`api/workspaces-auth/api-keys.ts`). The spec gives the menu entry's two labels; the rest is ours.
 */
export const settings = {
  /** spec 000 §2: the app menu's entry to `/home/settings` for a user who is not an admin. */
  menuItem: 'Settings',
  /** spec 000 §2, §6: the same entry for an admin (`isAdmin`). */
  menuItemAdmin: 'Settings & members',
  /** ours: the settings page's heading. */
  pageTitle: 'Settings',
  /** ours: the organization section (admins): heading, fields, choices, button and toast. */
  organizationTitle: 'Organization',
  organizationNameLabel: 'Organization name',
  dataRegionLabel: 'Data region',
  dataRegionDescription: 'Where AI features may process your data. In the EU region, AI workflow templates and steps are hidden.',
  dataRegions: { default: 'Default', EU_AGENT: 'EU (no AI features)' },
  featuresLabel: 'Features',
  features: { database: 'Database (beta): make databases from the Quick start' },
  saveOrganization: 'Save changes',
  organizationSaved: 'Organization updated',
  /** ours: 400 for a change that changes nothing. */
  organizationNothingToChange: 'Nothing to change',
  /** ours: the heading of the API keys section. */
  apiKeysTitle: 'API keys',
  /** ours: what API keys are for, above the example call. */
  apiKeysIntro:
    'API keys let your own apps and integrations read your forms and their submissions through the REST API. Send the key in the Authorization header:',
  /** ours: the API keys section for a user who is not an admin of the organization. */
  apiKeysAdminOnly: 'Only admins of your organization can manage API keys.',
  /** ours: the heading of the example call. */
  exampleCallLabel: 'Example request',
  /** ours: the button that opens the new-key dialog, and the dialog's title. */
  createApiKey: 'Create API key',
  /** ours: the empty state's title. */
  noApiKeys: 'No API keys yet',
  /** ours: the empty state's line. */
  noApiKeysDescription: 'Create a key to call the REST API from your own apps.',
  /** ours: the accessible name of the list of keys. */
  apiKeysListLabel: 'API keys',
  /** ours: a key that reaches every workspace of the organization (`workspaceIds: null`), and the dialog's choice. */
  allWorkspaces: 'All workspaces',
  /** ours: the dialog's choice of a key that reaches the chosen workspaces only. */
  onlyTheseWorkspaces: 'Only these workspaces',
  /** ours: a key's workspace the signed-in admin is not a member of (its name is not known to them). */
  unknownWorkspace: (id: number) => `Workspace ${id}`,
  /** ours: the label of a key's workspaces in its row, and of the dialog's choice. */
  workspacesLabel: 'Workspaces',
  /** ours: the label of a key's creation time in its row. */
  createdLabel: 'Created',
  /** ours: the label of a key's last use in its row. */
  lastUsedLabel: 'Last used',
  /** ours: a key that was never used (`lastUsedAt: null`). */
  neverUsed: 'Never',
  /** ours: the label of the new key's name. */
  nameLabel: 'Name',
  /** ours: the placeholder of the new key's name. */
  namePlaceholder: 'Reporting dashboard',
  /** ours: the hint under the new key's name. */
  nameDescription: 'So you can tell your keys apart later.',
  /** ours: the label of the multi-select of workspaces. */
  chooseWorkspacesLabel: 'Choose workspaces',
  /** ours: the multi-select's placeholder. */
  chooseWorkspacesPlaceholder: 'Pick one or more workspaces',
  /** ours: 'Only these workspaces' with none chosen. */
  chooseWorkspacesRequired: 'Choose at least one workspace',
  /** ours: the dialog's submit button. */
  createKeySubmit: 'Create key',
  /** ours: a dialog's cancel button. */
  cancel: 'Cancel',
  /** ours: the dialog's title once the key is made. */
  keyCreatedTitle: 'API key created',
  /** ours: the label of the read-only field holding the new key. */
  keyLabel: 'Your new API key',
  /** ours: the warning under the new key: it is shown only this once. */
  keyShownOnce: 'Copy this key now and keep it somewhere safe. It will not be shown again.',
  /** ours: the copy button's label (and its accessible name). */
  copyKey: 'Copy',
  /** ours: the copy button's label right after copying. */
  copied: 'Copied',
  /** ours: the button that closes the dialog once the key is copied. */
  done: 'Done',
  /** ours: a key row's button, and the confirmation's button. */
  revoke: 'Revoke',
  /** ours: the accessible name of a key row's 'Revoke' button. */
  revokeKeyLabel: (name: string) => `Revoke ${name}`,
  /** ours: the title of the revoke confirmation. */
  revokeTitle: 'Revoke API key',
  /** ours: the revoke confirmation's question. */
  revokeConfirm: (name: string) => `Revoke "${name}"? Apps using this key stop working within seconds.`,
  /** ours: the toast after a key is revoked. */
  revoked: (name: string) => `API key "${name}" revoked`,
  /** ours: the title of the error shown when the keys cannot be loaded. */
  couldNotLoadApiKeys: 'Could not load API keys',
} as const;
