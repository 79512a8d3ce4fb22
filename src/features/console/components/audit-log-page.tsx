/**
 * `/admin/audit-log?entity=&actorUserId=&page=`: every change operators made, newest first: when, who, what entity
 * and item (linked to its edit page), the action, and the changed fields with their values before and after
 * (behind a disclosure). Filterable by entity and by operator (the operators seen in the log so far).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { auditLogQueryOptions, PAGE_SIZE, type AuditQuery } from '../api/admin-api';
import { RESOURCES } from '../resources';
import { ConsoleHeading, Pager } from './console-ui';
import { useConsoleText } from './use-console-text';

const ENTITIES = [...RESOURCES.map((r) => r.path), 'organization', 'push-notifications'];

/** Renders the audit log for `search`. */
export function AuditLogPage({ search }: { search: AuditQuery }) {
  const { t, i18n } = useConsoleText();
  const { t: pushText } = useTranslation('console-push');
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(auditLogQueryOptions(search));
  const [entity, setEntity] = useState(search.entity ?? '');
  const [actor, setActor] = useState(search.actorUserId ?? '');
  const [actors, setActors] = useState<Record<string, string>>({});
  const seen = Object.fromEntries((data?.data ?? []).filter((e) => e.actorUserId).map((e) => [e.actorUserId as string, e.actorEmail]));
  if (Object.keys(seen).some((id) => !(id in actors))) setActors({ ...actors, ...seen });
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'medium' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({
      to: '/admin/$resource',
      params: { resource: 'audit-log' },
      search: { entity: entity || undefined, actorUserId: actor || undefined },
    });
  };
  return (
    <div className="console-page">
      <ConsoleHeading title={t('audit.title')} />
      <form role="search" className="console-search" onSubmit={submit} aria-label={t('audit.filter')}>
        <div className="field">
          <label className="field__label" htmlFor="audit-entity">
            {t('audit.entity')}
          </label>
          <select id="audit-entity" className="select input" value={entity} onChange={(e) => setEntity(e.currentTarget.value)}>
            <option value="">{t('audit.anyEntity')}</option>
            {ENTITIES.map((name) => (
              <option key={name} value={name}>
                {name === 'push-notifications' ? pushText('title') : t(`resources.${name}.plural`, { defaultValue: name })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-actor">
            {t('audit.operator')}
          </label>
          <select id="audit-actor" className="select input" value={actor} onChange={(e) => setActor(e.currentTarget.value)}>
            <option value="">{t('audit.anyOperator')}</option>
            {Object.entries(actors).map(([id, email]) => (
              <option key={id} value={id}>
                {email}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary">
          {t('list.apply')}
        </button>
      </form>
      {isPending ? (
        <Spinner label={t('list.loading')} />
      ) : isError ? (
        <p role="alert">{t('list.error')}</p>
      ) : data.data.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <table className="console-table">
          <caption className="visually-hidden">{t('audit.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.operator')}</th>
              <th scope="col">{t('audit.entity')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((entry) => {
              const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
              const known = RESOURCES.some((r) => r.path === entry.entity);
              return (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.createdAt}>{date.format(new Date(entry.createdAt))}</time>
                  </td>
                  <td>{entry.actorEmail}</td>
                  <td>
                    {entry.entity === 'push-notifications'
                      ? pushText('entity')
                      : t(`resources.${entry.entity}.singular`, { defaultValue: entry.entity })}
                    {entry.entityId && known && entry.action !== 'delete' ? (
                      <>
                        {' '}
                        <Link to="/admin/$resource/$id" params={{ resource: entry.entity, id: entry.entityId }}>
                          {t('audit.open')}
                          <span className="visually-hidden"> {entry.entityId}</span>
                        </Link>
                      </>
                    ) : null}
                  </td>
                  <td>{t(`audit.actions.${entry.action}`)}</td>
                  <td>
                    {fields.length ? (
                      <details>
                        <summary>{t('audit.fields', { fields: fields.join(', ') })}</summary>
                        <dl className="console-diff">
                          {fields.map((field) => (
                            <div key={field}>
                              <dt>{field}</dt>
                              <dd>
                                <span className="console-diff__label">{t('audit.before')}</span>{' '}
                                <code>{JSON.stringify(entry.before?.[field] ?? null)}</code>
                              </dd>
                              <dd>
                                <span className="console-diff__label">{t('audit.after')}</span>{' '}
                                <code>{JSON.stringify(entry.after?.[field] ?? null)}</code>
                              </dd>
                            </div>
                          ))}
                        </dl>
                      </details>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {data?.meta ? (
        <Pager
          page={data.meta.page}
          pageSize={data.meta.pageSize || PAGE_SIZE}
          total={data.meta.total}
          link={(to, label, rel) => (
            <Link
              to="/admin/$resource"
              params={{ resource: 'audit-log' }}
              search={{ ...search, page: to > 1 ? to : undefined }}
              className="btn btn--secondary btn--sm"
              rel={rel}
            >
              {label}
            </Link>
          )}
        />
      ) : null}
    </div>
  );
}
