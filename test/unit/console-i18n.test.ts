/**
 * Every string of the operator console exists in English and French: the two `console` namespaces (and the two
 * `console-draws` and `console-members` ones) hold the same keys (plural forms aside), every declared resource, field
 * and labelled choice has its label in both, and so has every audit-log action.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/features/console/resources';
import { AuditEntrySchema } from '../../src/contracts/admin/common';
import en from '../../locales/en/console.json';
import fr from '../../locales/fr/console.json';
import drawsEn from '../../locales/en/console-draws.json';
import drawsFr from '../../locales/fr/console-draws.json';
import membersEn from '../../locales/en/console-members.json';
import membersFr from '../../locales/fr/console-members.json';

type Tree = { [key: string]: string | Tree };

/** The dotted keys of a namespace (plural suffixes folded; `messages` keys are texts, kept whole). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' || prefix + key === 'messages'
      ? [`${prefix}${key}`.replace(/_(one|many|other)$/, '')]
      : keys(value, `${prefix}${key}.`),
  );
}
const at = (tree: Tree, path: string) =>
  path.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

describe('console strings', () => {
  it('English and French have the same keys, and the same validation messages', () => {
    expect([...new Set(keys(fr as Tree))].sort()).toEqual([...new Set(keys(en as Tree))].sort());
    expect(Object.keys(fr.messages).sort()).toEqual(Object.keys(en.messages).sort());
    expect([...new Set(keys(membersFr as Tree))].sort()).toEqual([...new Set(keys(membersEn as Tree))].sort());
  });

  it('every audit-log action has its label in both languages', () => {
    for (const tree of [en, fr] as Tree[]) {
      for (const action of AuditEntrySchema.shape.action.options) expect(at(tree, `audit.actions.${action}`), action).toBeTypeOf('string');
    }
  });

  it('the draw section (`console-draws` namespace) has the same keys in English and French', () => {
    expect([...new Set(keys(drawsFr as Tree))].sort()).toEqual([...new Set(keys(drawsEn as Tree))].sort());
  });

  it('every resource, field and labelled choice has its label in both languages', () => {
    for (const tree of [en, fr] as Tree[]) {
      for (const resource of RESOURCES) {
        for (const key of ['singular', 'plural', 'about'])
          expect(at(tree, `resources.${resource.path}.${key}`), `${resource.path}.${key}`).toBeTypeOf('string');
        for (const field of resource.fields) {
          expect(at(tree, `fields.${field.name}`), `fields.${field.name}`).toBeTypeOf('string');
          if (field.labelled)
            for (const choice of field.choices ?? []) expect(at(tree, `choices.${field.name}.${choice}`)).toBeTypeOf('string');
        }
      }
    }
  });
});
