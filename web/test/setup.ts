/**
 * Runs before each web component test file (jsdom, `jest.config.js` project 'web'):
 * - Testing Library's DOM matchers (`toBeInTheDocument`, `toHaveValue`, …), and `findBy…` queries that wait up
 *   to 15 s (a page loads its route module and its data from the real API first; the machine may be busy);
 * - what Mantine needs and jsdom lacks: `matchMedia`, `ResizeObserver`, `IntersectionObserver` (no layout: nothing is
 *   ever seen, so a list loads its next page by its 'Load more' button), `scrollIntoView`
 *   (Mantine's "Testing with Jest" guide), and `addEventListener(…, { signal })` with Node's AbortSignal; what
 *   ProseMirror (Tiptap) needs: the rectangles of a text range and `elementFromPoint`;
 * - `fetch` to the product started by `global-setup.ts`: the app's same-origin paths (`/auth/me`) go to its URL,
 *   with a cookie jar playing the browser's (the session cookie), emptied before every test so each test starts
 *   signed out. Each test is also its own visitor with a client address of its own: the product runs behind
 *   one trusted proxy hop (`global-setup.ts`), played by this fetch, which names the visitor in
 *   `X-Forwarded-For` — so the limits the product keeps per client address (sign-ups, logins, submissions)
 *   count each test apart, as they would count different browsers.
 */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import makeFetchCookie from 'fetch-cookie';

configure({ asyncUtilTimeout: 15_000 });

const apiUrl = process.env.FORMLOOM_WEB_TEST_API_URL;
if (!apiUrl) throw new Error('FORMLOOM_WEB_TEST_API_URL is not set: run the web tests through jest.config.js (project "web")');

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver = IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// What ProseMirror (the description's rich text editor, Tiptap) needs and jsdom lacks: the layout of a text range
// and of a point (it scrolls the caret into view). No layout: empty rectangles, no element.
const noRect = { x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) } as DOMRect;
window.Range.prototype.getBoundingClientRect = () => noRect;
window.Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
document.elementFromPoint = () => null;

// jest-fixed-jsdom gives the tests Node's AbortController (react-router's loaders build Node `Request`s with its
// signal), but jsdom's addEventListener accepts only jsdom's AbortSignal in `{ signal }` (Mantine's toasts pass
// one). Emulate the option: listen without it, and remove the listener when the signal aborts.
const addEventListener = window.EventTarget.prototype.addEventListener;
window.EventTarget.prototype.addEventListener = function (
  this: EventTarget,
  type: string,
  listener: EventListenerOrEventListenerObject | null,
  options?: boolean | AddEventListenerOptions,
) {
  if (typeof options !== 'object' || !options.signal) {
    return addEventListener.call(this, type, listener, options);
  }
  const { signal, ...rest } = options;
  if (signal.aborted) return;
  addEventListener.call(this, type, listener, rest);
  signal.addEventListener('abort', () => this.removeEventListener(type, listener, rest), { once: true });
};

/** A documentation address (RFC 5737 TEST-NET-3, 203.0.113.0/24, and TEST-NET-2) no other test is likely to use. */
function visitorAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return Math.random() < 0.5 ? `203.0.113.${byte()}` : `198.51.100.${byte()}`;
}

/** A browser: its own client address and cookie jar. */
function newVisitor() {
  const address = visitorAddress();
  const viaProxy = ((input: string | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', address);
    return nodeFetch(input, { ...init, headers });
  }) as typeof fetch;
  return makeFetchCookie(viaProxy, new makeFetchCookie.toughCookie.CookieJar());
}

const nodeFetch = globalThis.fetch;
let visitor = newVisitor();

beforeEach(() => {
  visitor = newVisitor();
  // Product analytics (`src/lib/analytics.ts`) goes nowhere in tests instead of a console line per event; a test
  // that checks events sets its own sink.
  window.formloomAnalytics = () => undefined;
});

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  return visitor(new URL(url, apiUrl), init);
};
