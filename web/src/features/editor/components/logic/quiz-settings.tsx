/**
 * 'Quiz' in the 'Edit' tab's left panel (`rules/quiz.ts`, `template.quizzes`): 'Quiz mode' turns scoring on — each
 * choice of a choice question then shows its points on the question card (`widgets/shared/options-editor.tsx`) —
 * with 'Show score on the ending' (on by default) and 'Show correct answers on the ending' (off by default). It
 * says how many questions are scored and the most a respondent can score. Page rules and display conditions may
 * then compare the score, and labels and endings show it with the '@' menu.
 */
import { useMemo } from 'react';
import { Stack, Switch, Text } from '@mantine/core';
import { displayCalculation } from '@formloom/contracts/rules/calculations';
import { scoreQuiz } from '@formloom/contracts/rules/quiz';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { quizSettingsOf, setQuizSettings } from '../../model/calculation-ops';
import { useEditor } from '../editor-context';

/** The quiz switch and, when on, what the ending shows and what is scored. */
export function QuizSettings() {
  const { draft, edit } = useEditor();
  const quiz = quizSettingsOf(draft);
  // Every scored question, on any path: the most there is to score when a respondent sees them all.
  const outline = useMemo(() => scoreQuiz(formWidgets(draft).map(({ widget }) => widget), {}), [draft]);
  const scored = outline.questions.length;

  return (
    <Stack gap="xs" px="xs" data-testid="quiz-settings">
      <Switch
        label="Quiz mode"
        description="Give choices points; respondents get a score"
        checked={quiz.enabled}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          edit((t) => setQuizSettings(t, { enabled }));
        }}
        data-testid="quiz-mode"
      />
      {quiz.enabled && (
        <>
          <Switch
            size="xs"
            label="Show score on the ending"
            checked={quiz.showScore}
            onChange={(event) => {
              const showScore = event.currentTarget.checked;
              edit((t) => setQuizSettings(t, { showScore }));
            }}
            data-testid="quiz-show-score"
          />
          <Switch
            size="xs"
            label="Show correct answers on the ending"
            checked={quiz.showAnswers}
            onChange={(event) => {
              const showAnswers = event.currentTarget.checked;
              edit((t) => setQuizSettings(t, { showAnswers }));
            }}
            data-testid="quiz-show-answers"
          />
          <Text fz="xs" c="dimmed" data-testid="quiz-summary">
            {scored === 0
              ? 'Give the choices of a question points to score it.'
              : `${scored} scored ${scored === 1 ? 'question' : 'questions'}, up to ${displayCalculation(outline.maxScore)} points`}
          </Text>
        </>
      )}
    </Stack>
  );
}
