/**
 * Every string of the push notifications page and the fan's push prompt exists in English and French: each pair of
 * namespaces holds the same keys, and every topic of the contract has its label in all four.
 */
import { describe, expect, it } from 'vitest';
import { PUSH_TOPICS } from '../../src/contracts/push';
import consoleEn from '../../locales/en/console-push.json';
import consoleFr from '../../locales/fr/console-push.json';
import fanEn from '../../locales/en/push.json';
import fanFr from '../../locales/fr/push.json';
import { localeKeys } from './locale-keys';

type Tree = { [key: string]: string | Tree };

/** The dotted keys of a namespace. */
const keys = (tree: Tree): string[] => localeKeys(tree);

describe('push strings', () => {
  it('English and French have the same keys', () => {
    expect(keys(consoleFr as Tree).sort()).toEqual(keys(consoleEn as Tree).sort());
    expect(keys(fanFr as Tree).sort()).toEqual(keys(fanEn as Tree).sort());
  });

  it('every topic has its label in both languages', () => {
    for (const tree of [consoleEn, consoleFr, fanEn, fanFr]) {
      for (const topic of PUSH_TOPICS) expect(tree.topics[topic], topic).toBeTypeOf('string');
    }
  });
});
