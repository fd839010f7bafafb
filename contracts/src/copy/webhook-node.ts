/**
 * The workflow `webhook` node (spec 001 §3, §5, §8; `workflows/nodes/webhook.ts`): its URL rules, its key-value
 * rows, its step errors and its panel's test. Texts the spec quotes are verbatim; the others are ours.
 */
export const webhookNode = {
  /** spec 001 §5 "Webhook URL": localhost or another blocked address. */
  publicUrlRequired: 'Please provide a publicly hosted URL (not localhost)',
  /** spec 001 §5 "Webhook URL": a URL that is not valid. */
  invalidUrl: 'Please provide a valid URL',
  /** ours: the setup status line (spec 001 §4 "webhook: needs a URL") while no URL is set. */
  urlRequired: 'Add the URL to send to',
  /** spec 001 §5: a key-value picker with no rows left to add (at WEBHOOK_NODE_MAX_ROWS). */
  noMoreFields: 'No more fields available',
  /** ours: spec 001 §5 "keys may not repeat" — a key used by an earlier row of the same list. */
  keyRepeated: (key: string) => `"${key}" is already used`,
  /** ours: a row with a value but no key. */
  keyRequired: 'Add a name',
  /** ours: a header name that is not an HTTP token (RFC 9110 §5.1). */
  invalidHeaderName: (name: string) => `"${name}" is not a valid header name`,
  /** ours: a header Formloom sets itself (Idempotency-Key, Content-Length, Host …). */
  reservedHeader: (name: string) => `The ${name} header is set by Formloom`,
  /** ours (the brief's words): the step's error when the receiver's final answer is not 2xx. */
  answered: (status: number) => `Webhook answered ${status}`,
  /** ours: the step's error when no answer came (timeout, network) after its attempts, with the guard's reason. */
  failed: (reason: string) => `Webhook failed: ${reason}`,
  /** ours: the step's error when the outbound guard refused the URL at send time (after DNS resolution). */
  refused: (reason: string) => `Webhook refused: ${reason}`,
  /** ours: a complete node's description, e.g. 'POST example.com/hook'. */
  describe: (method: string, target: string) => `${method} ${target}`,
  /** ours: the variable picker's names of the step's output fields (`nodes.<id>.statusCode`, `.body`, `.headers`). */
  outputs: { statusCode: 'Response status', body: 'Response body', headers: 'Response headers' },
  /** spec 001 §8: the body of the warning a failed test shows (its title is the error). */
  testMisconfigured: "Your integration fetch may be misconfigured. Contact support if you can't diagnose the issue.",
  /**
   * spec 001 §8: what the webhook test adds ('Did you provide the right endpoint? ...'); the spec elides the rest,
   * the sentence after the question is ours.
   */
  testEndpointHint: 'Did you provide the right endpoint? Check the URL, the method and that the receiver answers with a 2xx status.',
  /** ours: a successful test's heading. */
  testAnswered: (status: number) => `Answered ${status}`,
  /** ours: too many tests in a short time (NODE_TEST_RATE_LIMIT). */
  testRateLimited: 'Too many tests in a short time. Wait a minute and try again.',
  /** ours: the panel's Done tooltip while a webhook test request is being sent. */
  testSending: 'Sending…',
} as const;
