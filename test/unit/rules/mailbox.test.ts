import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../../src/rules/mailbox';

describe('the mailbox behind an e-mail address (decision 0070)', () => {
  it('ignores case and plus-tags: crowd1+a@x is crowd1@x', () => {
    expect(mailboxOf('crowd1+a@example.com')).toBe('crowd1@example.com');
    expect(mailboxOf('Crowd1+B+c@Example.COM')).toBe('crowd1@example.com');
    expect(mailboxOf('  crowd1@example.com ')).toBe('crowd1@example.com');
  });

  it('keeps dots everywhere but at Gmail, where googlemail.com is gmail.com', () => {
    expect(mailboxOf('first.last@example.com')).toBe('first.last@example.com');
    expect(mailboxOf('first.last+promo@gmail.com')).toBe('firstlast@gmail.com');
    expect(mailboxOf('F.i.r.s.t.Last@GoogleMail.com')).toBe('firstlast@gmail.com');
    expect(mailboxOf('first.last@gmail.com.example')).toBe('first.last@gmail.com.example');
  });

  it('leaves what is not a tag alone', () => {
    expect(mailboxOf('+only@example.com')).toBe('+only@example.com');
    expect(mailboxOf('a-b_c@example.com')).toBe('a-b_c@example.com');
    expect(mailboxOf('"x@y"@example.com')).toBe('"x@y"@example.com');
    expect(mailboxOf('no-at-sign')).toBe('no-at-sign');
  });
});
