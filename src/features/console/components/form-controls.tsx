/**
 * The render helpers every console form uses: `control(field, path, label, lang?)` draws one field bound to the
 * form's value and error at `path`; `pair(field, path, frPath, label)` draws the English and French fields of a
 * translatable text side by side (the French one optional: a missing translation falls back to English for fans).
 * Both read the organization's time zone (date-time fields) and ranks (rank fields).
 */
import type { ReactNode } from 'react';
import type { FieldErrors } from '../form/field-errors';
import { getBy } from '@tanstack/react-form';
import { type FieldSpec } from '../form/fields';
import { LanguagePair } from './console-ui';
import { FieldControl } from './field-control';
import { RowsControl } from './rows-control';
import { useOrganizationContext } from './item-actions';
import { useConsoleText } from './use-console-text';

/** What the helpers need of a form (`useConsoleForm`'s answer). */
type BoundForm = { values: unknown; set: (path: string, value: unknown) => void; errors: FieldErrors };

/**
 * Field render helpers bound to `form`.
 * @returns `{control, pair}`; `pair`'s labels are "<label> in English" / "<label> in French"
 */
export function useFieldControls(form: BoundForm) {
  const { t } = useConsoleText();
  const { timeZone, ranks } = useOrganizationContext();
  const rows = (field: FieldSpec, path: string, label: string): ReactNode => (
    <RowsControl
      key={path}
      field={field}
      path={path}
      label={label}
      value={getBy(form.values, path)}
      onChange={(value) => form.set(path, value)}
      errors={form.errors}
      renderField={(sub, subPath) => {
        const subLabel = t(`fields.${sub.name}`);
        // A row's French text sits in the row's own `translations.fr`.
        const french = subPath.replace(/\.([^.]+)$/, '.translations.fr.$1');
        return sub.translatable ? pair(sub, subPath, french, subLabel) : control(sub, subPath, subLabel);
      }}
    />
  );
  const control = (field: FieldSpec, path: string, label: string, lang?: string): ReactNode =>
    field.kind === 'rows' ? (
      rows(field, path, label)
    ) : (
      <FieldControl
        key={path}
        field={field}
        path={path}
        label={label}
        lang={lang}
        value={getBy(form.values, path)}
        onChange={(value) => form.set(path, value)}
        error={form.errors[path]}
        timeZone={timeZone}
        ranks={ranks}
      />
    );
  const pair = (field: FieldSpec, path: string, frPath: string, label: string): ReactNode => (
    <LanguagePair
      key={path}
      english={control(field, path, t('form.inEnglish', { field: label }))}
      french={control({ ...field, required: false }, frPath, t('form.inFrench', { field: label }), 'fr')}
    />
  );
  return { control, pair };
}
