/**
 * The public form at `/t/:flowPublicIdentifier` (no sign-in, no app chrome): loads the live template and
 * shows one page at a time in page order. 'Next' validates the current page with the same rules the server
 * uses (`validateAnswers(template, answers, {stepIds: [page]})`) and shows each error under its question;
 * 'Submit' on the last page validates everything, posts the normalized answers and maps a 400's
 * `answers.<widgetId>` details back onto the questions (jumping to the first page with an error). After
 * success the ending page's title and body are shown. A 404 shows the 'not published' state, or the 'closed'
 * one for a form its owner closed. When the operator
 * configured a bot challenge, its widget sits above Submit on the last page (`challenge-widget.tsx`).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Container, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PublicChallenge } from '@formloom/contracts/api/flows/public-forms';
import type { EndingStep, FlowTemplate, FormStep } from '@formloom/contracts/entities/flow-template';
import type { FieldError } from '@formloom/contracts/errors';
import { copy, PRODUCT_NAME } from '@formloom/contracts/copy';
import { orderedSteps } from '@formloom/contracts/rules/steps';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import { ApiError, errorMessage, isApiError } from '../../../lib/api-client';
import { IconAlert, IconCheck, IconChevronLeft, IconLock } from '../../../ui/icons';
import { Logo } from '../../../ui/logo';
import { PageLoader } from '../../../ui/states';
import { useLiveForm } from '../api/get-live-form';
import { useSubmitAnswers } from '../api/submit-answers';
import { ChallengeWidget } from './challenge-widget';
import classes from './public-form.module.css';
import { QuestionField } from './question-field';

/** Field errors keyed by widget id (from paths `answers.<widgetId>`); other paths under `''`. */
export function errorsByWidget(errors: FieldError[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    const key = error.path.startsWith('answers.') ? error.path.slice('answers.'.length) : '';
    result[key] ??= error.message;
  }
  return result;
}

export function PublicFormPage({ publicIdentifier }: { publicIdentifier: string }) {
  const live = useLiveForm(publicIdentifier);

  const formName = live.data?.flow?.name;
  useEffect(() => {
    document.title = formName ? `${formName} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} form`;
  }, [formName]);

  return (
    <Box mih="100dvh" className={classes.page}>
      <Container size={680} px={{ base: 12, sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        {live.isPending ? (
          <PageLoader label="Loading form" />
        ) : live.isError ? (
          isApiError(live.error, 404) ? (
            <NotPublished closed={errorMessage(live.error) === copy.flows.formClosed} />
          ) : (
            <Alert color="red" variant="light" icon={<IconAlert />} title="This form could not be loaded" role="alert">
              <Stack gap="xs" align="flex-start">
                <span>{errorMessage(live.error)}</span>
                <Button size="xs" variant="white" color="red" onClick={() => void live.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          )
        ) : (
          <FormRunner
            publicIdentifier={publicIdentifier}
            title={live.data.flow.name}
            template={live.data.flowSnapshot.template}
            challenge={live.data.challenge}
          />
        )}
        <Center mt="xl">
          <Anchor href="/" underline="never" c="dimmed" fz="xs">
            <Group gap={6}>
              <Text fz="xs" c="dimmed">
                Made with
              </Text>
              <Logo size={16} />
            </Group>
          </Anchor>
        </Center>
      </Container>
    </Box>
  );
}

/** A form that is not live: never published (or a wrong link), or closed by its owner. */
function NotPublished({ closed }: { closed: boolean }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="lg" data-testid={closed ? 'form-closed' : 'form-not-published'}>
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={1} fz={22} ta="center">
          {closed ? copy.flows.formClosed : copy.flows.flowNotPublished}
        </Title>
        <Text c="dimmed" ta="center" maw={380}>
          {closed ? 'Thank you for your interest.' : "The link may be wrong, or the form's owner has not published it yet."}
        </Text>
      </Stack>
    </Paper>
  );
}

function endingFor(template: FlowTemplate, pages: FormStep[]): EndingStep | undefined {
  const last = pages.at(-1);
  const next = last ? template.steps[last.nextStep.defaultNextStep] : undefined;
  if (next?.type === 'ending') return next;
  return orderedSteps(template).find((step): step is EndingStep => step.type === 'ending');
}

/** Where the server puts a missing or refused challenge token (`submitAnswers` in contracts). */
const CHALLENGE_TOKEN_PATH = 'body.challengeToken';

function FormRunner({
  publicIdentifier,
  title,
  template,
  challenge,
}: {
  publicIdentifier: string;
  /** The form's name: the page's heading. */
  title: string;
  template: FlowTemplate;
  challenge: PublicChallenge | null;
}) {
  const pages = useMemo(() => orderedSteps(template).filter((step): step is FormStep => step.type === 'form'), [template]);
  const ending = useMemo(() => endingFor(template, pages), [template, pages]);
  const [pageIndex, setPageIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const [challengeError, setChallengeError] = useState<string | undefined>();
  // A token verifies once: every refused submission gets a fresh widget (a new key).
  const [challengeAttempt, setChallengeAttempt] = useState(0);
  const submit = useSubmitAnswers();
  const topRef = useRef<HTMLDivElement>(null);
  const pageHeadingRef = useRef<HTMLHeadingElement>(null);

  const page = pages[pageIndex];
  const isLast = pageIndex >= pages.length - 1;

  function showErrors(fieldErrors: FieldError[]) {
    const byWidget = errorsByWidget(fieldErrors);
    setErrors(byWidget);
    // Jump to the first page holding an errored question, then focus it.
    const target = pages.findIndex((p) => p.template.widgets.some((w) => byWidget[w.id]));
    if (target >= 0) setPageIndex(target);
    const firstId = pages[target >= 0 ? target : pageIndex]?.template.widgets.find((w) => byWidget[w.id])?.id;
    if (byWidget[''] && !firstId) setFormError(byWidget['']);
    requestAnimationFrame(() => {
      const el = firstId ? document.querySelector<HTMLElement>(`[data-widget-id="${firstId}"]`) : null;
      el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      el?.querySelector<HTMLElement>('input, textarea, select, button')?.focus({ preventScroll: true });
    });
  }

  function goTo(index: number) {
    setPageIndex(index);
    setFormError(null);
    // Screen-reader and keyboard users land on the new page's heading (WCAG 2.4.3 focus order).
    requestAnimationFrame(() => {
      topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      pageHeadingRef.current?.focus({ preventScroll: true });
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!page || submit.isPending) return;
    const check = validateAnswers(template, answers, { stepIds: [page.id] });
    if (!check.ok) return showErrors(check.errors);
    setErrors({});
    if (!isLast) return goTo(pageIndex + 1);

    const all = validateAnswers(template, answers);
    if (!all.ok) return showErrors(all.errors);
    setFormError(null);
    if (challenge && !challengeToken) return setChallengeError(copy.flows.challengeFailed);
    setChallengeError(undefined);
    try {
      await submit.mutateAsync({ publicIdentifier, answers: all.answers, challengeToken: challengeToken ?? undefined });
      setDone(true);
      requestAnimationFrame(() => topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (error) {
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
    }
  }

  function setAnswer(widgetId: string, value: unknown) {
    setAnswers((current) => ({ ...current, [widgetId]: value }));
    if (errors[widgetId]) setErrors(({ [widgetId]: _removed, ...rest }) => rest);
  }

  if (done) {
    return (
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} radius="lg" ref={topRef} data-testid="form-ending">
        <Stack align="center" gap="md" py="md">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCheck size={32} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }} ta="center" data-testid="ending-title">
            {ending?.template.title || 'Thanks!'}
          </Title>
          {ending?.template.body && (
            <Text ta="center" c="dimmed" className={classes.preLine} maw={480} data-testid="ending-body">
              {ending.template.body}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  }

  if (!page) {
    return (
      <Paper withBorder p="xl" radius="lg">
        <Text c="dimmed" ta="center">
          This form has no questions yet.
        </Text>
      </Paper>
    );
  }

  const progress = ((pageIndex + 1) / pages.length) * 100;

  return (
    <Paper withBorder shadow="sm" radius="lg" ref={topRef} className={classes.card} data-testid="public-form">
      {pages.length > 1 && (
        <Box aria-hidden="true">
          <Progress value={progress} size={4} radius={0} />
        </Box>
      )}
      <Box component="form" onSubmit={onSubmit} noValidate p={{ base: 'md', sm: 40 }} aria-label={page.name || 'Form'} data-step-id={page.id}>
        <Stack gap="xl">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="form-title">
              {title}
            </Title>
            {pages.length > 1 && (
              <Group gap="sm" wrap="wrap">
                <Title order={2} fz="md" fw={600} tabIndex={-1} ref={pageHeadingRef} className={classes.pageHeading} data-testid="page-heading">
                  {page.name || `Page ${pageIndex + 1}`}
                </Title>
                <Text fz="xs" c="dimmed" fw={600} tt="uppercase" lts="0.06em" data-testid="page-indicator">
                  Page {pageIndex + 1} of {pages.length}
                </Text>
              </Group>
            )}
          </Stack>
          {page.template.widgets.length === 0 && (
            <Text c="dimmed">{isLast ? 'Press Submit to finish.' : 'Press Next to continue.'}</Text>
          )}
          {page.template.widgets.map((widget) => (
            <QuestionField
              key={widget.id}
              widget={widget}
              value={answers[widget.id]}
              error={errors[widget.id]}
              onChange={(value) => setAnswer(widget.id, value)}
            />
          ))}
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
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="form-error">
              {formError}
            </Alert>
          )}
          <Group justify="space-between" gap="sm" mt="sm">
            {pageIndex > 0 ? (
              <Button variant="default" size="md" leftSection={<IconChevronLeft size={16} />} onClick={() => goTo(pageIndex - 1)} disabled={submit.isPending}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" size="md" loading={submit.isPending} miw={120} data-testid={isLast ? 'submit-button' : 'next-button'}>
              {isLast ? 'Submit' : 'Next'}
            </Button>
          </Group>
        </Stack>
      </Box>
    </Paper>
  );
}
