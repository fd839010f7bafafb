/**
 * The custom domain settings (`/home/settings/custom-domains`, spec 000 §1 routes, §3 "Organization: … has a subdomain
 * and possibly a custom domain", §5 "Subdomain update needs a non-empty value", §8 the subdomain texts; spec 001 §1:
 * Google Tag Manager sends users here when no custom domain exists). The toast and the unexpected error are the
 * spec's; the rest ours.
 */
export const domains = {
  /** spec 000 §1: the page's title ('Custom domain settings'). */
  pageTitle: 'Custom domain settings',
  /** ours: the settings page's link to it. */
  settingsLink: 'Custom domains',
  /** ours: what the page is for. */
  intro: 'Serve your published forms at your organization’s own address: a subdomain of ours, or a domain you own.',
  /** ours: the subdomain card. */
  subdomainTitle: 'Subdomain',
  subdomainNone: 'No subdomain yet: your forms are served on the main address.',
  subdomainServedAt: 'Your forms are served at',
  subdomainEdit: 'Change subdomain',
  subdomainSet: 'Choose a subdomain',
  subdomainLabel: 'Subdomain',
  subdomainDescription: 'Letters, digits and hyphens; it cannot start or end with a hyphen.',
  subdomainSave: 'Save subdomain',
  /** spec 000 §8: the success toast (5 seconds). */
  subdomainUpdated: (subdomain: string) => `Subdomain updated to ${subdomain}`,
  /** spec 000 §8: the answer held no subdomain. */
  subdomainUnexpected: 'Unexpected error updating subdomain - contact support for any assistance',
  /** spec 000 §5 and ours: the refusals of a subdomain. */
  subdomainRequired: 'Enter a subdomain',
  subdomainTooLong: (max: number) => `A subdomain has at most ${max} characters`,
  subdomainCharacters: 'Use only letters, digits and hyphens, not at the start or end',
  subdomainReserved: 'This subdomain is reserved',
  subdomainTaken: 'This subdomain is taken. Try another one.',
  /** ours: an address of the page that names no organization's forms. */
  notFoundOnHost: 'Form not found',
  /** ours: the own-domain card. */
  customTitle: 'Your own domain',
  customIntro: 'Serve your forms at a domain you own, such as forms.yourcompany.com.',
  customLabel: 'Domain',
  customPlaceholder: 'forms.yourcompany.com',
  customAdd: 'Connect domain',
  customRemove: 'Remove domain',
  customRemoveTitle: (hostname: string) => `Remove ${hostname}?`,
  customRemoveText: (hostname: string) => `Your forms stop being served at ${hostname}. Their links on your subdomain and ours keep working.`,
  customRemoved: (hostname: string) => `${hostname} was removed`,
  /** ours: the records to create, and their columns. */
  recordsIntro: 'Create these two records at your DNS provider, then check them here.',
  recordType: 'Type',
  recordName: 'Name',
  recordValue: 'Value',
  verify: 'Check DNS records',
  statusPending: 'Waiting for DNS',
  statusVerified: 'Connected',
  /** ours: the result of a check. */
  verified: (hostname: string) => `${hostname} is connected: your forms are served there`,
  notFoundYet: 'We could not find the TXT record yet. DNS changes can take up to 48 hours to show.',
  dnsUnavailable: 'We could not reach DNS to check the records. Try again in a minute.',
  /** ours: the refusals of a domain. */
  hostnameRequired: 'Enter a domain',
  hostnameTooLong: (max: number) => `A domain has at most ${max} characters`,
  hostnameInvalid: 'Enter a domain name such as forms.yourcompany.com',
  hostnameProductHost: 'Use a domain of your own. For an address of ours, choose a subdomain above.',
  hostnameTaken: 'This domain is connected to another organization.',
  /** ours: 404 for a check or removal without a domain. */
  noCustomDomain: 'Your organization has no domain of its own yet.',
  /** ours: only admins manage domains. */
  adminOnly: 'Only admins of your organization can change its domains.',
} as const;
