/**
 * Product analytics: the one way the web app records what users do (spec 000 §2: "Clicking a tab fires a tracking
 * event"). Every feature calls {@link track}; where the events go is the operator's choice, made once:
 *
 * - by default, a log line in the browser console (`[track] <event> {…}`), nothing leaves the page;
 * - an operator who runs PostHog or Segment adds their snippet to the page and a sink next to it, before the app's
 *   script: `window.formloomAnalytics = (event, properties) => posthog.capture(event, properties)` (PostHog) or
 *   `… => analytics.track(event, properties)` (Segment); see web/README.md "Product analytics".
 *
 * Event names are snake_case, `<object>_<verb in the past>` (`new_flow_product_selected`); properties are flat and
 * never hold answers, e-mails or names (what the user typed stays out of analytics).
 */

/** A product-analytics event's properties: flat values only. */
export type TrackProperties = Record<string, string | number | boolean | null>;

/** Where events go: the operator's sink (see the module doc). */
export type AnalyticsSink = (event: string, properties: TrackProperties) => void;

declare global {
  interface Window {
    /** The operator's analytics sink (see `src/lib/analytics.ts`); unset: events are logged to the console. */
    formloomAnalytics?: AnalyticsSink;
  }
}

/** The default sink: one console line per event. */
const logSink: AnalyticsSink = (event, properties) => {
  console.info('[track]', event, properties);
};

/**
 * Records product-analytics event `event` with `properties` through the operator's sink (`window.formloomAnalytics`)
 * or, without one, as a console line. Never throws: a failing sink must not break what the user was doing.
 */
export function track(event: string, properties: TrackProperties = {}): void {
  const sink = (typeof window !== 'undefined' && window.formloomAnalytics) || logSink;
  try {
    sink(event, properties);
  } catch {
    // Analytics is never worth an error in the user's way.
  }
}
