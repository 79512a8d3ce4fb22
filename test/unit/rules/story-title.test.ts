import { describe, expect, it } from 'vitest';
import { isSaveToHome, isTitleShareable, isTitleVisibleTo, rankCodeOf } from '../../../src/rules/story-title';

describe('rank-coded story titles (spec §4, ARCHITECTURE §5)', () => {
  it('reads the rank code only as a whole word at the start: "P10 …" is P10, not P1', () => {
    expect(rankCodeOf('P10 Welcome pack')).toBe('P10');
    expect(rankCodeOf('P1 Paddock pass')).toBe('P1');
    expect(rankCodeOf('P1: paddock')).toBe('P1');
    expect(rankCodeOf('  P9 Garage tour')).toBe('P9');
    expect(rankCodeOf('P10x launch')).toBeNull();
    expect(rankCodeOf('P11 nothing')).toBeNull();
    expect(rankCodeOf('P0 nothing')).toBeNull();
    expect(rankCodeOf('Race day P1')).toBeNull();
    expect(rankCodeOf('p1 lower case')).toBeNull();
  });

  it('a letter of any script after the code is not a word boundary', () => {
    expect(rankCodeOf('P1é')).toBeNull();
    expect(rankCodeOf('P1ß club')).toBeNull();
    expect(rankCodeOf('P2٣')).toBeNull();
  });

  it('a rank-coded title is visible only to a non-underage member of exactly that rank', () => {
    expect(isTitleVisibleTo('P1 Paddock', { rank: 'P1', underage: false })).toBe(true);
    expect(isTitleVisibleTo('P1 Paddock', { rank: 'P10', underage: false })).toBe(false);
    expect(isTitleVisibleTo('P10 Welcome', { rank: 'P1', underage: false })).toBe(false);
    expect(isTitleVisibleTo('P1 Paddock', { rank: 'P1', underage: true })).toBe(false);
    expect(isTitleVisibleTo('P1 Paddock', null)).toBe(false);
    expect(isTitleVisibleTo('Race day', null)).toBe(true);
  });
});

describe('sharing (spec §4)', () => {
  it('rank-coded stories and "Save to Home" are never shareable', () => {
    expect(isTitleShareable('P9 Garage tour', true)).toBe(false);
    expect(isTitleShareable('Save to Home', true)).toBe(false);
    expect(isTitleShareable('  save to home ', true)).toBe(false);
    expect(isSaveToHome('Save to Home later')).toBe(false);
  });

  it('other stories follow the editorial flag', () => {
    expect(isTitleShareable('Race day live', true)).toBe(true);
    expect(isTitleShareable('Race day live', false)).toBe(false);
  });
});
