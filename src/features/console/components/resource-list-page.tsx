/**
 * The list page of any console resource (`/admin/{resource}?q=&status=&page=`): a search form (text, and the
 * publishing status for content), the page of items as a table (name, status badge, last change, edit link),
 * "page n of m" with previous/next links, and the "New" button. Media show a thumbnail and have an upload button;
 * members show their role, a link to their page (`/admin/members/{id}`) and a button to grant or revoke the operator
 * role.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../api/data';
import { createIdempotencyKey } from '../../../api/client';
import { mediaUrl } from '../../../api/media';
import { CONTENT_STATUSES, type ContentStatus } from '../../../contracts/admin/common';
import { Spinner } from '../../../components/spinner';
import { notify } from '../../../platform/toasts';
import { adminKeys, adminListQueryOptions, PAGE_SIZE, uploadMedia, type AdminItem, type ListQuery } from '../api/admin-api';
import type { ResourceSpec } from '../resources';
import { ConsoleHeading, Pager, StatusBadge } from './console-ui';
import { RewardStockCell, RewardStockHeader } from './reward-stock';
import { useConsoleText } from './use-console-text';

interface ResourceListPageProps {
  resource: ResourceSpec;
  search: ListQuery;
}

/** The search form; submitting it navigates to the first page of the new query. */
function SearchForm({ resource, search }: ResourceListPageProps) {
  const { t } = useConsoleText();
  const navigate = useNavigate();
  const [q, setQ] = useState(search.q ?? '');
  const [status, setStatus] = useState<string>(search.status ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({
      to: '/admin/$resource',
      params: { resource: resource.path },
      search: { q: q.trim() || undefined, status: (status || undefined) as ContentStatus | undefined },
    });
  };
  return (
    <form
      role="search"
      className="console-search"
      onSubmit={submit}
      aria-label={t('list.searchLabel', { resource: t(`resources.${resource.path}.plural`) })}
    >
      <div className="field">
        <label className="field__label" htmlFor="console-search-q">
          {t('list.search')}
        </label>
        <input id="console-search-q" className="input" type="search" name="q" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      </div>
      {resource.hasStatus ? (
        <div className="field">
          <label className="field__label" htmlFor="console-search-status">
            {t('list.status')}
          </label>
          <select
            id="console-search-status"
            className="select input"
            name="status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
          >
            <option value="">{t('list.anyStatus')}</option>
            {CONTENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn btn--primary">
        {t('list.apply')}
      </button>
    </form>
  );
}

/** The media library's upload button: uploads, then refreshes the list. */
function MediaUpload() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** Uploads the file chosen in `input`, tells the operator how it went, then clears the input for the next one. */
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      await uploadMedia(file);
      notify({ title: t('media.uploaded', { name: file.name }) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource('media') });
    } catch {
      notify({ title: t('media.uploadFailed'), variant: 'destructive' });
    } finally {
      input.value = '';
      setBusy(false);
    }
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor="console-media-upload">
        {t('media.uploadNew')}
      </label>
      <input
        id="console-media-upload"
        type="file"
        className="input"
        accept="image/png,image/jpeg,image/webp,image/gif,application/pdf,video/mp4,video/webm"
        disabled={busy}
        onChange={(event) => void upload(event.currentTarget)}
      />
    </div>
  );
}

/** The grant / revoke button of a member row (`POST /api/admin/members/{id}/role` with `{role}`). */
function RoleButton({ member }: { member: AdminItem }) {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const operator = member.role === 'operator';
  const mutation = useMutation({
    mutationFn: () =>
      requestData<AdminItem>(`/admin/members/${encodeURIComponent(member.id)}/role`, {
        method: 'POST',
        body: { role: operator ? 'member' : 'operator' },
        idempotencyKey: createIdempotencyKey(),
      }),
    onSuccess: async () => {
      notify({ title: operator ? t('members.revoked', { email: member.email }) : t('members.granted', { email: member.email }) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource('members') });
    },
    onError: () => notify({ title: t('form.failed'), variant: 'destructive' }),
  });
  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      aria-busy={mutation.isPending || undefined}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate()}
    >
      {operator ? t('members.revoke', { email: member.email }) : t('members.grant', { email: member.email })}
    </button>
  );
}

/** Renders the list page (see the module note). */
export function ResourceListPage({ resource, search }: ResourceListPageProps) {
  const { t, i18n } = useConsoleText();
  const { data, isPending, isError, isFetching } = useQuery(adminListQueryOptions<AdminItem>(resource.path, search, resource.listSchema));
  const plural = t(`resources.${resource.path}.plural`);
  const members = resource.path === 'members';
  const page = data?.meta?.page ?? search.page ?? 1;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const name = (item: AdminItem) => String(item[resource.titleField] ?? '') || t('list.untitled');
  const idOf = (item: AdminItem) => String(item[resource.idField ?? 'id']);
  return (
    <div className="console-page">
      <ConsoleHeading
        title={plural}
        actions={
          resource.listOnly || resource.fixed || resource.path === 'media' ? null : (
            <Link to="/admin/$resource/$id" params={{ resource: resource.path, id: 'new' }} className="btn btn--primary">
              {t('list.new', { resource: t(`resources.${resource.path}.singular`) })}
            </Link>
          )
        }
      />
      {resource.wholeList ? null : <SearchForm key={`${search.q ?? ''}|${search.status ?? ''}`} resource={resource} search={search} />}
      {resource.path === 'media' ? <MediaUpload /> : null}
      <div className="console-table-wrap" aria-busy={isFetching || undefined}>
        {isPending ? (
          <Spinner label={t('list.loading')} />
        ) : isError ? (
          <p role="alert">{t('list.error')}</p>
        ) : data.data.length === 0 ? (
          <p>{t('list.empty')}</p>
        ) : (
          <table className="console-table">
            <caption className="visually-hidden">{t('list.caption', { resource: plural, page })}</caption>
            <thead>
              <tr>
                {resource.path === 'media' ? <th scope="col">{t('list.preview')}</th> : null}
                <th scope="col">{t('list.name')}</th>
                {resource.hasStatus ? <th scope="col">{t('list.status')}</th> : null}
                {resource.path === 'rewards' ? <RewardStockHeader /> : null}
                {members ? <th scope="col">{t('members.role')}</th> : <th scope="col">{t('list.updated')}</th>}
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((item) => (
                <tr key={idOf(item)}>
                  {resource.path === 'media' ? (
                    <td>
                      {String(item.contentType ?? '').startsWith('image/') ? (
                        <img className="console-thumb" src={mediaUrl(item.id) ?? undefined} alt="" width={64} height={48} loading="lazy" />
                      ) : (
                        <span className="muted">{String(item.contentType ?? '')}</span>
                      )}
                    </td>
                  ) : null}
                  <th scope="row">{name(item)}</th>
                  {resource.hasStatus ? <td>{item.status ? <StatusBadge status={item.status} /> : null}</td> : null}
                  {resource.path === 'rewards' ? <RewardStockCell item={item} /> : null}
                  {members ? (
                    <td>{t(`members.roles.${item.role === 'operator' ? 'operator' : 'member'}`)}</td>
                  ) : (
                    <td>{item.updatedAt ? date.format(new Date(item.updatedAt)) : ''}</td>
                  )}
                  <td>
                    {members ? (
                      <div className="console-row">
                        <Link to="/admin/members/$id" params={{ id: item.id }} className="btn btn--secondary btn--sm">
                          {t('members.open')}
                          <span className="visually-hidden"> {name(item)}</span>
                        </Link>
                        <RoleButton member={item} />
                      </div>
                    ) : (
                      <Link
                        to="/admin/$resource/$id"
                        params={{ resource: resource.path, id: idOf(item) }}
                        className="btn btn--secondary btn--sm"
                      >
                        {t('list.edit')}
                        <span className="visually-hidden"> {name(item)}</span>
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data?.meta ? (
        <Pager
          page={page}
          pageSize={data.meta.pageSize || PAGE_SIZE}
          total={data.meta.total}
          link={(to, label, rel) => (
            <Link
              to="/admin/$resource"
              params={{ resource: resource.path }}
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
