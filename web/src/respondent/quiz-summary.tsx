/**
 * A quiz's outcome on the ending page (`rules/quiz.ts`): the score ('Your score: 7 / 10') unless the form's quiz
 * settings hide it (`showScore: false`), and with `showAnswers` each scored question the respondent was shown —
 * correct, incorrect or not answered, what they chose and, when they got it wrong, the correct answer. The
 * numbers are those the server stores with the submission: both compute them from the answers on the path.
 */
import type { QuizSettings, Widget } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { displayAnswer } from '@formloom/contracts/answers/registry';
import { displayCalculation } from '@formloom/contracts/rules/calculations';
import type { QuizQuestionResult, QuizResult } from '@formloom/contracts/rules/quiz';
import classes from './form.module.css';

/** Props of {@link QuizSummary}. */
export interface QuizSummaryProps {
  quiz: QuizSettings;
  result: QuizResult;
  /** The form's questions by id (`questionsById`). */
  questions: ReadonlyMap<string, Widget>;
  /** The answers on the respondent's path, by question id. */
  answers: Readonly<Record<string, unknown>>;
}

/** The score line and, when the form shows them, the scored questions with their correct answers. */
export function QuizSummary({ quiz, result, questions, answers }: QuizSummaryProps) {
  const showScore = quiz.showScore !== false;
  if (!showScore && quiz.showAnswers !== true) return null;
  return (
    <div className={classes.quiz} data-testid="quiz-summary">
      {showScore && (
        <p className={classes.quizScore} data-testid="quiz-score">
          {copy.quiz.yourScore(displayCalculation(result.score), displayCalculation(result.maxScore))}
        </p>
      )}
      {quiz.showAnswers === true && result.questions.length > 0 && (
        <>
          <h2 className={classes.quizHeading}>{copy.quiz.answersHeading}</h2>
          <ol className={classes.quizAnswers}>
            {result.questions.map((scored) => {
              const question = questions.get(scored.widgetId);
              return question ? <ScoredQuestion key={scored.widgetId} question={question} scored={scored} answer={answers[scored.widgetId]} /> : null;
            })}
          </ol>
        </>
      )}
    </div>
  );
}

/** One scored question: its label, correct/incorrect, the answer given and, when wrong, the correct one. */
function ScoredQuestion({ question, scored, answer }: { question: Widget; scored: QuizQuestionResult; answer: unknown }) {
  const given = displayAnswer(answer, question);
  const verdict = given === '' ? copy.quiz.notAnswered : scored.correct ? copy.quiz.correct : copy.quiz.incorrect;
  const options = (question.template as { options?: ReadonlyArray<{ id: string; label: string }> }).options ?? [];
  const correct = options.filter((option) => scored.correctOptionIds.includes(option.id)).map((option) => option.label);
  return (
    <li className={classes.quizAnswer} data-testid="quiz-answer" data-correct={scored.correct ? 'true' : 'false'}>
      <span className={classes.quizQuestion}>{question.template.label.trim() || question.name}</span>
      <span className={scored.correct ? classes.quizCorrect : classes.quizIncorrect}>{verdict}</span>
      {given !== '' && <span className={classes.quizDetail}>{copy.quiz.yourAnswer(given)}</span>}
      {!scored.correct && correct.length > 0 && <span className={classes.quizDetail}>{copy.quiz.correctAnswer(correct.join(', '))}</span>}
    </li>
  );
}
