/**
 * Turns off zod's compiled (`new Function`) parsers in the browser, imported first by `main.tsx`. The page's
 * Content-Security-Policy has no `unsafe-eval` (decision 0042), and zod probes for eval with a caught
 * `new Function('')`, which the browser still reports as a CSP violation. Parsing stays correct, only uncompiled.
 * zod 4 keeps its global configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod, read when
 * a schema first parses), so setting it there needs no zod code on the first screen; the unit
 * test `zod-jitless.test.ts` checks zod reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutated in place: a zod already loaded holds this very object.
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
