/**
 * The template gallery (spec 000 §2 "template" stage, §5 "Template creation", §8 error catalogue) and making a form
 * a cloneable template (spec 000 §3 "Cloneable template"). The spec's own words where it has them; the rest are ours
 * and marked so.
 */
export const templates = {
  /** ours: the 'choose' stage's Template card. */
  card: { title: 'Template', description: 'Start from one of our ready-made forms and make it yours.' },
  /** ours: the stage's heading and its search box. */
  title: 'Start from a template',
  searchLabel: 'Search templates',
  searchPlaceholder: 'Search templates',
  /** ours: the category list's label. */
  categoriesLabel: 'Categories',
  /** spec 000 §2: the first category. */
  mostPopular: 'Most popular',
  /** ours: every template (the list's second entry). */
  allTemplates: 'All templates',
  /** ours: the heading of a search's matches. */
  searchResults: (search: string, count: number) => `${count === 1 ? '1 template' : `${count} templates`} matching '${search}'`,
  /** ours: the organization's own templates' category. */
  organization: 'Made by your team',
  /** spec 000 §2: the empty states and their button. */
  noTemplates: 'No templates yet',
  noTemplatesMatching: (search: string) => `No templates matching '${search}'`,
  makeFromScratch: 'Make form from scratch',
  /** spec 000 §2: the preview's button. */
  useTemplate: 'Use this template',
  /** ours: the preview. */
  preview: (name: string) => `Preview of ${name}`,
  pageImageAlt: (name: string, step: string) => `${name}: ${step}`,
  pages: 'Pages',
  questionsCount: (count: number) => (count === 1 ? '1 question' : `${count} questions`),
  quizBadge: 'Quiz',
  privateBadge: 'Your organization',
  /** spec 000 §5, §8: the template's snapshot could not be read. */
  notAvailable: 'Template not available. Contact support',
  /** spec 000 §8: a slug that names no template, with a 'Go home' button. */
  notFound: 'Template not found. Contact support if this persists.',
  /** ours: making a form a template (spec 000 §3 "Cloneable template"; the home flow menu, admins only). */
  publish: {
    menuItem: 'Make a template',
    title: 'Make this form a template',
    intro: 'Your team can start new forms from it in the template gallery. It always shows the form as it is published now.',
    nameLabel: 'Template name',
    descriptionLabel: 'Description',
    descriptionPlaceholder: 'One sentence on what the form is for',
    categoriesLabel: 'Categories',
    categoriesPlaceholder: 'Pick one or more',
    visibilityLabel: 'Who can use it',
    private: 'Your organization',
    public: 'Anyone with the link',
    publicHint: 'People outside your organization can use it through its link; it is listed only for your team.',
    submit: 'Make template',
    created: 'The template is in your gallery',
    copyLink: 'Copy link',
    remove: 'Remove template',
    removeTitle: 'Remove this template?',
    removeBody: (name: string) => `'${name}' leaves your team's gallery and its link stops working. The form and the forms made from it stay.`,
    removed: 'The template was removed',
    notPublished: 'Publish the form before making it a template',
    alreadyTemplate: 'This form is already a template',
    notAdmin: 'Only admins can make templates',
    notFound: 'Template not found',
    categoryRequired: 'Pick at least one category',
    nameRequired: 'Give the template a name',
    tooMany: (max: number) => `An organization can have ${max} templates: remove one first`,
  },
  /** ours: a respondent submitting to a form of the built-in template catalogue. */
  notFillable: 'This form is a template: use it to make your own form.',
} as const;
