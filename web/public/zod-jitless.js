// Zod without its `new Function` probe: the app's Content-Security-Policy has no 'unsafe-eval'
// (gateway/src/web.ts), and Chromium reports the probe as a violation even though zod catches it. Zod reads
// this global when it loads, so it must run before the app's modules: a classic script in <head>, not a
// module import (code splitting may evaluate zod's chunk before any module of the entry).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
