/**
 * The public form's own browser entry (`web/form.html`, served for `/t/:flowPublicIdentifier`): React and the
 * respondent's code only — no UI library, router, query cache or zod (docs/architecture.md "The public form's
 * bundle"; a test holds its JavaScript to 100 KB gzipped). The live form comes embedded in the page by the
 * gateway, so it paints without a second request.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { PREVIEW_PARAM } from './preview-protocol';
import { PublicFormPage } from './public-form';
import './page.css';

/** The identifier of the form in `/t/:flowPublicIdentifier` (URL-decoded), or '' elsewhere. */
function publicIdentifierOf(pathname: string): string {
  const match = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}

/** The editor's preview: loaded only inside the editor's frame, so respondents never fetch it. */
const PreviewPage = lazy(() => import('./preview-page').then((module) => ({ default: module.PreviewPage })));

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from form.html');

const publicIdentifier = publicIdentifierOf(window.location.pathname);
// `?preview=1` inside a frame: the editor's live preview (`preview-page.tsx`); anything else is the live form.
const preview = new URLSearchParams(window.location.search).has(PREVIEW_PARAM) && window.parent !== window;

createRoot(root).render(
  <StrictMode>
    {preview ? (
      <Suspense>
        <PreviewPage publicIdentifier={publicIdentifier} />
      </Suspense>
    ) : (
      <PublicFormPage publicIdentifier={publicIdentifier} />
    )}
  </StrictMode>,
);
