/**
 * The new-flow dialog (spec 000 §2 "New-flow dialog", §4 "New-flow stage machine"): its product tabs, the
 * 'choose' stage's cards and the blank and quiz stages. The spec's own words where it has them; the rest are ours
 * and marked so.
 */
export const newFlow = {
  /** spec 000 §2: the product tabs (forms, scheduling, payments, pdf, workflows). */
  products: { forms: 'Form', scheduling: 'Scheduling', payments: 'Payments', pdf: 'PDF', workflows: 'Workflows' },
  /** ours: the label of the product select on narrow screens and of the tab list. */
  productLabel: 'What do you want to make?',
  /** spec 000 §2: the 'choose' stage. */
  chooseTitle: 'Choose how to get started',
  /** spec 000 §2: the 'choose' stage's cards (ours: the descriptions and the Quiz card's words). */
  cards: {
    blank: { title: 'Blank form', description: 'Start from scratch with an empty page and an ending.' },
    quiz: { title: 'Quiz', description: 'Score each answer and show the result and the right answers at the end.' },
  },
  /** ours: the blank and quiz stages. */
  blankTitle: 'Blank form',
  quizTitle: 'New quiz',
  nameLabel: 'Name',
  createForm: 'Create form',
  createQuiz: 'Create quiz',
  back: 'Back',
  /** ours: the sample question of a new quiz (`rules/flow-template.ts` `quizStarterTemplate`). */
  quizStarter: {
    question: 'Which planet is known as the Red Planet?',
    options: ['Venus', 'Mars', 'Jupiter'],
    /** The index of the right answer in `options`. */
    correct: 1,
  },
  /** ours: the dialog's close button. */
  close: 'Close',
} as const;
