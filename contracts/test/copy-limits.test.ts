import * as copy from '../src/copy';
import { PRODUCT_NAME } from '../src/copy';
import * as limits from '../src/limits';

describe('copy quoted by the spec is verbatim', () => {
  it.each<[string, string]>([
    [copy.flows.hadTroubleCreatingForm, 'Had trouble creating new form'],
    [copy.flows.workspaceNotFound, 'Workspace not found'],
    [copy.flows.goHome, 'Go home'],
    [copy.roles.limitedAccessBadge, 'Limited access'],
    [
      copy.roles.readTooltip,
      'You have limited access to this workspace. Ask an admin to upgrade your access if you wish to create or edit forms.',
    ],
    [
      copy.roles.limitedTooltip,
      'You have limited access to this workspace. Ask an admin to upgrade your access if you wish to create or view all forms.',
    ],
    [copy.workflows.maxActions, 'Maximum number of actions added - contact support to enable more'],
    [copy.workflows.maxWorkflows, 'Maximum number of workflows added - contact support to enable more'],
    [
      copy.workflows.maxWorkflowsWithHost('formloom.example'),
      'Maximum number of workflows added - contact support@formloom.example to enable more',
    ],
    [copy.workflows.createFailed, 'Had trouble creating a new workflow. Contact support for any help'],
    [copy.workflows.saveFailed, 'Had trouble saving workflow'],
    [copy.workflows.publishFailed, 'Had trouble publishing workflow'],
    [copy.workflows.updateFailed, 'Had trouble updating workflow'],
    [copy.workflows.deleteFailed, 'Had trouble deleting workflow. Contact support for any help'],
    [copy.workflows.deleteRunsFailed, 'Had trouble deleting workflow runs. Contact support for any help'],
    [copy.workflows.signUpToCreate, 'Sign up to create a workflow'],
    [copy.workflows.setupNeededPrefix, 'Setup needed: '],
    [copy.workflows.invalidEmail('x@'), 'Invalid email: x@'],
    [copy.workflows.chooseSendFrom, 'Choose Send email from'],
    [copy.email.defaultSubject, 'Thank you for your submission'],
    [copy.email.defaultBodyGreeting, 'Hi there'],
    [copy.email.defaultBodyLine, "We've received your submission and will be in touch shortly"],
    [copy.email.defaultSenderName, 'Notifications'],
    [copy.defaultNames.newForm, 'New form'],
    [copy.defaultNames.myForm, 'My form'],
    [copy.defaultNames.myQuiz, 'My quiz'],
    [copy.defaultNames.paymentForm, 'Payment form'],
    [copy.defaultNames.serviceForm('Airtable'), 'My Airtable form'],
    [PRODUCT_NAME, 'Formloom'],
    [copy.toasts.copiedToClipboard, 'Copied to clipboard!'],
    [copy.toasts.comingSoon('Database'), 'Coming soon: Database'],
    [copy.toasts.timezoneUpdated, 'Successfully updated timezone'],
    [copy.home.starredRow, 'Starred'],
    [copy.home.recentsRow, 'Recently viewed'],
    [copy.home.viewAll, 'View all'],
    [copy.home.quickStart, 'Quick start'],
    [copy.home.quickStartTypes.app.description, 'Websites, portals'],
    [copy.home.quickStartTypes.form.description, 'Forms, scheduling'],
    [copy.home.quickStartTypes.database.description, 'No-code tables'],
    [copy.home.makeZite, 'Make a Zite'],
    [copy.newFlow.chooseTitle, 'Choose how to get started'],
    [copy.newFlow.cards.blank.title, 'Blank form'],
    // spec 000 §2 choose_theme, §5; spec 001 §2 AI theme designer, §3 Theme.
    [copy.themes.makeYourOwn, 'Make your own'],
    [copy.themes.createWithAi, 'Create theme with AI'],
    [copy.themes.generating, 'Generating theme'],
    [copy.themes.selectToContinue, 'Select a theme to continue'],
    [copy.themes.aiDesigner, 'AI Theme Designer'],
    [copy.themes.chooseImage, 'Choose an image'],
    [copy.themes.aiHint, 'A theme will be generated based on your selection'],
    [copy.themes.aiThemeName, 'AI Theme'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('the new-flow product tabs are the spec’s five, in its order (spec 000 §2)', () => {
    expect(Object.values(copy.newFlow.products)).toEqual(['Form', 'Scheduling', 'Payments', 'PDF', 'Workflows']);
  });

  it('the home sort options are the spec’s six, in its order (spec 000 §2)', () => {
    expect(Object.values(copy.home.sorts)).toEqual(['Created date', 'Last viewed', 'Last edited', 'Submission count', 'Alphabetical', 'Unread']);
  });

  it('the blank template texts are the issue’s', () => {
    expect([copy.flows.pageName(1), copy.flows.endingName, copy.flows.endingTitle, copy.flows.endingBody]).toEqual([
      'Page 1',
      'Thank you',
      'Thanks!',
      "We've received your submission.",
    ]);
  });
});

describe('limits from the spec', () => {
  it.each<[keyof typeof limits, number | string]>([
    ['MAX_WORKFLOW_ACTIONS', 20],
    ['TIMEZONE_PROMPT_SUPPRESSION_MS', 604800000],
    ['DRAG_ACTIVATION_PX', 30],
    ['PDF_MAX_BYTES', 10 * 1024 * 1024],
    ['TYPEFORM_BATCH_MAX_FORMS', 200],
    ['TOAST_DURATION_MS', 5000],
    ['OTHER_INTEGRATIONS_TOAST_DURATION_MS', 7000],
    ['AI_THEME_HANDOVER_WAIT_MS', 750],
    ['LOADING_DOTS_INTERVAL_MS', 600],
    ['DEFAULT_SCHEDULING_DURATION', '30'],
    ['MAX_PREFETCHES', 20],
    ['LOOP_DETECTION_MAX_STEPS', 20],
    ['DEFAULT_DELAY_MINUTES', 30],
    ['NODE_PANEL_MAX_HEIGHT_PX', 600],
    ['STAR_RATING_MAX', 5],
    ['PASSWORD_MIN_LENGTH', 8],
    ['SUBMISSIONS_PAGE_MAX', 150],
    ['EMAIL_MAX_LENGTH', 320],
    ['PHONE_MIN_DIGITS', 7],
    ['PHONE_MAX_DIGITS', 15],
  ])('%s === %p', (name, value) => {
    expect(limits[name]).toBe(value);
  });

  it('the home rows show 1 to 5 items by width, widest first; the grid has 3 or 4 columns (spec 000 §2, §9)', () => {
    const items = limits.HOME_ROW_ITEMS_BY_MIN_WIDTH.map(([, n]) => n);
    expect(items).toEqual([5, 4, 3, 2, 1]);
    const widths = limits.HOME_ROW_ITEMS_BY_MIN_WIDTH.map(([width]) => width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(widths.at(-1)).toBe(0);
    expect([limits.HOME_GRID_COLUMNS_NARROW, limits.HOME_GRID_COLUMNS_MAX]).toEqual([3, 4]);
  });

  it('the timezone suppression is 7 days', () => {
    expect(limits.TIMEZONE_PROMPT_SUPPRESSION_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});

describe('limits of ours that depend on each other', () => {
  it('verifiers accept the tokens workspaces-auth issues, and the gateway keeps them shorter than they live', () => {
    expect(limits.ACCESS_TOKEN_MAX_LIFETIME_SECONDS).toBeGreaterThanOrEqual(limits.ACCESS_TOKEN_TTL_SECONDS);
    expect(limits.ACCESS_TOKEN_CACHE_MAX_MS).toBeLessThan(limits.ACCESS_TOKEN_TTL_SECONDS * 1000);
  });

  it('passwords may be long (OWASP ASVS 2.1.2: at least 64 allowed) and limit windows are whole seconds', () => {
    expect(limits.PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    for (const window of [limits.LOGIN_RATE_WINDOW_MS, limits.LOGIN_RATE_ACCOUNT_WINDOW_MS, limits.SIGNUP_RATE_WINDOW_MS, limits.LOGIN_KNOWN_ADDRESS_TTL_MS]) {
      expect(window % 1000).toBe(0);
    }
  });
});
