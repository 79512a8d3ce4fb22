/**
 * Unit project setup: waits on a condition (Testing Library's `waitFor`/`findBy*`, Vitest's `expect.poll`) give up
 * after 10 s instead of 1 s. They return as soon as the condition holds, so a passing run is no slower; the longer
 * limit only keeps a loaded machine (CI runs the unit tests beside typecheck, lint and the build) from failing a
 * test whose condition is merely late. Trees left mounted are unmounted at the end of each file.
 */
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library does not unmount on its own. Whatever a test file left mounted is
// unmounted (inside act) once the file is done, before its jsdom is torn down: React work still scheduled then would
// fail on a missing `window`.
afterAll(() => cleanup());
