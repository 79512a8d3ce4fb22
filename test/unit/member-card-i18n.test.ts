/**
 * The member card strings (`member-card` for fans, `console-cards` for operators) exist in English and
 * French alike, and every status and refusal of a card check has its text.
 */
import { describe, expect, it } from 'vitest';
import cardEn from '../../locales/en/member-card.json';
import cardFr from '../../locales/fr/member-card.json';
import consoleEn from '../../locales/en/console-cards.json';
import consoleFr from '../../locales/fr/console-cards.json';
import { MemberPassStatusSchema } from '../../src/contracts/member-pass';
import { localeKeys } from './locale-keys';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree): string[] => localeKeys(tree);

describe('member card strings', () => {
  it('English and French have the same keys in both namespaces', () => {
    expect(keys(cardFr as Tree).sort()).toEqual(keys(cardEn as Tree).sort());
    expect(keys(consoleFr as Tree).sort()).toEqual(keys(consoleEn as Tree).sort());
  });

  it('every status and every refusal of a card check has its text', () => {
    for (const tree of [consoleEn, consoleFr]) {
      for (const status of MemberPassStatusSchema.options) {
        expect(tree.status).toHaveProperty(status);
        expect(tree.explain).toHaveProperty(status);
      }
      for (const code of ['NotFound', 'MemberPassInvalid', 'ValidationFailed', 'TooManyRequests', 'other'])
        expect(tree.errors).toHaveProperty(code);
    }
  });
});
