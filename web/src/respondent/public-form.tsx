/**
 * The public form at `/t/:flowPublicIdentifier` (no sign-in, no app chrome), the whole page of the form's own
 * browser entry (`web/form.html`, `respondent/main.tsx`): the live form the gateway embedded in the page, or
 * fetched when it did not; the 'not published' state for a 404, the 'closed' one for a form its owner closed,
 * an error with 'Try again' when it could not be loaded; otherwise the form itself (`form-runner.tsx`), whose file
 * questions upload to this form (`uploads.ts`).
 */
import { useEffect, useMemo, useState } from 'react';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { errorMessage, isApiError } from '../lib/api-client';
import { formSettingsOf } from '@formloom/contracts/rules/form-settings';
import { IconAlert, IconCheck, IconLock } from '../ui/icons';
import { LogoMark } from '../ui/logo-mark';
import { hasResponded, submitAnswers } from './api';
import { saveEdit, useEditLink } from './edit-link';
import { Alert, Button, IconBadge, Spinner } from './controls';
import { FormRunner } from './form-runner';
import { forgetProgress, loadProgress } from './resume';
import { liveUploader, UploadContext } from './uploads';
import { useLiveForm } from './use-live-form';
import classes from './form.module.css';
import { ThemedPage } from './theme';

/** The page of the form `publicIdentifier`. */
export function PublicFormPage({ publicIdentifier }: { publicIdentifier: string }) {
  const { state, retry } = useLiveForm(publicIdentifier);
  const settings = useMemo(() => formSettingsOf(state.status === 'ready' ? state.form.flow.settings : undefined), [state]);
  // One response per browser: a browser that responded sees so at once (the server refuses a second one anyway).
  const [responded, setResponded] = useState(() => hasResponded(publicIdentifier));
  // Where the respondent left off in this browser; 'Start over' forgets it and starts a fresh runner.
  const [resume, setResume] = useState(() => loadProgress(publicIdentifier));
  const [attempt, setAttempt] = useState(0);
  // File questions upload to this form (FileUpload, Signature: `uploads.ts`).
  const uploader = useMemo(() => liveUploader(publicIdentifier), [publicIdentifier]);
  // A submission opened by its edit link (`edit-link.ts`): the form starts with its answers and saves over it.
  const { state: edit, retry: retryEdit } = useEditLink(publicIdentifier);
  const [edited, setEdited] = useState(false);
  const editSubmit = useMemo(() => (edit.status === 'ready' ? saveEdit(edit.link) : undefined), [edit]);

  const formName = state.status === 'ready' ? state.form.flow.name : undefined;
  useEffect(() => {
    document.title = formName ? `${formName} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} form`;
  }, [formName]);

  return (
    <ThemedPage look={state.status === 'ready' ? state.form.theme.theme?.look : null}>
      {state.status === 'loading' || edit.status === 'loading' ? (
        <Spinner label="Loading form" />
      ) : edit.status === 'error' ? (
        <Alert icon={<IconAlert />} title={isApiError(edit.error, 404) ? copy.publicForm.editLinkInvalid : 'Your response could not be loaded'}>
          {!isApiError(edit.error, 404) && (
            <>
              <p className={classes.alertText}>{errorMessage(edit.error)}</p>
              <Button variant="default" onClick={retryEdit}>
                Try again
              </Button>
            </>
          )}
        </Alert>
      ) : state.status === 'error' ? (
        isApiError(state.error, 404) ? (
          <NotPublished closed={errorMessage(state.error) === copy.publicForm.formClosed} closedMessage={closedMessageOf(state.error)} />
        ) : (
          <Alert icon={<IconAlert />} title="This form could not be loaded">
            <p className={classes.alertText}>{errorMessage(state.error)}</p>
            <Button variant="default" onClick={retry}>
              Try again
            </Button>
          </Alert>
        )
      ) : state.status === 'ready' && edit.status === 'ready' && editSubmit ? (
        <>
          <div className={classes.resumeNotice} role="status" data-testid="edit-notice">
            <span>{edited ? copy.publicForm.responseUpdated : copy.publicForm.editingResponse}</span>
          </div>
          <UploadContext.Provider value={uploader}>
            <FormRunner
              resume={{ answers: edit.submission.answers, stepId: state.form.flowSnapshot.template.firstStep, savedAt: edit.submission.lastUpdatedAt }}
              urlParameters={edit.submission.urlParameters}
              prefill={false}
              publicIdentifier={publicIdentifier}
              title={state.form.flow.name}
              template={state.form.flowSnapshot.template}
              challenge={null}
              settings={settings}
              submit={editSubmit}
              onAlreadyResponded={() => undefined}
              onSubmitted={() => setEdited(true)}
            />
          </UploadContext.Provider>
        </>
      ) : settings.oneResponsePerBrowser && responded ? (
        <AlreadyResponded title={state.form.flow.name} />
      ) : (
        <>
          {resume && (
            <div className={classes.resumeNotice} role="status" data-testid="resume-notice">
              <span>Welcome back: your answers so far are still here.</span>
              <Button
                variant="default"
                onClick={() => {
                  forgetProgress(publicIdentifier);
                  setResume(undefined);
                  setAttempt((n) => n + 1);
                }}
              >
                Start over
              </Button>
            </div>
          )}
          <UploadContext.Provider value={uploader}>
            <FormRunner
              key={attempt}
              resume={resume}
              persist
              publicIdentifier={publicIdentifier}
              title={state.form.flow.name}
              template={state.form.flowSnapshot.template}
              challenge={state.form.challenge}
              settings={settings}
              submit={submitAnswers}
              onAlreadyResponded={() => setResponded(true)}
              onSubmitted={() => setResume(undefined)}
            />
          </UploadContext.Provider>
        </>
      )}
      <footer className={classes.footer}>
        <a href="/" className={classes.madeWith}>
          Made with <LogoMark size={16} /> <strong>{PRODUCT_NAME}</strong>
        </a>
      </footer>
    </ThemedPage>
  );
}

/** The owner's message of a closed form (`details.closedMessage` of the 404), if any. */
function closedMessageOf(error: unknown): string | undefined {
  const details = isApiError(error) ? (error.details as { closedMessage?: unknown } | undefined) : undefined;
  return typeof details?.closedMessage === 'string' ? details.closedMessage : undefined;
}

/** A form that takes one response per browser, opened again from a browser that responded. */
function AlreadyResponded({ title }: { title: string }) {
  return (
    <section className={classes.card} data-testid="form-already-responded">
      <div className={classes.centered}>
        <IconBadge tone="success">
          <IconCheck size={28} />
        </IconBadge>
        <h1 className={classes.stateTitle}>{copy.publicForm.alreadyResponded}</h1>
        <p className={classes.muted}>{title}</p>
      </div>
    </section>
  );
}

/** A form that is not live: never published (or a wrong link), or closed (by its owner or its settings). */
function NotPublished({ closed, closedMessage }: { closed: boolean; closedMessage?: string }) {
  return (
    <section className={classes.card} data-testid={closed ? 'form-closed' : 'form-not-published'}>
      <div className={classes.centered}>
        <IconBadge tone="neutral">
          <IconLock size={28} />
        </IconBadge>
        <h1 className={classes.stateTitle}>{closed ? copy.publicForm.formClosed : copy.publicForm.flowNotPublished}</h1>
        <p className={`${classes.muted} ${classes.preLine}`} data-testid="closed-message">
          {closed ? (closedMessage ?? 'Thank you for your interest.') : "The link may be wrong, or the form's owner has not published it yet."}
        </p>
      </div>
    </section>
  );
}
