/**
 * What the public form's own browser entry (`web/form.html`, docs/architecture.md "The public form's bundle")
 * needs from the endpoint catalogue at runtime, without zod: the method and path of the two calls a respondent
 * makes, the bot challenges' script URLs and CSP origins, and the id of the element the gateway embeds the live
 * form in. The endpoint objects (`flows/public-forms.ts`, `flows/submissions.ts`) take their paths from here, so
 * each path is still written once.
 */

/** A call of the public form: its method and its path in Fastify's `:param` syntax. */
export interface PublicFormRoute {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
}

/** The calls of a respondent's browser (spec 000 §7; the progress is ours). */
export const PUBLIC_FORM_ROUTES = {
  /** `GET /public/flows/templates/:publicIdentifier?mode=live`: the live form (`getPublicTemplate`). */
  liveForm: { method: 'GET', path: '/public/flows/templates/:publicIdentifier' },
  /** `POST /public/flows/:publicIdentifier/submissions`: the answers (`submitAnswers`). */
  submit: { method: 'POST', path: '/public/flows/:publicIdentifier/submissions' },
  /** `PUT /public/flows/:publicIdentifier/progress`: the progress so far, a partial submission (`saveProgress`). */
  progress: { method: 'PUT', path: '/public/flows/:publicIdentifier/progress' },
  /**
   * `POST /public/flows/:publicIdentifier/uploads?fieldId=<widgetId>`: a file for a FileUpload or Signature question,
   * `multipart/form-data` (`uploadFile`, `flows/uploads.ts`).
   */
  upload: { method: 'POST', path: '/public/flows/:publicIdentifier/uploads' },
  /**
   * `GET /public/flows/:publicIdentifier/submissions/:submissionId?token=…`: a submission opened through its edit
   * link, to fill the form with (`getEditableSubmission`, `flows/submissions.ts`).
   */
  editableSubmission: { method: 'GET', path: '/public/flows/:publicIdentifier/submissions/:submissionId' },
  /** `PUT /public/flows/:publicIdentifier/submissions/:submissionId`: the edited answers (`updateSubmission`). */
  updateSubmission: { method: 'PUT', path: '/public/flows/:publicIdentifier/submissions/:submissionId' },
  /**
   * `GET /public/flows/:publicIdentifier/images/:uploadId`: an image the form's editor uploaded (an ImageChoice
   * card's picture), for anyone — the browser loads it with `<img src>` (`getFormImage`, `flows/uploads.ts`).
   */
  image: { method: 'GET', path: '/public/flows/:publicIdentifier/images/:uploadId' },
} as const satisfies Record<string, PublicFormRoute>;

/**
 * The query parameters of a submission's edit link: `/t/<publicIdentifier>?edit=<submissionId>&token=<edit token>`
 * (`rules/edit-links.ts`).
 */
export const EDIT_LINK_PARAMS = { submission: 'edit', token: 'token' } as const;

/**
 * `path` with each `:name` replaced by its URI-encoded value in `params` (`pathOf` of the catalogue uses it too).
 * @throws Error `<what>: missing path parameter <name>` when a parameter is missing (a programming error)
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}, what: string = path): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${what}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The bot challenges an operator can put in front of public submissions (docs/architecture.md §6 flows). */
export const CHALLENGE_PROVIDERS = ['turnstile', 'hcaptcha'] as const;

/** `turnstile` (Cloudflare Turnstile) or `hcaptcha`. */
export type ChallengeProvider = (typeof CHALLENGE_PROVIDERS)[number];

/**
 * The providers' browser scripts, loaded by the public form for explicit rendering (Turnstile:
 * developers.cloudflare.com/turnstile/get-started/client-side-rendering; hCaptcha: docs.hcaptcha.com
 * "Explicitly Rendering hCaptcha"). Each defines `window.turnstile` / `window.hcaptcha` with `render`, `remove`.
 */
export const CHALLENGE_SCRIPT_URLS: Readonly<Record<ChallengeProvider, string>> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
};

/**
 * The origins the challenge widgets load scripts, frames, styles and requests from: what the public form's CSP
 * allows besides our own origin (`gateway/src/web.ts`, `web/Dockerfile`), per the providers' CSP guidance.
 */
export const CHALLENGE_CSP_SOURCES = ['https://challenges.cloudflare.com', 'https://hcaptcha.com', 'https://*.hcaptcha.com'] as const;

/**
 * The id of the `<script type="application/json">` element in which the gateway embeds the live form into the
 * public form's first HTML answer (`gateway/src/public-form-page.ts`), so the form paints without a second
 * round trip. Its content is a {@link EmbeddedLiveForm}.
 */
export const LIVE_FORM_ELEMENT_ID = 'formloom-live-form';

/**
 * What the gateway embeds: the answer the browser would have had from `GET
 * /public/flows/templates/:publicIdentifier?mode=live` — its status and JSON body (the live form on 200, the
 * error format otherwise) — for that identifier.
 */
export interface EmbeddedLiveForm {
  readonly publicIdentifier: string;
  readonly status: number;
  readonly body: unknown;
}
