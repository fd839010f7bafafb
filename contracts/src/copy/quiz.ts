/** ours: quizzes (`rules/quiz.ts`) as the respondent, the editor and the Results read them. */
export const quiz = {
  /** The quiz's points, in conditions, piping hints and the Results' column. */
  score: 'Score',
  /** The most points there were to get. */
  maxScore: 'Maximum score',
  /** The ending's score line. */
  yourScore: (score: string, maxScore: string) => `Your score: ${score} / ${maxScore}`,
  /** The heading of the ending's list of scored questions. */
  answersHeading: 'Your answers',
  /** A scored question answered right / wrong / not at all. */
  correct: 'Correct',
  incorrect: 'Incorrect',
  notAnswered: 'Not answered',
  /** What the respondent chose, and the correct options of a question they got wrong. */
  yourAnswer: (answer: string) => `Your answer: ${answer}`,
  correctAnswer: (answer: string) => `Correct answer: ${answer}`,
} as const;
