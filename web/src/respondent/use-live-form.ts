/**
 * The live form of the page: the one the gateway embedded (painted on the first render, no request), else
 * fetched once; `retry()` fetches again after a failure. Plain React state: the public form carries no query
 * library (docs/architecture.md "The public form's bundle").
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../lib/api-client';
import { getLiveForm, takeEmbeddedLiveForm, type LiveForm } from './api';

/** Loading, loaded, or failed (an {@link ApiError}, or a `TypeError` when the network failed). */
export type LiveFormState =
  | { status: 'loading' }
  | { status: 'ready'; form: LiveForm }
  | { status: 'error'; error: ApiError | Error };

/** The live form of `publicIdentifier` and a way to load it again after an error. */
export function useLiveForm(publicIdentifier: string): { state: LiveFormState; retry: () => void } {
  const [state, setState] = useState<LiveFormState>(() => {
    const embedded = takeEmbeddedLiveForm(publicIdentifier);
    if (!embedded) return { status: 'loading' };
    return embedded.form ? { status: 'ready', form: embedded.form } : { status: 'error', error: embedded.error };
  });
  const [attempt, setAttempt] = useState(0);
  const loading = state.status === 'loading';

  useEffect(() => {
    if (!loading) return undefined;
    const controller = new AbortController();
    getLiveForm(publicIdentifier, controller.signal).then(
      (form) => setState({ status: 'ready', form }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [publicIdentifier, loading, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
