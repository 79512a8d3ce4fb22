import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/console.json';
import { FIELD_ORDER, fieldLabel, inFormOrder } from '../../src/features/console/form/field-labels';
import { RESOURCES } from '../../src/features/console/resources';

const i18n = createInstance();
await i18n.init({ lng: 'en', ns: ['console'], defaultNS: 'console', resources: { en: { console: en } } });
const t = i18n.t.bind(i18n);

/** A path's name as the console shows it (the composition `useFieldName` makes of `fieldLabel`). */
function name(path: string): string {
  const label = fieldLabel(path);
  const base = label.row
    ? t('labels.rowField', { row: t(label.row.key, { n: label.row.n }), field: t(label.row.field) })
    : t(label.key, label.values);
  return label.french ? t('form.inFrench', { field: base }) : base;
}

describe('console field labels', () => {
  it('name the fields of lists humanly, never by their path', () => {
    expect(name('options.0.text')).toBe('Option 1');
    expect(name('options.2.points')).toBe('Points of option 3');
    expect(name('translations.fr.options.1')).toBe('Option 2 (French)');
    expect(name('questions.1.options.0')).toBe('Question 2, answer 1');
    expect(name('questions.0.text')).toBe('Question 1');
    expect(name('badges.0.name')).toBe('Badge 1: Name');
    expect(name('badges.0.translations.fr.name')).toBe('Badge 1: Name (French)');
    expect(name('chapters.2.caption')).toBe('Caption of chapter 3');
    expect(name('translations.fr.title')).toBe('Title (French)');
  });

  it('every field of every resource has a label of its own', () => {
    for (const resource of RESOURCES) {
      for (const field of resource.fields)
        expect(t(`fields.${field.name}`), `${resource.path}.${field.name}`).not.toBe(`fields.${field.name}`);
    }
    expect(name('key')).toBe('Reference for import and export (optional)');
    expect(name('sortOrder')).toBe('Position in lists (lower comes first)');
  });

  it('every form shares one field order, publishing last', () => {
    for (const resource of RESOURCES) {
      const known = resource.fields.map((f) => FIELD_ORDER.indexOf(f.name)).filter((at) => at >= 0);
      expect(known, resource.path).toEqual([...known].sort((a, b) => a - b));
    }
    const sweepstake = RESOURCES.find((r) => r.path === 'sweepstakes')!.fields.map((f) => f.name);
    expect(sweepstake.slice(0, 2)).toEqual(['title', 'description']);
    expect(sweepstake.slice(-3)).toEqual(['sortOrder', 'draft', 'key']);
    expect(
      inFormOrder([
        { name: 'draft', kind: 'checkbox' },
        { name: 'unknown', kind: 'text' },
        { name: 'title', kind: 'text' },
      ]).map((f) => f.name),
    ).toEqual(['title', 'draft', 'unknown']);
  });
});
