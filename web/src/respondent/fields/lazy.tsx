/**
 * Renderers the public form loads on demand. The large, less common ones (multi-select, signature, file upload,
 * address, ranking, matrix) are each their own chunk, so the JavaScript every respondent waits for before the
 * form paints stays small (docs/architecture.md "The public form's bundle"). A form fetches the chunks of the
 * types it uses as soon as its template arrives ({@link preloadFields}), while the respondent reads the first
 * page; a question whose chunk is still on its way shows a placeholder of a question's height; a chunk that fails
 * to load shows a message instead of breaking the form.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import type { FieldComponent, FieldProps } from './types';
import classes from './fields.module.css';

/** A renderer in its own chunk, and the function that starts fetching it (idempotent; retried after a failure). */
export interface LazyField<W extends Widget> {
  Component: FieldComponent<W>;
  preload: () => Promise<unknown>;
}

/**
 * A renderer whose module `load` imports (`() => import('./signature').then((module) => module.SignatureField)`).
 * The returned component renders inside its own Suspense boundary and error boundary, so it can stand in the
 * registry like any other renderer.
 */
export function lazyField<W extends Widget>(load: () => Promise<FieldComponent<W>>): LazyField<W> {
  let loading: Promise<{ default: FieldComponent<W> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined; // the next attempt (a reload of the question) fetches again
        throw error;
      },
    );
    return loading;
  };
  const Loaded = lazy(preload);
  function LazyRenderer(props: FieldProps<W>) {
    return (
      <FieldLoadBoundary>
        <Suspense fallback={<div className={classes.loading} aria-busy="true" data-testid="field-loading" />}>
          <Loaded {...props} />
        </Suspense>
      </FieldLoadBoundary>
    );
  }
  return { Component: LazyRenderer, preload };
}

/** Shows {@link copy.publicForm.questionFailedToLoad} in place of a question whose chunk could not be fetched. */
class FieldLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <p className={classes.error} role="alert">
          {copy.publicForm.questionFailedToLoad}
        </p>
      );
    }
    return this.props.children;
  }
}
