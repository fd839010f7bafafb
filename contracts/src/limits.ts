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
/** spec 001 §2: node card minimum size (px). */
export const NODE_CARD_MIN_WIDTH_PX = 212;
export const NODE_CARD_MIN_HEIGHT_PX = 62;
/** spec 001 §9: graph layout separations (dagre's ranksep, nodesep, edgesep). */
export const GRAPH_RANK_SEPARATION = 50;
export const GRAPH_NODE_SEPARATION = 50;
export const GRAPH_EDGE_SEPARATION = 20;

/** ours: the maximum number of workflows per flow (the spec's figure is "not shown"). */
export const MAX_WORKFLOWS_PER_FLOW = 50;

/** issue 2: passwords have at least this many characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** ours: passwords longer than this are refused (argon2 input bound). */
export const PASSWORD_MAX_LENGTH = 256;
/** ours: login attempts allowed per IP and per email within {@link LOGIN_RATE_WINDOW_MS}. */
export const LOGIN_RATE_MAX_PER_IP = 30;
export const LOGIN_RATE_MAX_PER_EMAIL = 10;
export const LOGIN_RATE_WINDOW_MS = 60_000;
/** ours: session lifetime (ms, 30 days) and the lifetime of the JWTs the gateway passes upstream (seconds). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 300;

/** issue 2 (Fillout's API): submissions list page size bounds. */
export const SUBMISSIONS_PAGE_MIN = 1;
export const SUBMISSIONS_PAGE_MAX = 150;
export const SUBMISSIONS_PAGE_DEFAULT = 50;
/** issue 2: workflow runs and mail log page size upper bound. */
export const RUNS_PAGE_MAX = 1000;
export const MAIL_PAGE_MAX = 1000;
/** ours: default page size of runs and the mail log. */
export const RUNS_PAGE_DEFAULT = 50;

/** issue 2: StarRating accepts 1..5. */
export const STAR_RATING_MAX = 5;
/** ours: length bounds of answers and names. */
export const SHORT_ANSWER_MAX_LENGTH = 1000;
export const LONG_ANSWER_MAX_LENGTH = 20_000;
export const FLOW_NAME_MAX_LENGTH = 200;
export const WORKSPACE_NAME_MAX_LENGTH = 100;
/** ours: a form has at most this many steps and widgets (bounds the template size). */
export const MAX_STEPS_PER_FLOW = 200;
export const MAX_WIDGETS_PER_STEP = 200;
/** ours: request body limit at the gateway and the services (bytes, 1 MiB). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** ours (RFC 5321 limits): an email answer has at most 320 characters, its local part at most 64. */
export const EMAIL_MAX_LENGTH = 320;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
/** ours (E.164): a phone answer has 7 to 15 digits. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
/** ours: a URL answer has at most this many characters. */
export const URL_MAX_LENGTH = 2048;
