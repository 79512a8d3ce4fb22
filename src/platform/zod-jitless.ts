/**
 * Turns off zod's compiled (`new Function`) parsers in the browser, imported first by `main.tsx`. The page's
 * Content-Security-Policy has no `unsafe-eval` (decision 0042), and zod probes for eval with a caught
 * `new Function('')`, which the browser still reports as a CSP violation. Parsing stays correct, only uncompiled.
 * Imports zod's core config alone, not the schemas, so the first screen stays free of zod (decision 0006).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
