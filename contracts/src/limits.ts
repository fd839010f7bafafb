/**
 * Every number of the product specification as a named constant. Source sections are given per constant;
 * numbers the spec leaves open ("not shown") are ours and are marked `ours`.
 */

/** spec 000 §4: the timezone prompt is suppressed for 7 days after dismissal (ms). */
export const TIMEZONE_PROMPT_SUPPRESSION_MS = 604_800_000;
/** spec 000 §4: drag starts after this many pixels of movement. */
export const DRAG_ACTIVATION_PX = 30;
/** spec 000 §5: PDF upload maximum size (bytes, 10 MB). */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
/** spec 000 §5: non-admins may import at most this many Typeform forms at once. */
export const TYPEFORM_BATCH_MAX_FORMS = 200;
/** spec 000 §9: toast durations (ms). */
export const TOAST_DURATION_MS = 5000;
export const OTHER_INTEGRATIONS_TOAST_DURATION_MS = 7000;
/** spec 000 §9: default scheduling duration (minutes, as the spec's string preset). */
export const DEFAULT_SCHEDULING_DURATION = '30';

/** spec 001 §9: maximum actions (nodes) per workflow. */
export const MAX_WORKFLOW_ACTIONS = 20;
/** spec 001 §9: maximum prefetches per integration. */
export const MAX_PREFETCHES = 20;
/** spec 001 §9: the loop-detection search is limited to this many steps. */
export const LOOP_DETECTION_MAX_STEPS = 20;
/** spec 001 §9: default delay (minutes). */
export const DEFAULT_DELAY_MINUTES = 30;
/** spec 001 §9: the form-abandoned trigger's default send-after time (minutes). */
export const DEFAULT_FORM_ABANDONED_MINUTES = 30;
/** spec 001 §4, §9: the before-event trigger's default time before the event on a form (minutes); 0 elsewhere. */
export const DEFAULT_BEFORE_EVENT_MINUTES = 30;
/** spec 001 §9: the host email reminder's default time before the event (minutes). */
export const HOST_EMAIL_REMINDER_MINUTES = 30;
/** spec 001 §9: the Slack host reminder's default time before the event (minutes). */
export const HOST_SLACK_REMINDER_MINUTES = 5;
/**
 * ours: the longest wait a time-based trigger or node may ask for (days). A durable wait is a row with a due time,
 * so length costs nothing; the bound keeps typos (30000 days) out.
 */
export const MAX_WAIT_DAYS = 365;
/** spec 001 §2: node card minimum size (px). */
export const NODE_CARD_MIN_WIDTH_PX = 212;
export const NODE_CARD_MIN_HEIGHT_PX = 62;
/** spec 001 §2, §9: node editor panels are at most this tall (px). */
export const NODE_PANEL_MAX_HEIGHT_PX = 600;
/** spec 001 §9: graph layout separations (dagre's ranksep, nodesep, edgesep). */
export const GRAPH_RANK_SEPARATION = 50;
export const GRAPH_NODE_SEPARATION = 50;
export const GRAPH_EDGE_SEPARATION = 20;

/** ours: the maximum number of workflows per flow (the spec's figure is "not shown"). */
export const MAX_WORKFLOWS_PER_FLOW = 50;
/**
 * spec 000 §9, spec 001 §4: the placeholder id of "a new form" in the workflow creation dialog's form chooser; a
 * workflow created on it gets a new form first.
 */
export const NEW_FORM_PLACEHOLDER = 'new_form';

/** docs/product-rules.md §4: passwords have at least this many characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** ours: passwords longer than this are refused (argon2 input bound). */
export const PASSWORD_MAX_LENGTH = 256;
/**
 * ours (OWASP Authentication Cheat Sheet, "Protect against automated attacks"): login attempts, counted across
 * every replica. Per (account, client address) pair: {@link LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS} per
 * {@link LOGIN_RATE_WINDOW_MS}; per client address over all accounts: {@link LOGIN_RATE_MAX_PER_ADDRESS} per
 * {@link LOGIN_RATE_WINDOW_MS}; per account over every address that has not signed in to it within
 * {@link LOGIN_KNOWN_ADDRESS_TTL_MS}: {@link LOGIN_RATE_MAX_PER_ACCOUNT} per {@link LOGIN_RATE_ACCOUNT_WINDOW_MS}.
 */
export const LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_RATE_MAX_PER_ADDRESS = 30;
export const LOGIN_RATE_WINDOW_MS = 60_000;
export const LOGIN_RATE_MAX_PER_ACCOUNT = 100;
export const LOGIN_RATE_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** ours: an address that signed in to an account stays "known" to it this long (ms, 14 days). */
export const LOGIN_KNOWN_ADDRESS_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** ours: how long an address confirmation link works (ms, 24 hours). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** ours: confirmation mails a user may ask for again within {@link EMAIL_VERIFICATION_RESEND_WINDOW_MS}. */
export const EMAIL_VERIFICATION_RESEND_MAX = 3;
/** ours: the window of {@link EMAIL_VERIFICATION_RESEND_MAX} (ms, one hour). */
export const EMAIL_VERIFICATION_RESEND_WINDOW_MS = 60 * 60 * 1000;
/** ours: the longest confirmation token accepted (ours are 43 base64url characters). */
export const EMAIL_VERIFICATION_TOKEN_MAX_LENGTH = 128;
/** ours: sign-ups allowed per client address within {@link SIGNUP_RATE_WINDOW_MS} (ms, one hour). */
export const SIGNUP_RATE_MAX_PER_ADDRESS = 10;
export const SIGNUP_RATE_WINDOW_MS = 60 * 60 * 1000;
/** ours: session lifetime (ms, 30 days) and the lifetime of the JWTs the gateway passes upstream (seconds). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 300;
/**
 * ours: every service refuses an access token whose lifetime (`exp` − `iat`) is longer than this, or whose
 * `iat` is older (seconds; RFC 7519 §4.1.4, §4.1.6). At least {@link ACCESS_TOKEN_TTL_SECONDS}.
 */
export const ACCESS_TOKEN_MAX_LIFETIME_SECONDS = 900;
/** ours: clock skew tolerated between services when `exp` and `iat` are checked (seconds). */
export const TOKEN_CLOCK_TOLERANCE_SECONDS = 30;
/** ours: the gateway keeps an exchanged access token at most this long before exchanging again (ms). */
export const ACCESS_TOKEN_CACHE_MAX_MS = 10_000;
/**
 * ours: how long the JWKS may be kept (seconds): the `Cache-Control: max-age` of `/.well-known/jwks.json` and
 * the verifiers' cache (kit `createTokenVerifier`). A new signing key is published at least this long before
 * it signs.
 */
export const JWKS_CACHE_MAX_AGE_SECONDS = 300;

/** docs/product-rules.md §3 (Fillout's API): submissions list page size bounds. */
export const SUBMISSIONS_PAGE_MIN = 1;
export const SUBMISSIONS_PAGE_MAX = 150;
export const SUBMISSIONS_PAGE_DEFAULT = 50;
/** ours: the longest search of the Results (`SubmissionsQuery.search`, characters after trimming). */
export const SUBMISSIONS_SEARCH_MAX_LENGTH = 200;
/** ours: the longest answer filter of the Results, as JSON in the query string (`ResultsFilterParam`, characters). */
export const RESULTS_FILTER_MAX_LENGTH = 4000;
/** ours: the longest Results cursor (`SubmissionsCursor`, characters). */
export const SUBMISSIONS_CURSOR_MAX_LENGTH = 200;
/**
 * ours: the Results' summary (`rules/summary.ts`): a text question shows its {@link SUMMARY_LATEST_ANSWERS} latest
 * answers; a free number question's distribution has at most {@link SUMMARY_NUMBER_BUCKETS_MAX} bars; a Slider with
 * at most {@link SUMMARY_SCALE_VALUES_MAX} positions gets a bar per position (like an opinion scale of 0–10), a
 * longer one buckets.
 */
export const SUMMARY_LATEST_ANSWERS = 5;
export const SUMMARY_NUMBER_BUCKETS_MAX = 10;
export const SUMMARY_SCALE_VALUES_MAX = 11;
/**
 * The Net Promoter Score (Bain & Company's definition, what Typeform and SurveyMonkey show for a 0–10 scale):
 * promoters answer {@link NPS_PROMOTER_MIN} or more, detractors {@link NPS_DETRACTOR_MAX} or less, the others are
 * passives; the score is the promoters' share minus the detractors', in percent (−100 to 100).
 */
export const NPS_PROMOTER_MIN = 9;
export const NPS_DETRACTOR_MAX = 6;
/** docs/product-rules.md §3: workflow runs and mail log page size upper bound. */
export const RUNS_PAGE_MAX = 1000;
export const MAIL_PAGE_MAX = 1000;
/** ours: default page size of runs and the mail log. */
export const RUNS_PAGE_DEFAULT = 50;

/**
 * docs/product-rules.md §2: StarRating accepts 1..5 — the number of stars of a question whose `max` is unset
 * (every question made before `max` existed).
 */
export const STAR_RATING_MAX = 5;
/** ours: the bounds of a StarRating's `max` (its number of stars). */
export const STAR_RATING_STARS_MIN = 3;
export const STAR_RATING_STARS_MAX = 10;
/** ours: an OpinionScale starts at 0 or 1 and ends at 5..10. */
export const OPINION_SCALE_END_MIN = 5;
export const OPINION_SCALE_END_MAX = 10;
/** ours: the longest end label of an OpinionScale ('Not likely') and unit of a Slider ('km'), in characters. */
export const SCALE_LABEL_MAX_LENGTH = 100;
export const SLIDER_UNIT_MAX_LENGTH = 20;
/** ours: a Matrix has at most this many rows and columns. */
export const MATRIX_MAX_ROWS = 100;
export const MATRIX_MAX_COLUMNS = 20;
/** ours: the longest text alternative of an ImageChoice card's image (characters). */
export const IMAGE_ALT_MAX_LENGTH = 500;
/**
 * ours: the longest part of an Address answer (street, second line, city, state; characters) and its longest
 * postal code (the world's longest are 10 characters with a space or dash; 20 leaves room for a prefix).
 */
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const ADDRESS_POSTAL_CODE_MAX_LENGTH = 20;
/** ours: the longest body of a Statement (characters). */
export const STATEMENT_BODY_MAX_LENGTH = 10_000;
/**
 * ours: a question's description (`rules/rich-text.ts`): at most {@link DESCRIPTION_MAX_LENGTH} characters of text
 * in all, {@link RICH_TEXT_MAX_BLOCKS} paragraphs and lists at its top, {@link RICH_TEXT_MAX_ITEMS} items in a list
 * or pieces of text in a paragraph, lists nested at most {@link RICH_TEXT_MAX_LIST_DEPTH} deep, and links of at
 * most {@link RICH_TEXT_LINK_MAX_LENGTH} characters.
 */
export const DESCRIPTION_MAX_LENGTH = 5000;
export const RICH_TEXT_MAX_BLOCKS = 100;
export const RICH_TEXT_MAX_ITEMS = 200;
export const RICH_TEXT_MAX_LIST_DEPTH = 3;
export const RICH_TEXT_LINK_MAX_LENGTH = 2000;
/** spec 001 §9 "Rich text headings levels 1-3": the heading levels of an email's rich text (`rules/rich-text.ts`). */
export const RICH_TEXT_HEADING_LEVELS = [1, 2, 3] as const;
/** ours: length bounds of answers and names. */
export const SHORT_ANSWER_MAX_LENGTH = 1000;
export const LONG_ANSWER_MAX_LENGTH = 20_000;
export const FLOW_NAME_MAX_LENGTH = 200;
export const WORKSPACE_NAME_MAX_LENGTH = 100;
/** ours: an organization's name has at most this many characters (after trimming). */
export const ORGANIZATION_NAME_MAX_LENGTH = 100;
/** ours: a form has at most this many steps and widgets (bounds the template size). */
export const MAX_STEPS_PER_FLOW = 200;
export const MAX_WIDGETS_PER_STEP = 200;
/**
 * ours: bounds of conditions (`rules/conditions.ts`): at most {@link MAX_PAGE_RULES} navigation rules per page,
 * {@link MAX_CONDITIONS_PER_GROUP} conditions in one `and`/`or` group, and groups nested at most
 * {@link MAX_CONDITION_DEPTH} deep (a lone comparison is depth 1; a group of comparisons depth 2). Editors nest two
 * or three deep; the bound keeps a stored template well inside `JSON_MAX_DEPTH`.
 */
export const MAX_PAGE_RULES = 50;
export const MAX_CONDITIONS_PER_GROUP = 100;
export const MAX_CONDITION_DEPTH = 10;
/** ours: request body limit at the gateway and the services (bytes, 1 MiB). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * ours: the deepest nesting of arrays and objects a JSON request body may have (the top-level value is depth
 * 1). Flow and workflow templates need about 8; PostgreSQL's JSONB and the JS stack fail far deeper (~5,000).
 */
export const JSON_MAX_DEPTH = 64;
/**
 * ours: HTTP timeouts of the gateway and every service (ms). The request line and headers must arrive within
 * HTTP_HEADERS_TIMEOUT_MS; the whole request, body included, within HTTP_REQUEST_TIMEOUT_MS (a 1 MiB body needs
 * ~35 KB/s); a socket that stays silent for HTTP_IDLE_TIMEOUT_MS (no byte in or out: a stalled body, a client
 * that does not read its response) is closed. Expired requests are looked for every
 * HTTP_TIMEOUT_CHECK_INTERVAL_MS (Node's `connectionsCheckingInterval`).
 */
export const HTTP_HEADERS_TIMEOUT_MS = 10_000;
export const HTTP_REQUEST_TIMEOUT_MS = 30_000;
export const HTTP_IDLE_TIMEOUT_MS = 60_000;
export const HTTP_TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** ours: `Strict-Transport-Security: max-age` (seconds, one year), sent only on requests that arrived over TLS. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;
/** ours (RFC 5321 limits): an email answer has at most 320 characters, its local part at most 64. */
export const EMAIL_MAX_LENGTH = 320;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
/** ours (E.164): a phone answer has 7 to 15 digits. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
/** ours: a URL answer has at most this many characters. */
export const URL_MAX_LENGTH = 2048;

/**
 * Uploaded files (FileUpload and Signature questions, `POST /admin/fileupload`; `answers/shared/uploads.ts`). A MB
 * is 2^20 bytes, as spec 000 §5 counts its 10 MB ({@link PDF_MAX_BYTES}).
 * - {@link UPLOAD_BYTES_PER_MB}: bytes in one MB of these settings.
 * - {@link FILE_UPLOAD_DEFAULT_MAX_MB}: the largest file a FileUpload question takes when its `maxSizeMb` is unset
 *   (spec 000 §5's 10 MB, ours for questions).
 * - {@link FILE_UPLOAD_MAX_MB_CAP}: the largest `maxSizeMb` a question may set, and the default of the flows
 *   service's `FILE_UPLOAD_MAX_MB`, the service-wide cap an operator may lower (ours).
 * - {@link FILE_UPLOAD_MAX_FILES}: a FileUpload question takes 1 (default) to 10 files (ours).
 * - {@link FORM_IMAGE_MAX_MB}: the largest picture the editor uploads for an ImageChoice card (ours, checked in the
 *   browser before sending: respondents load it on their phones; the service's own cap is `FILE_UPLOAD_MAX_MB`).
 * - {@link SIGNATURE_MAX_BYTES}: the largest signature PNG (ours: a 600×200 drawing is ~20 KB).
 * - {@link UPLOAD_NAME_MAX_LENGTH}: a file's name is cut to this many characters, its extension kept (ours).
 * - {@link UPLOAD_EXTENSIONS_MAX}: a question lists at most this many extensions of at most
 *   {@link UPLOAD_EXTENSION_MAX_LENGTH} characters (ours).
 * - {@link UNREFERENCED_UPLOAD_TTL_MS}: an upload no submission refers to is deleted after a day (ms, ours).
 * - {@link UPLOAD_SWEEP_INTERVAL_MS}: how often the flows service looks for them (ms; an hour, ours).
 * - {@link PUBLIC_UPLOADS_PER_ADDRESS_MAX}: public uploads per client address and form within
 *   `PUBLIC_SUBMISSIONS_WINDOW_MS` (the default of `PUBLIC_UPLOADS_RATE_LIMIT`, ours).
 */
export const UPLOAD_BYTES_PER_MB = 1024 * 1024;
export const FILE_UPLOAD_DEFAULT_MAX_MB = 10;
export const FILE_UPLOAD_MAX_MB_CAP = 100;
export const FILE_UPLOAD_MAX_FILES = 10;
export const FORM_IMAGE_MAX_MB = 10;
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
export const UPLOAD_NAME_MAX_LENGTH = 200;
export const UPLOAD_EXTENSIONS_MAX = 50;
export const UPLOAD_EXTENSION_MAX_LENGTH = 10;
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
export const PUBLIC_UPLOADS_PER_ADDRESS_MAX = 100;

/**
 * ours: public submissions accepted per client address and form within {@link PUBLIC_SUBMISSIONS_WINDOW_MS}
 * (the default of the flows service's `PUBLIC_SUBMISSIONS_RATE_LIMIT`): a class or an event behind one network
 * address stays well below it, a script posting a form over and over does not (every submission runs the form's
 * workflows, which may send email).
 */
export const PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX = 60;
/** ours: the window of {@link PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX} (ms; ten minutes). */
export const PUBLIC_SUBMISSIONS_WINDOW_MS = 10 * 60 * 1000;
/**
 * ours: workflow emails sent over SMTP to one address taken from a respondent's answers, per organization, within
 * {@link WORKFLOW_EMAIL_RECIPIENT_WINDOW_MS} (the default of the engine's `WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT`):
 * a form cannot be used to flood someone's inbox with thank-you emails. Fixed recipients the form's owner chose
 * are not limited.
 */
export const WORKFLOW_EMAIL_PER_RECIPIENT_MAX = 10;
/** ours: the window of {@link WORKFLOW_EMAIL_PER_RECIPIENT_MAX} (ms; one hour). */
export const WORKFLOW_EMAIL_RECIPIENT_WINDOW_MS = 60 * 60 * 1000;

/** ours: the longest bot-challenge token accepted (Turnstile's are up to 2,048 characters). */
export const CHALLENGE_TOKEN_MAX_LENGTH = 4096;
/** ours: how long the flows service waits for the challenge provider's verification (ms). */
export const CHALLENGE_VERIFY_TIMEOUT_MS = 5000;

/** Most responses a form's `responseLimit` may allow (form settings, docs/product-rules.md §3). */
export const RESPONSE_LIMIT_MAX = 10_000_000;
/** Longest custom message shown on a closed form (characters). */
export const CLOSED_MESSAGE_MAX_LENGTH = 500;
/** Longest redirect address after a submission (characters). */
export const REDIRECT_URL_MAX_LENGTH = 2048;
/** Length bounds of the random id a browser sends with its submissions (`respondentId`, characters). */
export const RESPONDENT_ID_MIN_LENGTH = 16;
export const RESPONDENT_ID_MAX_LENGTH = 64;
/** Length of a partial submission's secret token (base64url characters: 32 random bytes). */
export const PROGRESS_TOKEN_LENGTH = 43;

/**
 * ours: hidden fields (`rules/url-params.ts`): at most {@link MAX_URL_PARAMS} per form, names of at most
 * {@link URL_PARAM_NAME_MAX_LENGTH} characters, values of at most {@link URL_PARAM_VALUE_MAX_LENGTH} (longer values
 * in a link are cut by the public form and refused by the API).
 */
export const MAX_URL_PARAMS = 50;
export const URL_PARAM_NAME_MAX_LENGTH = 64;
export const URL_PARAM_VALUE_MAX_LENGTH = 1000;

/**
 * ours: calculations (`rules/calculations.ts`): at most {@link MAX_CALCULATIONS} per form, each with at most
 * {@link MAX_CALCULATION_UPDATES} updates and a name of at most {@link CALCULATION_NAME_MAX_LENGTH} characters.
 */
export const MAX_CALCULATIONS = 50;
export const MAX_CALCULATION_UPDATES = 50;
export const CALCULATION_NAME_MAX_LENGTH = 64;
/** ours: the points an option of a quiz question may carry, from -{@link QUIZ_POINTS_MAX} to +{@link QUIZ_POINTS_MAX} (`rules/quiz.ts`). */
export const QUIZ_POINTS_MAX = 1000;

/** ours: API keys (`api/workspaces-auth/api-keys.ts`): names of at most {@link API_KEY_NAME_MAX_LENGTH} characters, at most {@link MAX_API_KEYS_PER_ORGANIZATION} live keys per organization. */
export const API_KEY_NAME_MAX_LENGTH = 64;
export const MAX_API_KEYS_PER_ORGANIZATION = 50;

/**
 * ours: invitations (`api/workspaces-auth/invitations.ts`): a link works for {@link INVITATION_TTL_MS} (7 days); an
 * organization has at most {@link INVITATIONS_PENDING_MAX} pending invitations; an admin sends at most
 * {@link INVITATION_SEND_MAX} invitation mails per {@link INVITATION_SEND_WINDOW_MS} (they go to addresses the
 * product does not know yet: a cap keeps a stolen admin session from mailing the world).
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATIONS_PENDING_MAX = 200;
export const INVITATION_SEND_MAX = 50;
export const INVITATION_SEND_WINDOW_MS = 60 * 60 * 1000;
/** ours: at most this many workspaces in one invitation. */
export const INVITATION_WORKSPACES_MAX = 100;

/**
 * ours: outgoing webhooks (`api/workflows-engine/webhooks.ts`, what Fillout offers integrators): at most
 * {@link MAX_WEBHOOKS_PER_FORM} live subscriptions per form (a 21st answers 409), URLs of at most
 * {@link WEBHOOK_URL_MAX_LENGTH} characters, and at most {@link WEBHOOK_DELIVERIES_PAGE_MAX} deliveries per page of
 * the delivery log (default {@link WEBHOOK_DELIVERIES_PAGE_DEFAULT}).
 */
export const MAX_WEBHOOKS_PER_FORM = 20;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
export const WEBHOOK_DELIVERIES_PAGE_DEFAULT = 20;

/**
 * ours: custom columns of the Results (spec 001 §3 "Custom column", `rules/custom-columns.ts`): at most
 * {@link CUSTOM_COLUMNS_MAX} per form, names of at most {@link CUSTOM_COLUMN_NAME_MAX_LENGTH} characters (trimmed), a
 * Dropdown or Multi-select column with at most {@link CUSTOM_COLUMN_OPTIONS_MAX} options whose labels have at most
 * {@link CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH} characters. A value is bounded by its type's answer rules (a Short
 * text column by `SHORT_ANSWER_MAX_LENGTH`, a Long text one by `LONG_ANSWER_MAX_LENGTH`).
 */
export const CUSTOM_COLUMNS_MAX = 50;
export const CUSTOM_COLUMN_NAME_MAX_LENGTH = 100;
export const CUSTOM_COLUMN_OPTIONS_MAX = 100;
export const CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH = 200;

/** spec 001 §9: the approval step's state palette has this many pastel shades (`workflows/nodes/approval.ts`). */
export const APPROVAL_PALETTE_SIZE = 9;
/** spec 001 §9: the approval step's input fields are dragged into order after this many pixels of movement. */
export const APPROVAL_FIELD_DRAG_ACTIVATION_PX = 10;
/** spec 001 §3, §9: the approval step's completion rule: 'atleast_one' approver decides, count 1. */
export const APPROVAL_COMPLETION_COUNT = 1;
/**
 * ours: bounds of an approval step (`workflows/nodes/approval.ts`): at most {@link APPROVAL_STATES_MAX} states (options)
 * with names of at most {@link APPROVAL_STATE_NAME_MAX_LENGTH} characters, {@link APPROVAL_APPROVERS_MAX} approvers and
 * {@link APPROVAL_INPUT_FIELDS_MAX} input fields whose labels have at most {@link APPROVAL_FIELD_LABEL_MAX_LENGTH}
 * characters.
 */
export const APPROVAL_STATES_MAX = 20;
export const APPROVAL_STATE_NAME_MAX_LENGTH = 100;
export const APPROVAL_APPROVERS_MAX = 50;
export const APPROVAL_INPUT_FIELDS_MAX = 20;
export const APPROVAL_FIELD_LABEL_MAX_LENGTH = 200;
/**
 * ours: an approval request waits this many days for a decision (ARCHITECTURE §1 "approval timeouts"); its links
 * stop taking decisions then and the run's step fails ('No decision was made within 30 days').
 */
export const APPROVAL_REQUEST_TTL_DAYS = 30;
/** {@link APPROVAL_REQUEST_TTL_DAYS} in ms. */
export const APPROVAL_REQUEST_TTL_MS = APPROVAL_REQUEST_TTL_DAYS * 24 * 60 * 60 * 1000;
/**
 * ours: requests to the approver's page (`POST /public/approvals/…`) per client address within
 * {@link APPROVAL_PUBLIC_WINDOW_MS}: an approver opens and decides a few times, a script guessing links is stopped
 * (a link's signature is 256 bits: guessing is hopeless anyway; the limit keeps the endpoint cheap).
 */
export const APPROVAL_PUBLIC_PER_ADDRESS_MAX = 60;
/** ours: the window of {@link APPROVAL_PUBLIC_PER_ADDRESS_MAX} (ms; ten minutes). */
export const APPROVAL_PUBLIC_WINDOW_MS = 10 * 60 * 1000;
/** ours: the longest approval link token accepted (real ones are about 130 characters). */
export const APPROVAL_TOKEN_MAX_LENGTH = 512;
/**
 * spec 001 §9 "Branch node starts with 2 branches" ({@link DEFAULT_BRANCH_COUNT}); ours: at most
 * {@link MAX_BRANCHES} branches per branch step, names of at most {@link BRANCH_NAME_MAX_LENGTH} characters.
 */
export const DEFAULT_BRANCH_COUNT = 2;
export const MAX_BRANCHES = 10;
export const BRANCH_NAME_MAX_LENGTH = 100;
/**
 * spec 001 §2: the data region whose organizations see no AI — the AI gallery category, the AI action of the
 * add-action popover and the gallery templates with AI nodes are hidden or refused there (node types with
 * `hiddenInAgentRegion`, `workflows/define.ts`).
 */
export const AGENT_DATA_REGION = 'EU_AGENT';
/** spec 001 §3, §9: the AI node's summary lengths; the default is the first, `short`. */
export const AI_SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
/**
 * ours: about how many words each summary length asks the model for (spec 001 §9 names the lengths, not their
 * sizes).
 */
export const AI_SUMMARY_WORDS = { short: 50, medium: 120, long: 250 } as const;
/**
 * ours: the AI node's bounds (`workflows/nodes/ai.ts`): at least {@link AI_MIN_CLASSIFICATIONS} and at most
 * {@link AI_MAX_CLASSIFICATIONS} classifications (one class would always be the answer), at most
 * {@link AI_MAX_EXTRACT_FIELDS} fields to extract, titles and field names of at most {@link AI_LABEL_MAX_LENGTH}
 * characters, and texts and prompts of at most {@link AI_TEXT_MAX_LENGTH} characters in the template.
 */
export const AI_MIN_CLASSIFICATIONS = 2;
export const AI_MAX_CLASSIFICATIONS = 50;
export const AI_MAX_EXTRACT_FIELDS = 50;
export const AI_LABEL_MAX_LENGTH = 200;
export const AI_TEXT_MAX_LENGTH = 20_000;
/**
 * ours: at most this many characters of run data (a whole submission, a text with its variables filled in) go to
 * the AI provider in one request; past it the text is cut and marked as cut (engine `domain/ai.ts`).
 */
export const AI_INPUT_MAX_CHARS = 60_000;
/** ours: the longest chat message a slack, microsoftTeams or discord step may hold (Slack's own limit on a message's text). */
export const CHAT_MESSAGE_MAX_LENGTH = 40_000;
/** ours: the longest text a twilio step may send (Twilio's limit on a message body, in characters). */
export const TWILIO_CONTENT_MAX_LENGTH = 1600;
/**
 * The workflow email node (`workflows/nodes/email.ts`, spec 001 §3):
 * - {@link EMAIL_PREVIEW_TOAST_MS}: spec 001 §9 "preview and copy toasts 5000 ms";
 * - ours: {@link EMAIL_TEXT_MAX_LENGTH} characters of text per text block, {@link EMAIL_MAX_BLOCKS} blocks,
 *   {@link EMAIL_MAX_RECIPIENTS} entries per recipient list (spec 001 §5: "a per-plan maximum (figure not shown)");
 * - ours: attachments (the form's uploaded files, fetched from flows when the email is sent): at most
 *   {@link EMAIL_ATTACHMENT_FIELDS_MAX} upload questions chosen, {@link EMAIL_ATTACHMENTS_MAX_FILES} files and
 *   {@link EMAIL_ATTACHMENTS_MAX_BYTES} bytes (10 MB, 2^20 bytes each) in all per email — base64 makes that ~13.3 MB
 *   on the wire, under the 20–25 MB most mail providers accept; files past either bound are left out and named in
 *   the step's output;
 * - ours: previews a user may send, {@link EMAIL_PREVIEW_RATE_MAX} per {@link EMAIL_PREVIEW_RATE_WINDOW_MS} (ten
 *   minutes), counted across replicas.
 */
export const EMAIL_PREVIEW_TOAST_MS = 5000;
export const EMAIL_TEXT_MAX_LENGTH = 20_000;
export const EMAIL_MAX_BLOCKS = 100;
export const EMAIL_MAX_RECIPIENTS = 100;
export const EMAIL_ATTACHMENT_FIELDS_MAX = 20;
export const EMAIL_ATTACHMENTS_MAX_FILES = 20;
export const EMAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;
export const EMAIL_PREVIEW_RATE_MAX = 10;
export const EMAIL_PREVIEW_RATE_WINDOW_MS = 10 * 60 * 1000;
/**
 * ours (docs/architecture.md "workflows-engine" → "Runs"): a run's trigger line in the runs list shows the first
 * this many answered questions of its submission (`name: value`).
 */
export const RUN_TRIGGER_SUMMARY_ANSWERS = 3;
/** ours: the test run dialog offers this many of the form's latest submissions to test with. */
export const TEST_RUN_SUBMISSION_CHOICES = 20;
/** ours: how often the web's runs list and an unfinished run's page refresh while shown (ms). */
export const RUNS_REFRESH_MS = 3000;
/**
 * ours: the workflow `webhook` node (spec 001 §3, §5, §9; `workflows/nodes/webhook.ts`, the engine's
 * `nodes/webhook.ts`, docs/architecture.md "The webhook node"):
 * - a request is tried at most {@link WEBHOOK_NODE_ATTEMPTS} times within its step: a timeout, a network failure,
 *   408, 429 or a 5xx is tried again after {@link WEBHOOK_NODE_RETRY_BASE_MS} ms, then twice that (1 s, 2 s), with
 *   the same `Idempotency-Key`; any other answer is final. Each attempt has the outbound guard's own limits
 *   (`@formloom/kit/outbound-http`: 10 s for the whole exchange, a response of at most 1 MiB);
 * - of a response the step keeps at most {@link WEBHOOK_NODE_RESPONSE_KEEP_CHARS} characters of its body (JSON is
 *   parsed when it fits, else the text is cut, marked `bodyTruncated`);
 * - the advanced mode's query parameters, headers and cookies are each at most {@link WEBHOOK_NODE_MAX_ROWS} rows,
 *   keys of at most {@link WEBHOOK_NODE_KEY_MAX_LENGTH} characters, values of at most
 *   {@link WEBHOOK_NODE_VALUE_MAX_LENGTH}; its body at most {@link WEBHOOK_NODE_BODY_MAX_LENGTH} characters;
 * - the panel's 'Test' (`POST /admin/workflows/nodes/webhook/test`) and the code node's share
 *   {@link NODE_TEST_RATE_MAX} tests per user per {@link NODE_TEST_RATE_WINDOW_MS} (the engine's
 *   `NODE_TEST_RATE_LIMIT`).
 */
export const WEBHOOK_NODE_ATTEMPTS = 3;
export const WEBHOOK_NODE_RETRY_BASE_MS = 1000;
export const WEBHOOK_NODE_RESPONSE_KEEP_CHARS = 64 * 1024;
export const WEBHOOK_NODE_MAX_ROWS = 50;
export const WEBHOOK_NODE_KEY_MAX_LENGTH = 256;
export const WEBHOOK_NODE_VALUE_MAX_LENGTH = 4096;
export const WEBHOOK_NODE_BODY_MAX_LENGTH = 100_000;
export const NODE_TEST_RATE_MAX = 30;
export const NODE_TEST_RATE_WINDOW_MS = 60_000;

/**
 * ours: the workflow `code` node's sandbox (spec 001 §3 `codeString`, `outputType`; `workflows/nodes/code.ts`, the
 * engine's `sandbox/`, docs/architecture.md "The code node's sandbox"): a run may compute for at most
 * {@link CODE_NODE_TIME_LIMIT_MS} ms (QuickJS's interrupt handler; a thread that does not stop within
 * {@link CODE_NODE_WATCHDOG_GRACE_MS} ms more is terminated), allocate at most {@link CODE_NODE_MEMORY_LIMIT_BYTES}
 * bytes (QuickJS's runtime memory limit), nest calls within {@link CODE_NODE_STACK_LIMIT_BYTES} bytes of stack, and
 * return a result of at most {@link CODE_NODE_RESULT_MAX_BYTES} bytes of JSON; the code itself is at most
 * {@link CODE_NODE_MAX_LENGTH} characters.
 */
export const CODE_NODE_TIME_LIMIT_MS = 1000;
export const CODE_NODE_WATCHDOG_GRACE_MS = 2000;
export const CODE_NODE_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
export const CODE_NODE_STACK_LIMIT_BYTES = 256 * 1024;
export const CODE_NODE_RESULT_MAX_BYTES = 256 * 1024;
export const CODE_NODE_MAX_LENGTH = 20_000;

/**
 * spec 001 §9 "Conversion Kit price: 0.25 x leads + 25 USD per month; default lead count 300 (so 100)": the
 * add-on's price per lead and its base, in US dollars per month, and the upsell's default lead count.
 */
export const CONVERSION_KIT_PRICE_PER_LEAD_USD = 0.25;
export const CONVERSION_KIT_BASE_PRICE_USD = 25;
export const CONVERSION_KIT_DEFAULT_LEADS = 300;
/** ours: the upsell's lead count is 1..this many leads a month. */
export const CONVERSION_KIT_MAX_LEADS = 1_000_000;

/**
 * spec 000 §2, §9: the home page's 'View all' link of the 'Starred' and 'Recently viewed' rows is hidden while a row
 * has no more items than it shows at the screen's width: 1 (phones) to 5 (wide screens). Ours: the widths (px, the
 * Mantine breakpoints xs 576, sm 768, md 992, lg 1200) at which a row shows 2, 3, 4 and 5 cards.
 */
export const HOME_ROW_ITEMS_BY_MIN_WIDTH: readonly (readonly [minWidthPx: number, items: number])[] = [
  [1200, 5],
  [992, 4],
  [768, 3],
  [576, 2],
  [0, 1],
];
/** spec 000 §2, §9: the grid view shows at most this many columns (3 below the `lg` width, 4 from it). */
export const HOME_GRID_COLUMNS_MAX = 4;
export const HOME_GRID_COLUMNS_NARROW = 3;
/** ours: flows per page of `GET /admin/flows` (its `limit`: default and most). */
export const FLOWS_PAGE_SIZE_DEFAULT = 50;
export const FLOWS_PAGE_SIZE_MAX = 500;
/** ours: most flows shown in the home page's 'Starred' and 'Recently viewed' rows. */
export const HOME_ROW_FETCH = 12;

/** ours: the longest theme name (spec 001 §3 "Theme"; 'AI Theme (12)' and the like). */
export const THEME_NAME_MAX_LENGTH = 100;
/** ours: most custom themes an organization keeps (its 'Make your own' and AI themes). */
export const THEMES_PER_ORGANIZATION_MAX = 500;
/** ours: the largest logo or background image a theme takes, in bytes (5 MB). */
export const THEME_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * ours: the longest `imageUrl` `POST /admin/themes/generate` takes, in characters: a `data:` URL of the picked image,
 * which the web app first scales down to {@link THEME_GENERATE_IMAGE_EDGE_PX} on its longer edge (~0.1 MB); below the
 * services' 1 MiB request body limit.
 */
export const THEME_GENERATE_IMAGE_URL_MAX_LENGTH = 1_000_000;
/** ours: the longer edge, in CSS px, the web app scales a picked image to before sending it to be read for a theme. */
export const THEME_GENERATE_IMAGE_EDGE_PX = 256;
/** spec 001 §9: after an AI theme is created, the dialog waits this long (ms) before handing it over. */
export const AI_THEME_HANDOVER_WAIT_MS = 750;
/** spec 001 §9: the 'Generating theme' dots advance this often (ms). */
export const LOADING_DOTS_INTERVAL_MS = 600;

/** ours: the longest template name (spec 000 §3 "Cloneable template" `name`). */
export const TEMPLATE_NAME_MAX_LENGTH = 100;
/** ours: the longest template description, in characters. */
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 300;
/** ours: most cloneable templates an organization publishes (spec 000 §3 "Cloneable template"). */
export const TEMPLATES_PER_ORGANIZATION_MAX = 200;
/** ours: the longest template slug (`GET /admin/cloneableTemplates/all?slug=`). */
export const TEMPLATE_SLUG_MAX_LENGTH = 120;
/**
 * ours: view and clone counts (`POST /public/flows/templates/viewcount|clonecount/{id}`) a client address may add per
 * template within {@link PUBLIC_SUBMISSIONS_WINDOW_MS}: counts are signals, not a vote anyone can stuff.
 */
export const TEMPLATE_COUNTS_PER_ADDRESS_MAX = 30;

/** ours: the longest name of a connected account (spec 000 §3 "Service connection" `name`). */
export const SERVICE_NAME_MAX_LENGTH = 100;
/** ours: most connected accounts an organization keeps (spec 000 §3 "Service connection"). */
export const SERVICES_PER_ORGANIZATION_MAX = 500;
/** ours: the longest value of one field of a connection's config (a token, a host, an id). */
export const SERVICE_CONFIG_VALUE_MAX_LENGTH = 4096;
/** ours: how long an action call may run without an answer before a call with its idempotency key runs it again (ms). */
export const SERVICE_ACTION_LEASE_MS = 60_000;
/** ours: how long an OAuth authorization request may take, from 'Connect with …' to the provider's callback (ms). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** ours: an OAuth access token that expires within this long is refreshed before it is used (ms). */
export const OAUTH_REFRESH_MARGIN_MS = 5 * 60_000;
