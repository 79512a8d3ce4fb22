/**
 * `/admin/organization`: the organization's settings (`GET/PATCH /api/admin/organization`): name and short name
 * (English and French), logo, brand colour, time zone, default language, internal e-mail domains and the daily
 * check-in ladder (the points of day 1, 2, ... of a streak; days are numbered by position, as the contract requires)
 * and the days after which points expire (empty = never; decision 0091).
 * Ranks, consents and other lists have their own pages. A save refreshes what the fan app shows (brand, name).
 */
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/spinner';
import { organizationSettingsQueryOptions, useSaveOrganization, type AdminItem } from '../api/admin-api';
import { bodyOf, frenchPath, itemValues, type FieldSpec } from '../form/fields';
import { useConsoleForm } from '../form/use-console-form';
import { ConsoleHeading, ErrorSummary, useFieldName } from './console-ui';
import { useFieldControls } from './form-controls';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useConsoleText } from './use-console-text';

/** Every IANA zone the browser knows (the list offered for the organization's time zone). */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) || !current ? zones : [current, ...zones];
}

/** Renders the settings form once they are loaded. */
export function OrganizationPage() {
  const { t } = useConsoleText();
  const query = useQuery(organizationSettingsQueryOptions());
  if (query.isPending) return <Spinner label={t('list.loading')} />;
  if (query.isError) return <p role="alert">{t('form.loadFailed')}</p>;
  return <OrganizationForm item={query.data} />;
}

function OrganizationForm({ item }: { item: AdminItem }) {
  const { t, message } = useConsoleText();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldName = useFieldName();
  const save = useSaveOrganization();
  const fields: FieldSpec[] = [
    { name: 'name', kind: 'text', translatable: true, required: true },
    { name: 'shortName', kind: 'text', translatable: true, nullable: true },
    { name: 'logoMediaId', kind: 'media', nullable: true },
    { name: 'brandColor', kind: 'color' },
    { name: 'timeZone', kind: 'select', choices: timeZones(String(item.timeZone ?? '')), required: true },
    { name: 'defaultLanguage', kind: 'select', choices: ['en', 'fr'], labelled: true, required: true },
    { name: 'internalEmailDomains', kind: 'list' },
    {
      name: 'checkinRewards',
      kind: 'rows',
      rowLabel: 'checkinDay',
      rowPosition: 'day',
      rowFields: [{ name: 'points', kind: 'number', required: true }],
    },
    { name: 'pointsExpireAfterDays', kind: 'number', nullable: true },
    // Referral rewards (decision 0092): points for each side, and the referrer's rewarded referrals per month.
    { name: 'referralPoints', kind: 'number', required: true },
    { name: 'referralMonthlyLimit', kind: 'number', required: true },
  ];
  const form = useConsoleForm({
    initial: itemValues(item),
    resetKey: String(item.updatedAt ?? item.version ?? ''),
    build: (values) => bodyOf(fields, values),
    save: (body) => save.mutateAsync(body),
    onSaved: () => headingRef.current?.focus(),
    texts: { saved: t('form.saved', { name: t('nav.organization') }), failed: t('form.failed'), invalid: t('form.invalid'), message },
  });
  const { control, pair } = useFieldControls(form);
  return (
    <div className="console-page">
      <ConsoleHeading headingRef={headingRef} title={t('nav.organization')} />
      <form className="console-form" onSubmit={(e) => void form.submit(e)} noValidate>
        <ErrorSummary errors={form.errors} fieldName={fieldName} />
        {fields.map((field) =>
          field.translatable
            ? pair(field, field.name, frenchPath(field.name), t(`fields.${field.name}`))
            : control(field, field.name, t(`fields.${field.name}`)),
        )}
        <div className="console-form__actions">
          <button type="submit" className="btn btn--primary" disabled={form.saving} aria-busy={form.saving || undefined}>
            {t('form.save')}
          </button>
        </div>
        <UnsavedChangesGuard isDirty={form.isDirty} />
      </form>
    </div>
  );
}
