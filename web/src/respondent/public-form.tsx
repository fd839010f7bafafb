/**
 * The public form at `/t/:flowPublicIdentifier` (no sign-in, no app chrome), the whole page of the form's own
 * browser entry (`web/form.html`, `respondent/main.tsx`): the live form the gateway embedded in the page, or
 * fetched when it did not; the 'not published' state for a 404, the 'closed' one for a form its owner closed,
 * an error with 'Try again' when it could not be loaded; otherwise the form itself (`form-runner.tsx`).
 */
import { useEffect } from 'react';
import { copy, PRODUCT_NAME } from '@formloom/contracts/copy';
import { errorMessage, isApiError } from '../lib/api-client';
import { IconAlert, IconLock } from '../ui/icons';
import { LogoMark } from '../ui/logo-mark';
import { submitAnswers } from './api';
import { Alert, Button, IconBadge, Spinner } from './controls';
import { FormRunner } from './form-runner';
import { useLiveForm } from './use-live-form';
import classes from './form.module.css';

/** The page of the form `publicIdentifier`. */
export function PublicFormPage({ publicIdentifier }: { publicIdentifier: string }) {
  const { state, retry } = useLiveForm(publicIdentifier);

  const formName = state.status === 'ready' ? state.form.flow.name : undefined;
  useEffect(() => {
    document.title = formName ? `${formName} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} form`;
  }, [formName]);

  return (
    <div className={classes.root}>
      <main className={classes.container}>
        {state.status === 'loading' ? (
          <Spinner label="Loading form" />
        ) : state.status === 'error' ? (
          isApiError(state.error, 404) ? (
            <NotPublished closed={errorMessage(state.error) === copy.flows.formClosed} />
          ) : (
            <Alert icon={<IconAlert />} title="This form could not be loaded">
              <p className={classes.alertText}>{errorMessage(state.error)}</p>
              <Button variant="default" onClick={retry}>
                Try again
              </Button>
            </Alert>
          )
        ) : (
          <FormRunner
            publicIdentifier={publicIdentifier}
            title={state.form.flow.name}
            template={state.form.flowSnapshot.template}
            challenge={state.form.challenge}
            submit={submitAnswers}
          />
        )}
        <footer className={classes.footer}>
          <a href="/" className={classes.madeWith}>
            Made with <LogoMark size={16} /> <strong>{PRODUCT_NAME}</strong>
          </a>
        </footer>
      </main>
    </div>
  );
}

/** A form that is not live: never published (or a wrong link), or closed by its owner. */
function NotPublished({ closed }: { closed: boolean }) {
  return (
    <section className={classes.card} data-testid={closed ? 'form-closed' : 'form-not-published'}>
      <div className={classes.centered}>
        <IconBadge tone="neutral">
          <IconLock size={28} />
        </IconBadge>
        <h1 className={classes.stateTitle}>{closed ? copy.flows.formClosed : copy.flows.flowNotPublished}</h1>
        <p className={classes.muted}>{closed ? 'Thank you for your interest.' : "The link may be wrong, or the form's owner has not published it yet."}</p>
      </div>
    </section>
  );
}
