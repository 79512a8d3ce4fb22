import { describe, expect, it, vi } from 'vitest';
import '../../src/platform/zod-jitless';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('zod-jitless (the page CSP has no unsafe-eval, decision 0042)', () => {
  it('turns zod jitless without importing zod', () => {
    expect(config().jitless).toBe(true);
  });

  it('parses objects without ever building a Function', () => {
    const spy = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ id: z.string(), points: z.number().int() });
    expect(schema.parse({ id: 'a', points: 3 })).toEqual({ id: 'a', points: 3 });
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
