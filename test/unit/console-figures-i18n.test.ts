/**
 * Every string of the figures dashboard exists in English and French: the two `console-figures` namespaces hold
 * the same keys, and every period and every figure of the contract has its label in both.
 */
import { describe, expect, it } from 'vitest';
import { FIGURE_NAMES, FIGURES_PERIODS } from '../../src/contracts/admin/figures';
import en from '../../locales/en/console-figures.json';
import fr from '../../locales/fr/console-figures.json';

type Tree = { [key: string]: string | Tree };

/** The dotted keys of a namespace. */
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));

describe('figures strings', () => {
  it('English and French have the same keys', () => {
    expect(keys(fr as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it('every period and every figure has its label in both languages', () => {
    for (const tree of [en, fr]) {
      for (const period of FIGURES_PERIODS) expect(tree.period[period], period).toBeTypeOf('string');
      for (const figure of FIGURE_NAMES) expect(tree.figures[figure], figure).toBeTypeOf('string');
    }
  });
});
