import { describe, expect, it } from 'vitest';
import type { Consent } from '../../src/contracts/consent';
import { ConsentUpdateSchema } from '../../src/contracts/consent';
import { applyConsentChange, toConsentUpdate } from '../../src/features/consent/consent-rules';

const consent = (id: string, value: 0 | 1): Consent => ({
  id,
  consentId: `db-${id}`,
  name: id,
  description: '',
  value,
  enabled: value === 1,
  updatedAt: null,
});

describe('consents (spec §3: value 0/1 exposed as enabled; §7 PATCH body {consentId, value, data})', () => {
  it('switching on sends value 1 with the consent id and the source, a body the API accepts', () => {
    const body = toConsentUpdate(consent('marketing-emails', 0), true);
    expect(body).toEqual({ consentId: 'db-marketing-emails', value: 1, data: { source: 'profile' } });
    expect(ConsentUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('switching off sends value 0', () => {
    expect(toConsentUpdate(consent('analytics', 1), false).value).toBe(0);
  });

  it('the optimistic update changes only that consent, value and enabled together', () => {
    const list = [consent('a', 0), consent('b', 1)];
    const next = applyConsentChange(list, 'a', true);
    expect(next[0]).toMatchObject({ id: 'a', value: 1, enabled: true });
    expect(next[1]).toBe(list[1]);
    expect(applyConsentChange(next, 'b', false)[1]).toMatchObject({ value: 0, enabled: false });
  });
});
