/** The member card's code rules: steps, their status, the code formats and the derivation. */
import { createHmac } from 'node:crypto';
import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  formatMemberNumber,
  memberPassQrText,
  memberPassShortCode,
  memberPassStep,
  memberPassStepEnd,
  memberPassStepStatus,
  memberPassToken,
  memberPassTotp,
  memberPassTotpStep,
} from '../../../src/rules/member-pass';
import { readMemberPassCode } from '../../../src/contracts/member-pass';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const at = (step: number) => new Date(step * 30_000 + 12_000);

describe('member pass steps', () => {
  it('cuts time into 30-second steps and tells when a step ends', () => {
    expect(memberPassStep(new Date(0))).toBe(0);
    expect(memberPassStep(new Date(29_999))).toBe(0);
    expect(memberPassStep(new Date(30_000))).toBe(1);
    expect(memberPassStepEnd(1).getTime()).toBe(60_000);
  });

  it('a code is current one step either side, expired when older, future when further ahead', () => {
    const now = at(1000);
    expect(memberPassStepStatus(1000, now)).toBe('current');
    expect(memberPassStepStatus(999, now)).toBe('current');
    expect(memberPassStepStatus(1001, now)).toBe('current');
    expect(memberPassStepStatus(998, now)).toBe('expired');
    expect(memberPassStepStatus(1, now)).toBe('expired');
    expect(memberPassStepStatus(1002, now)).toBe('future');
  });
});

describe('member pass codes', () => {
  it('pads the member number to six digits, and keeps longer numbers whole', () => {
    expect(formatMemberNumber(123)).toBe('000123');
    expect(formatMemberNumber(12345678)).toBe('12345678');
  });

  it('the QR token is 128 bits of HMAC-SHA256 of the number and step, keyed by the secret', async () => {
    const key = Buffer.from(Secret.fromBase32(SECRET).buffer);
    const expected = createHmac('sha256', key).update('member-pass:42:1000').digest().subarray(0, 16).toString('base64url');
    expect(await memberPassToken(SECRET, 42, 1000)).toBe(expected);
    expect(await memberPassToken(SECRET, 42, 1001)).not.toBe(expected);
    expect(await memberPassToken(SECRET, 43, 1000)).not.toBe(expected);
  });

  it('the typed code is found among the last 20 steps and the next one, not beyond', () => {
    const now = at(5000);
    for (const step of [5000, 4999, 5001, 4980]) expect(memberPassTotpStep(SECRET, memberPassTotp(SECRET, step), now)).toBe(step);
    expect(memberPassTotpStep(SECRET, memberPassTotp(SECRET, 4979), now)).not.toBe(4979);
    expect(memberPassTotpStep(SECRET, memberPassTotp(SECRET, 5002), now)).not.toBe(5002);
  });

  it('reads the QR text and the typed code back, in the forms people type', async () => {
    const token = await memberPassToken(SECRET, 123, 77);
    expect(readMemberPassCode(memberPassQrText(123, 77, token))).toEqual({ kind: 'qr', memberNumber: 123, step: 77, token });
    const typed = memberPassShortCode(123, '482913');
    expect(typed).toBe('000123-482913');
    for (const text of [typed, ' 000123 482 913 ', '000123482913', '123-482913']) {
      expect(readMemberPassCode(text)).toEqual({ kind: 'typed', memberNumber: 123, code: '482913' });
    }
  });

  it('reads nothing from other text or numbers beyond the column', () => {
    for (const text of [
      '',
      'hello',
      '12345',
      'podium-card:1:2:short',
      'https://club.example/venue?event=x&token=y',
      '99999999999-123456',
    ]) {
      expect(readMemberPassCode(text)).toBeNull();
    }
    expect(readMemberPassCode(`podium-card:2147483648:1:${'A'.repeat(22)}`)).toBeNull();
  });
});
