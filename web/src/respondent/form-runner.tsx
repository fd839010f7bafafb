/**
 * The form a respondent fills in, one page at a time along their path (`pagePath`: each page's rules decide the
 * next page, `visibleIf` which questions show, from the answers so far). 'Next' checks the current page with the
 * rules the server uses (`validateAnswers(template, answers, {stepIds: [page]})`) and shows each error under
 * its question; 'Submit' on the last page checks everything, posts the normalized answers and maps a 400's
 * `answers.<widgetId>` details back onto the questions (moving to the first page with an error). After success
 * the ending page's title and body are shown. The form starts with the questions' default answers (fixed, or
 * prefilled from the link's hidden fields) and never shows a hidden question (`rules/defaults.ts`). When the operator configured a bot challenge, its widget sits
 * above Submit on the last page (`challenge-widget.tsx`). Moving to a page puts the focus on its heading
 * (WCAG 2.4.3), and the whole form works with the keyboard alone.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { PublicChallenge } from '@formloom/contracts/api/flows/public-forms';
import type { FormSettings } from '@formloom/contracts/entities/flow';
import type { EndingStep, FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { FieldError } from '@formloom/contracts/errors';
import * as copy from '@formloom/contracts/copy';
import { orderedSteps } from '@formloom/contracts/rules/steps';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import { pagePath, visibleWidgets } from '@formloom/contracts/rules/page-path';
import { pipeAnswers, questionsById } from '@formloom/contracts/rules/piping';
import { defaultAnswers, isHiddenQuestion } from '@formloom/contracts/rules/defaults';
import { isEmptyRichText, mapRichTextTexts } from '@formloom/contracts/rules/rich-text';
import { quizOf } from '@formloom/contracts/rules/quiz';
import { readUrlParams } from '@formloom/contracts/rules/url-params';
import { ApiError, errorMessage } from '../lib/api-client';
import { IconAlert, IconCheck, IconChevronLeft } from '../ui/icons';
import { markResponded, respondentIdFor, type SubmitInput } from './api';
import { ChallengeWidget } from './challenge-widget';
import { forgetProgress, loadProgress, rememberProgress, type SavedProgress } from './resume';
import { Alert, Button, IconBadge } from './controls';
import { FieldOf, preloadFields } from './fields/registry';
import { QuestionDescriptionContext } from './fields/types';
import { QuizSummary } from './quiz-summary';
import classes from './form.module.css';

/** Field errors keyed by widget id (from paths `answers.<widgetId>`); other paths under `''`. */
export function errorsByWidget(errors: FieldError[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    const key = error.path.startsWith('answers.') ? error.path.slice('answers.'.length) : '';
    result[key] ??= error.message;
  }
  return result;
}

/** The first ending in page order: shown when the path reaches none (a link that leads back). */
function firstEnding(template: FlowTemplate): EndingStep | undefined {
  return orderedSteps(template).find((step): step is EndingStep => step.type === 'ending');
}

/** Where the server puts a missing or refused challenge token (`submitAnswers` in contracts). */
const CHALLENGE_TOKEN_PATH = 'body.challengeToken';

/** Props of {@link FormRunner}. */
export interface FormRunnerProps {
  publicIdentifier: string;
  /** The form's name: the page's heading. */
  title: string;
  template: FlowTemplate;
  challenge: PublicChallenge | null;
  /** The form settings the respondent's browser acts on: one response per browser, the redirect after submit. */
  settings: FormSettings;
  /** Sends the answers (`submitAnswers` of `api.ts`; resolves once they are stored). */
  submit: (input: SubmitInput) => Promise<unknown>;
  /** Called when the server says this browser already responded (409): the page shows that state. */
  onAlreadyResponded: () => void;
  /** The page to show (the editor's preview follows the page selected in the editor); a change moves there. */
  pageId?: string;
  /**
   * Where a respondent left off in this browser (`resume.ts`): the answers and the page to start from. With
   * `persist`, progress is kept as the respondent moves on (the live form; never the preview).
   */
  resume?: SavedProgress;
  persist?: boolean;
  /** Called once the submission is stored. */
  onSubmitted?: () => void;
  /**
   * The hidden fields, by name, when they do not come from the page's link: a submission opened by its edit link
   * (`edit-link.ts`) keeps the ones it was made with.
   */
  urlParameters?: Readonly<Record<string, string>>;
  /**
   * Start from the questions' default answers (`rules/defaults.ts`: fixed ones and those the link's hidden fields
   * prefill), under what the respondent entered (`resume` included). `false` for a submission opened by its edit
   * link: it holds what was submitted, a default the respondent had cleared included. Default `true`.
   */
  prefill?: boolean;
}

/** The form's pages, its submission and its ending. */
export function FormRunner({
  publicIdentifier,
  title,
  template,
  challenge,
  settings,
  submit,
  onAlreadyResponded,
  pageId,
  resume,
  persist = false,
  onSubmitted,
  urlParameters: givenUrlParameters,
  prefill = true,
}: FormRunnerProps) {
  // What the respondent entered (or what they left off with); a key set to '' or `undefined` is a default cleared.
  const [entered, setEntered] = useState<Record<string, unknown>>(() => resume?.answers ?? {});
  // The respondent's path through the form with these answers (page rules, visible questions): the same walk the
  // server checks a submission against (`rules/page-path.ts`).
  // Hidden fields: the declared query parameters of the link the form was opened with; conditions may use them.
  const urlParameters = useMemo(
    () => givenUrlParameters ?? readUrlParams(template, typeof window === 'undefined' ? '' : window.location.search),
    [template, givenUrlParameters],
  );
  // The defaults (`rules/defaults.ts`: fixed answers, URL prefill) with what the respondent entered over them; the
  // editor's preview follows a default edited in the editor at once.
  const answers = useMemo(
    () => (prefill ? { ...defaultAnswers(template, urlParameters), ...entered } : entered),
    [prefill, template, urlParameters, entered],
  );
  const path = useMemo(() => pagePath(template, answers, { urlParameters }), [template, answers, urlParameters]);
  // Answer piping (`rules/piping.ts`): labels, descriptions and the ending show answers given on the path (a hidden
  // question's default included), never those of a question whose condition does not hold or of a branch not taken.
  const questions = useMemo(() => questionsById(template), [template]);
  // The renderers in their own chunks (fields/lazy.tsx) this form uses are fetched while the first page is read.
  useEffect(() => {
    void preloadFields(questions.values());
  }, [questions]);
  const pipedAnswers = useMemo(() => {
    const shown: Record<string, unknown> = {};
    for (const { widgets } of path.pages) for (const widget of widgets) if (widget.id in path.answers) shown[widget.id] = path.answers[widget.id];
    return shown;
  }, [path]);
  // Calculations and a quiz's points (rules/calculations.ts, rules/quiz.ts) hold what the answers on the path make of them.
  const pipe = (text: string) => pipeAnswers(text, questions, pipedAnswers, { urlParams: urlParameters, calculations: path.calculations, quiz: path.quiz });
  const [currentId, setCurrentId] = useState<string | undefined>(() =>
    resume && path.pages.some((p) => p.step.id === resume.stepId) ? resume.stepId : path.pages[0]?.step.id,
  );
  const ending = useMemo(() => {
    const selected = pageId ? template.steps[pageId] : undefined;
    return selected?.type === 'ending' ? selected : (path.ending ?? firstEnding(template));
  }, [template, path, pageId]);
  const quiz = quizOf(template);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const [challengeError, setChallengeError] = useState<string | undefined>();
  // A token verifies once: every refused submission gets a fresh widget (a new key).
  const [challengeAttempt, setChallengeAttempt] = useState(0);
  const topRef = useRef<HTMLElement>(null);
  const pageHeadingRef = useRef<HTMLHeadingElement>(null);

  // The preview follows the editor: when the selected page changes, it is shown (an ending shows the ending).
  // State adjusted while rendering (react.dev "Adjusting some state when a prop changes"), not in an effect.
  const [followedPageId, setFollowedPageId] = useState<string | undefined>(undefined);
  if (pageId !== undefined && pageId !== followedPageId) {
    setFollowedPageId(pageId);
    const step = template.steps[pageId];
    if (step?.type === 'form') {
      setCurrentId(pageId);
      setDone(false);
    } else if (step?.type === 'ending') {
      setDone(true);
    }
  }

  // The current page on the path; a page off the path (the preview showing a page of another branch) is shown with
  // its visible questions, as the last one.
  const pathIndex = path.pages.findIndex((p) => p.step.id === currentId);
  const offPath = currentId !== undefined && pathIndex < 0 ? template.steps[currentId] : undefined;
  const current = pathIndex >= 0 ? path.pages[pathIndex] : offPath?.type === 'form' ? { step: offPath, widgets: visibleWidgets(offPath, { answers }) } : path.pages[0];
  const page = current?.step;
  // Hidden questions (`template.hidden`) are on the path with their defaults but never shown.
  const shownWidgets = (current?.widgets ?? []).filter((widget) => !isHiddenQuestion(widget));
  const position = Math.max(0, pathIndex);
  const pageCount = path.pages.length;
  const isLast = pathIndex < 0 || pathIndex >= pageCount - 1;

  function showErrors(fieldErrors: FieldError[]) {
    const byWidget = errorsByWidget(fieldErrors);
    setErrors(byWidget);
    // Move to the first page of the path holding an errored question, then focus it.
    const target = path.pages.find((p) => p.widgets.some((w) => byWidget[w.id]));
    if (target) setCurrentId(target.step.id);
    const firstId = (target ?? current)?.widgets.find((w) => byWidget[w.id])?.id;
    if (byWidget[''] && !firstId) setFormError(byWidget['']);
    requestAnimationFrame(() => {
      const el = firstId ? document.querySelector<HTMLElement>(`[data-widget-id="${firstId}"]`) : null;
      el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      el?.querySelector<HTMLElement>('input, textarea, select, button')?.focus({ preventScroll: true });
    });
  }

  function goTo(stepId: string) {
    setCurrentId(stepId);
    setFormError(null);
    // Screen-reader and keyboard users land on the new page's heading (WCAG 2.4.3 focus order).
    requestAnimationFrame(() => {
      topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      pageHeadingRef.current?.focus({ preventScroll: true });
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!page || pending) return;
    const check = validateAnswers(template, answers, { stepIds: [page.id], urlParameters });
    if (!check.ok) return showErrors(check.errors);
    setErrors({});
    const next = isLast ? undefined : path.pages[pathIndex + 1];
    if (next) {
      // Progress is kept as the respondent moves on (this browser can resume; results count it as in progress).
      if (persist) void rememberProgress(publicIdentifier, answers, next.step.id, urlParameters);
      return goTo(next.step.id);
    }

    const all = validateAnswers(template, answers, { urlParameters });
    if (!all.ok) return showErrors(all.errors);
    setFormError(null);
    if (challenge && !challengeToken) return setChallengeError(copy.publicForm.challengeFailed);
    setChallengeError(undefined);
    setPending(true);
    try {
      const saved = persist ? loadProgress(publicIdentifier) : undefined;
      await submit({
        publicIdentifier,
        answers: all.answers,
        challengeToken: challengeToken ?? undefined,
        respondentId: settings.oneResponsePerBrowser ? respondentIdFor(publicIdentifier) : undefined,
        progressId: saved?.progressId,
        progressToken: saved?.progressToken,
        urlParameters,
      });
      if (persist) forgetProgress(publicIdentifier);
      onSubmitted?.();
      if (settings.oneResponsePerBrowser) markResponded(publicIdentifier);
      setDone(true);
      // A redirect after submit (form settings) replaces the ending; the ending shows while the next page loads.
      if (settings.redirectUrl) window.location.assign(settings.redirectUrl);
      requestAnimationFrame(() => topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        markResponded(publicIdentifier);
        return onAlreadyResponded();
      }
      if (challenge) setChallengeAttempt((attempt) => attempt + 1);
      const challengeRefused = error instanceof ApiError && error.fieldErrors.find((e) => e.path === CHALLENGE_TOKEN_PATH);
      if (challengeRefused) {
        setChallengeError(challengeRefused.message);
      } else if (error instanceof ApiError && error.fieldErrors.length > 0) {
        showErrors(error.fieldErrors);
        if (!error.fieldErrors.some((e) => e.path.startsWith('answers.'))) setFormError(error.message);
      } else {
        setFormError(errorMessage(error));
      }
    } finally {
      setPending(false);
    }
  }

  function setAnswer(widgetId: string, value: unknown) {
    setEntered((current) => ({ ...current, [widgetId]: value }));
    if (errors[widgetId]) setErrors(({ [widgetId]: _removed, ...rest }) => rest);
  }

  if (done) {
    return (
      <section className={classes.card} ref={topRef} data-testid="form-ending">
        <div className={`${classes.cardBody} ${classes.centered}`}>
          <IconBadge tone="success">
            <IconCheck size={32} />
          </IconBadge>
          <h1 className={classes.endingTitle} data-testid="ending-title">
            {pipe(ending?.template.title ?? '') || 'Thanks!'}
          </h1>
          {ending?.template.body && (
            <p className={`${classes.muted} ${classes.preLine}`} data-testid="ending-body">
              {pipe(ending.template.body)}
            </p>
          )}
          {quiz && path.quiz && <QuizSummary quiz={quiz} result={path.quiz} questions={questions} answers={pipedAnswers} />}
        </div>
      </section>
    );
  }

  if (!page || !current) {
    return (
      <section className={classes.card}>
        <p className={`${classes.cardBody} ${classes.muted}`}>This form has no questions yet.</p>
      </section>
    );
  }

  return (
    <section className={classes.card} ref={topRef} data-testid="public-form">
      {pageCount > 1 && <progress className={classes.progress} max={pageCount} value={position + 1} aria-hidden="true" />}
      <form className={classes.cardBody} onSubmit={onSubmit} noValidate aria-label={page.name || 'Form'} data-step-id={page.id}>
        <header className={classes.header}>
          <h1 className={classes.title} data-testid="form-title">
            {title}
          </h1>
          {pageCount > 1 && (
            <div className={classes.pageLine}>
              <h2 className={classes.pageHeading} tabIndex={-1} ref={pageHeadingRef} data-testid="page-heading">
                {page.name || `Page ${position + 1}`}
              </h2>
              <p className={classes.pageIndicator} data-testid="page-indicator">
                Page {position + 1} of {pageCount}
              </p>
            </div>
          )}
        </header>
        {shownWidgets.length === 0 && <p className={classes.muted}>{isLast ? 'Press Submit to finish.' : 'Press Next to continue.'}</p>}
        {shownWidgets.map((question) => {
          const Field = FieldOf(question);
          const label = pipe(question.template.label);
          // A Statement's text may pipe answers as its heading does.
          const body = 'body' in question.template && typeof question.template.body === 'string' ? pipe(question.template.body) : undefined;
          const changed = label !== question.template.label || (body !== undefined && body !== (question.template as { body?: string }).body);
          const widget = changed ? ({ ...question, template: { ...question.template, label, ...(body !== undefined ? { body } : {}) } } as typeof question) : question;
          // The description (rich text) pipes piece of text by piece of text; the frame of every question shows it.
          const own = question.template.description;
          const piped = own && mapRichTextTexts(own, pipe);
          return (
            <div key={widget.id} data-testid="public-question" data-widget-id={widget.id} data-widget-type={widget.type} data-invalid={errors[widget.id] ? 'true' : undefined}>
              <QuestionDescriptionContext.Provider value={piped && !isEmptyRichText(piped) ? piped : undefined}>
                <Field widget={widget} value={answers[widget.id]} error={errors[widget.id]} onChange={(value) => setAnswer(widget.id, value)} inputId={`q-${widget.id}`} />
              </QuestionDescriptionContext.Provider>
            </div>
          );
        })}
        {challenge && isLast && (
          <ChallengeWidget
            key={challengeAttempt}
            challenge={challenge}
            error={challengeError}
            onToken={(token) => {
              setChallengeToken(token);
              if (token) setChallengeError(undefined);
            }}
          />
        )}
        {formError && (
          <Alert icon={<IconAlert />} testId="form-error">
            <p className={classes.alertText}>{formError}</p>
          </Alert>
        )}
        <div className={classes.actions}>
          {pathIndex > 0 ? (
            <Button variant="default" icon={<IconChevronLeft size={16} />} onClick={() => goTo(path.pages[pathIndex - 1]!.step.id)} disabled={pending}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={pending} className={classes.submit} data-testid={isLast ? 'submit-button' : 'next-button'}>
            {isLast ? 'Submit' : 'Next'}
          </Button>
        </div>
      </form>
    </section>
  );
}
