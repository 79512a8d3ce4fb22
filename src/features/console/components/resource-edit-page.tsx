/**
 * The edit page of a resource declared by fields (`/admin/{resource}/{id}`, `new` for a new item): each field's
 * control, English and French side by side for translatable ones, date-times in the organization's time zone,
 * media with upload and preview; errors inline and summarised at the top; save (create answers 201 and the page
 * moves to the new item) and delete. A page may add a section of its own below the form for a saved item
 * (`renderAfter`: a sweepstake's draw).
 */
import { useRef, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/spinner';
import { adminItemQueryOptions, adminListQueryOptions, useSaveItem, type AdminItem } from '../api/admin-api';
import { bodyOf, frenchPath, initialValues, itemValues } from '../form/fields';
import { useConsoleForm } from '../form/use-console-form';
import type { ResourceSpec } from '../resources';
import { ConsoleHeading, ErrorSummary, StatusBadge, useFieldName } from './console-ui';
import { useFieldControls } from './form-controls';
import { DeleteButton } from './item-actions';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useConsoleText } from './use-console-text';

/** The edit page of item `id` (or `new`) of `resource`, with `renderAfter(item)` below the form of a saved item. */
export function ResourceEditPage({
  resource,
  id,
  renderAfter,
}: {
  resource: ResourceSpec;
  id: string;
  renderAfter?: (item: AdminItem) => ReactNode;
}) {
  const { t } = useConsoleText();
  const creating = id === 'new' && !resource.fixed;
  const idField = resource.idField ?? 'id';
  // A resource listed whole (ranks) has no read of one item: the item comes from the list.
  const one = useQuery({
    ...adminItemQueryOptions<AdminItem>(resource.path, id, resource.itemSchema),
    enabled: !creating && !resource.wholeList,
  });
  const all = useQuery({
    ...adminListQueryOptions<AdminItem>(resource.path, {}, resource.listSchema),
    enabled: !creating && resource.wholeList === true,
  });
  const query = resource.wholeList ? all : one;
  if (!creating && query.isPending) return <Spinner label={t('list.loading')} />;
  const item = creating
    ? null
    : resource.wholeList
      ? (all.data?.data.find((entry) => String(entry[idField]) === id) ?? null)
      : (one.data ?? null);
  if (!creating && (query.isError || !item)) return <p role="alert">{t('form.loadFailed')}</p>;
  return <ResourceForm resource={resource} item={item} after={item && renderAfter ? renderAfter(item) : null} />;
}

function ResourceForm({ resource, item, after }: { resource: ResourceSpec; item: AdminItem | null; after: ReactNode }) {
  const { t, message } = useConsoleText();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldName = useFieldName();
  const save = useSaveItem<AdminItem>(resource.path, resource.itemSchema);
  const singular = t(`resources.${resource.path}.singular`);
  const name = item ? String(item[resource.titleField] ?? '') : '';
  const itemId = item ? String(item[resource.idField ?? 'id']) : undefined;
  const form = useConsoleForm({
    initial: item ? itemValues(item) : initialValues(resource.fields),
    resetKey: item ? `${itemId}:${item.updatedAt ?? ''}` : 'new',
    build: (values) => bodyOf(resource.fields, values),
    schema: resource.schema,
    save: (body) => save.mutateAsync({ id: itemId, body }),
    onSaved: (saved) => {
      if (!item)
        void navigate({
          to: '/admin/$resource/$id',
          params: { resource: resource.path, id: String(saved[resource.idField ?? 'id']) },
          replace: true,
        });
      else headingRef.current?.focus();
    },
    texts: { saved: t('form.saved', { name: singular }), failed: t('form.failed'), invalid: t('form.invalid'), message },
  });

  const { control, pair } = useFieldControls(form);

  return (
    <div className="console-page">
      <ConsoleHeading
        headingRef={headingRef}
        title={
          item ? t('form.editTitle', { resource: singular, name: name || t('list.untitled') }) : t('form.newTitle', { resource: singular })
        }
        actions={item?.status ? <StatusBadge status={item.status} /> : null}
      />
      <form className="console-form" onSubmit={(e) => void form.submit(e)} noValidate>
        <ErrorSummary errors={form.errors} fieldName={fieldName} />
        {resource.fields.some((f) => f.translatable) ? (
          <div className="console-pair console-pair--head" aria-hidden="true">
            <p className="console-pair__cell">{t('form.english')}</p>
            <p className="console-pair__cell">{t('form.french')}</p>
          </div>
        ) : null}
        {resource.fields.map((field) =>
          field.translatable
            ? pair(field, field.name, frenchPath(field.name), fieldName(field.name))
            : control(field, field.name, fieldName(field.name)),
        )}
        <div className="console-form__actions">
          <button type="submit" className="btn btn--primary" disabled={form.saving} aria-busy={form.saving || undefined}>
            {item ? t('form.save') : t('form.create')}
          </button>
          {item && itemId && !resource.fixed ? <DeleteButton path={resource.path} id={itemId} name={name} /> : null}
        </div>
        <UnsavedChangesGuard isDirty={form.isDirty} />
      </form>
      {after}
    </div>
  );
}
