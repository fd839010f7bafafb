/**
 * Texts of form themes: the new-flow dialog's choose_theme stage (spec 000 §2, §5), the AI theme designer (spec 001
 * §2 "Create with AI modal (themes)", §3 "Theme"), the 'Make your own' theme editor and the editor's Design panel
 * (ours where marked).
 */
export const themes = {
  /** spec 000 §2 choose_theme. */
  makeYourOwn: 'Make your own',
  createWithAi: 'Create theme with AI',
  generating: 'Generating theme',
  /** spec 000 §5: Continue with no theme chosen. */
  selectToContinue: 'Select a theme to continue',
  /** spec 001 §2: the AI modal. */
  aiDesigner: 'AI Theme Designer',
  chooseImage: 'Choose an image',
  aiHint: 'A theme will be generated based on your selection',
  /** spec 001 §3: the name an AI theme is created with (made unique). */
  aiThemeName: 'AI Theme',
  /** ours: the stage's title and buttons. */
  chooseTitle: 'Choose a theme',
  chooseSubtitle: 'You can change it at any time in the editor.',
  continue: 'Continue',
  featured: 'Featured themes',
  yours: 'Your themes',
  /** ours: an AI image that could not be read (the spec does not show the generation error, spec 000 §6). */
  imageUnreadable: 'This image could not be read. Try a PNG or JPEG photo.',
  imageRequired: 'Choose an image to generate a theme from',
  /** ours: the featured themes' names, by id (spec 000 §2 lists the ids). */
  featuredNames: {
    plain: 'Plain',
    dark: 'Dark',
    wallFlower: 'Wallflower',
    serene: 'Serene',
    navyPop: 'Navy pop',
    rose: 'Rose',
    charcoal: 'Charcoal',
    dreamy: 'Dreamy',
    bold: 'Bold',
    simplePurple: 'Simple purple',
    futuristic: 'Futuristic',
    ecofriendly: 'Eco-friendly',
    coral: 'Coral',
    formalGray: 'Formal gray',
    quietSand: 'Quiet sand',
    calm: 'Calm',
  },
  /** ours: the theme editor ('Make your own', and editing one of your themes). */
  editor: {
    title: 'Make your own theme',
    editTitle: 'Edit theme',
    name: 'Theme name',
    defaultName: 'My theme',
    colors: 'Colors',
    primary: 'Buttons and accents',
    background: 'Page background',
    fade: 'Fade to a second colour',
    fadesTo: 'Fades to',
    nameRequired: 'A theme needs a name',
    surface: 'Question card',
    text: 'Text',
    font: 'Font',
    radius: 'Corner roundness',
    buttonShape: 'Button shape',
    buttonShapes: { square: 'Square', rounded: 'Rounded', pill: 'Pill' },
    backgroundImage: 'Background image',
    logo: 'Logo',
    remove: 'Remove',
    save: 'Save theme',
    preview: 'Preview',
    previewQuestion: 'What is your name?',
    previewPlaceholder: 'Type your answer',
    previewButton: 'Next',
    /** A contrast note under the colours: the form still reads well because text and buttons are adjusted. */
    contrastAdjusted: 'Some colors were adjusted so every text stays readable.',
  },
  /** ours: the editor's Design panel. */
  design: {
    title: 'Theme',
    current: 'Current theme',
    change: 'Change theme',
    edit: 'Edit theme',
    apply: 'Apply',
    saved: 'Theme applied',
    defaultLook: 'Plain',
  },
  /** ours: errors of the theme calls. */
  notFound: 'Theme not found',
  nameTaken: (name: string) => `A theme named '${name}' already exists`,
  tooMany: (max: number) => `An organization can keep at most ${max} themes`,
  unknownTheme: 'Unknown theme: choose a featured theme or one of your own',
  notYours: 'Only the theme’s creator or an admin can change it',
  imageTypes: 'Upload a PNG, JPEG, GIF or WebP image',
} as const;
