/**
 * `/admin/members/{id}`: one member for operators (decision 0053). Their profile, rank, balance and suspension; the
 * care actions: adjust their points with a reason, suspend them (with an optional end) or lift the suspension,
 * export their data, erase their account on request (after typing the confirmation word); and their record:
 * ledger, challenge responses, sweepstake entries and wins, badges, consents and sessions (when each opened and
 * expires, never a token); who referred them and whom they referred (decision 0092). Strings are in the `console-members` namespace (en, fr).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiRequest, createIdempotencyKey } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { requestData } from '../../../api/data';
import { useConfirm } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import {
  AdjustmentInputSchema,
  AdminMemberResponseSchema,
  MAX_CARE_REASON,
  MemberActivityResponseSchema,
  SuspensionInputSchema,
  type AdminMember,
} from '../../../contracts/admin/member';
import { MemberReferralsResponseSchema } from '../../../contracts/admin/member-referrals';
import { ACCOUNT_DELETION_CONFIRMATION, DataExportSchema } from '../../../contracts/data-rights';
import { isSuspended } from '../../../rules/suspension';
import { notify } from '../../../platform/toasts';
import { useNow } from '../../../platform/use-now';
import { adminKeys } from '../api/admin-api';
import type { FieldSpec } from '../form/fields';
import { useConsoleForm } from '../form/use-console-form';
import { ConsoleHeading, ErrorSummary } from './console-ui';
import { useFieldControls } from './form-controls';
import { useOrganizationContext } from './item-actions';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useConsoleText } from './use-console-text';

const noPersist = { persist: false } as const;
const amountField: FieldSpec = { name: 'amount', kind: 'number', required: true };
const reasonField: FieldSpec = { name: 'reason', kind: 'text', required: true, maxLength: MAX_CARE_REASON };
const untilField: FieldSpec = { name: 'until', kind: 'datetime', nullable: true };

/** `t` of the `console-members` namespace. */
function useMembersText() {
  return useTranslation('console-members');
}

/** A section of the member page with its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-fieldset" aria-labelledby={id}>
      <h2 id={id} className="console-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table of rows, or the "none" line when there are none. */
function RecordTable<T>({
  caption,
  columns,
  rows,
  cells,
}: {
  caption: string;
  columns: string[];
  rows: T[];
  cells: (row: T) => ReactNode[];
}) {
  const { t } = useMembersText();
  if (rows.length === 0) return <p className="muted">{t('record.none')}</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {cells(row).map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Who referred the member and whom they referred (decision 0092), each a link to that member's page, with when the
 * referral was claimed and rewarded and what this member earned for it.
 */
function MemberReferrals({ id, day }: { id: string; day: (iso: string | null) => string }) {
  const { t } = useMembersText();
  const referrals = useQuery({
    queryKey: [...adminKeys.resource('members'), 'referrals', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`/admin/members/${encodeURIComponent(id)}/referrals`, { schema: MemberReferralsResponseSchema, signal })).data,
    meta: noPersist,
  });
  if (referrals.isPending) return <Spinner label={t('loading')} />;
  if (referrals.isError) return <p role="alert">{t('loadFailed')}</p>;
  const { referredBy, referred } = referrals.data;
  const memberLink = (party: { userId: string; email: string; username: string | null }) => (
    <Link to="/admin/members/$id" params={{ id: party.userId }}>
      {party.username ? `@${party.username}` : party.email}
    </Link>
  );
  const status = (rewardedAt: string | null) => (rewardedAt ? day(rewardedAt) : t('referrals.pending'));
  return (
    <>
      <dl className="console-member__facts">
        <dt>{t('referrals.referredBy')}</dt>
        <dd data-testid="member-referred-by">
          {referredBy ? (
            <>
              {memberLink(referredBy)} ({t('referrals.claimed')} {day(referredBy.claimedAt)},{' '}
              {referredBy.rewardedAt ? `${t('referrals.rewarded')} ${day(referredBy.rewardedAt)}` : t('referrals.pending')})
            </>
          ) : (
            '—'
          )}
        </dd>
      </dl>
      <h3 className="console-member__subtitle">{t('referrals.referred', { count: referred.length })}</h3>
      <RecordTable
        caption={t('referrals.referred', { count: referred.length })}
        columns={[t('referrals.friend'), t('referrals.claimedColumn'), t('referrals.rewardedColumn'), t('record.points')]}
        rows={referred}
        cells={(r) => [memberLink(r), day(r.claimedAt), status(r.rewardedAt), r.referrerPoints === null ? '—' : String(r.referrerPoints)]}
      />
    </>
  );
}

/** Refreshes the members list, the member and their record (all under `['admin', 'members']`) after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.resource('members') });
}

/** The adjustment form's values: the contract's body, with an amount not entered yet as ''. */
type AdjustmentValues = Omit<z.input<typeof AdjustmentInputSchema>, 'amount'> & { amount: number | '' };
const NO_ADJUSTMENT: AdjustmentValues = { amount: '', reason: '' };

/** The suspension form's values: the contract's body, with no end as null (an empty date field). */
type SuspensionValues = Omit<z.input<typeof SuspensionInputSchema>, 'until'> & { until: string | null };
const NO_SUSPENSION: SuspensionValues = { reason: '', until: null };

/**
 * The points adjustment form: a signed amount and the reason the member reads in their history. Sending asks first
 * (who, how many points, the balance before and after, the reason), and the form empties after a grant, so a second
 * click grants nothing (decision 0080).
 */
function AdjustForm({ member }: { member: AdminMember }) {
  const { t, i18n } = useMembersText();
  const { message } = useConsoleText();
  const refresh = useRefresh();
  const { confirm, dialog } = useConfirm();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const who = member.username ? `${member.email} (@${member.username})` : member.email;
  const form = useConsoleForm({
    initial: NO_ADJUSTMENT,
    resetKey: member.id,
    // An amount not entered is left out, so the contract names it.
    build: (values): Partial<z.input<typeof AdjustmentInputSchema>> => ({
      amount: values.amount === '' ? undefined : values.amount,
      reason: values.reason,
    }),
    schema: AdjustmentInputSchema,
    resetOnSave: true,
    confirm: (body) => {
      const amount = Number(body.amount);
      const count = Math.abs(amount);
      return confirm({
        title: t('adjust.confirmTitle'),
        body: (
          <>
            <p>{amount >= 0 ? t('adjust.confirmGive', { count, member: who }) : t('adjust.confirmRemove', { count, member: who })}</p>
            <p>
              {t('adjust.confirmBalance', {
                before: number.format(member.points),
                after: number.format(Math.max(0, member.points + amount)),
              })}
            </p>
            <p>{t('adjust.confirmReason', { reason: String(body.reason) })}</p>
          </>
        ),
        confirmLabel: t('adjust.confirm'),
        cancelLabel: t('adjust.cancel'),
      });
    },
    save: async (body) => {
      try {
        return await requestData('/admin/members/' + encodeURIComponent(member.id) + '/adjustments', {
          method: 'POST',
          body,
          idempotencyKey: createIdempotencyKey(),
        });
      } catch (error) {
        // The balance does not cover the removal: say so beside the amount.
        if (error instanceof ApiError && error.code === 'NegativeBalance') {
          throw new ApiError(422, error.code, error.message, [
            { path: 'amount', message: t('adjust.negative', { points: member.points }) },
          ]);
        }
        throw error;
      }
    },
    onSaved: () => void refresh(),
    texts: { saved: t('adjust.saved'), failed: t('failed'), invalid: t('invalid'), message },
  });
  const { control } = useFieldControls(form);
  const fieldName = (path: string) => t(`fields.${path}`, { defaultValue: path });
  return (
    <form className="console-form" aria-labelledby="member-adjust" onSubmit={(e) => void form.submit(e)} noValidate>
      <h3 id="member-adjust" className="console-member__subtitle">
        {t('adjust.title')}
      </h3>
      <p className="muted">{t('adjust.help')}</p>
      <ErrorSummary errors={form.errors} fieldName={fieldName} />
      {control(amountField, 'amount', t('fields.amount'))}
      {control(reasonField, 'reason', t('fields.reason'))}
      <button type="submit" className="btn btn--primary" disabled={form.saving} aria-busy={form.saving || undefined}>
        {t('adjust.submit')}
      </button>
      {dialog}
      <UnsavedChangesGuard isDirty={form.isDirty} />
    </form>
  );
}

/** Suspends the member (a reason, an optional end) or lifts their suspension. */
function SuspensionForm({ member, suspended }: { member: AdminMember; suspended: boolean }) {
  const { t } = useMembersText();
  const { message } = useConsoleText();
  const refresh = useRefresh();
  const [lifting, setLifting] = useState(false);
  const form = useConsoleForm({
    initial: NO_SUSPENSION,
    resetKey: `${member.id}:${suspended}`,
    build: (values): z.input<typeof SuspensionInputSchema> => ({ reason: values.reason, ...(values.until ? { until: values.until } : {}) }),
    schema: SuspensionInputSchema,
    save: (body) =>
      requestData('/admin/members/' + encodeURIComponent(member.id) + '/suspension', {
        method: 'POST',
        body,
        idempotencyKey: createIdempotencyKey(),
      }),
    onSaved: () => void refresh(),
    texts: { saved: t('suspend.saved'), failed: t('failed'), invalid: t('invalid'), message },
  });
  const { control } = useFieldControls(form);
  const lift = async () => {
    setLifting(true);
    try {
      await requestData('/admin/members/' + encodeURIComponent(member.id) + '/suspension', {
        method: 'DELETE',
        idempotencyKey: createIdempotencyKey(),
      });
      notify({ title: t('suspend.lifted') });
      await refresh();
    } catch {
      notify({ title: t('failed'), variant: 'destructive' });
    } finally {
      setLifting(false);
    }
  };
  if (suspended) {
    return (
      <div className="console-form">
        <h3 className="console-member__subtitle">{t('suspend.title')}</h3>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void lift()}
          disabled={lifting}
          aria-busy={lifting || undefined}
        >
          {t('suspend.lift')}
        </button>
      </div>
    );
  }
  const fieldName = (path: string) => t(`fields.${path}`, { defaultValue: path });
  return (
    <form className="console-form" aria-labelledby="member-suspend" onSubmit={(e) => void form.submit(e)} noValidate>
      <h3 id="member-suspend" className="console-member__subtitle">
        {t('suspend.title')}
      </h3>
      <p className="muted">{t('suspend.help')}</p>
      <ErrorSummary errors={form.errors} fieldName={fieldName} />
      {control(reasonField, 'reason', t('fields.suspensionReason'))}
      {control(untilField, 'until', t('fields.until'))}
      <button type="submit" className="btn btn--destructive" disabled={form.saving} aria-busy={form.saving || undefined}>
        {t('suspend.submit')}
      </button>
      <UnsavedChangesGuard isDirty={form.isDirty} />
    </form>
  );
}

/** The data-request actions: export the member's data, erase the account after typing the confirmation word. */
function DataRequests({ member }: { member: AdminMember }) {
  const { t } = useMembersText();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const exportData = async () => {
    setBusy('export');
    try {
      const data = await apiRequest(`/admin/members/${encodeURIComponent(member.id)}/export`, { schema: DataExportSchema });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `podium-data-${member.id}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      notify({ title: t('data.exported') });
    } catch {
      notify({ title: t('failed'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const erase = async (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== ACCOUNT_DELETION_CONFIRMATION) return;
    setBusy('erase');
    try {
      await apiRequest(`/admin/members/${encodeURIComponent(member.id)}`, {
        method: 'DELETE',
        body: { confirmation: ACCOUNT_DELETION_CONFIRMATION },
        idempotencyKey: createIdempotencyKey(),
      });
      notify({ title: t('data.erased') });
      await refresh();
      void navigate({ to: '/admin/$resource', params: { resource: 'members' } });
    } catch {
      notify({ title: t('failed'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="console-form">
      <h3 className="console-member__subtitle">{t('data.title')}</h3>
      <p className="muted">{t('data.help')}</p>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => void exportData()}
        disabled={busy !== null}
        aria-busy={busy === 'export' || undefined}
      >
        {t('data.export')}
      </button>
      {member.deletedAt ? null : (
        <form onSubmit={(e) => void erase(e)} className="stack" noValidate>
          <div className="field">
            <label className="field__label" htmlFor="member-erase-word">
              {t('data.typeWord', { word: ACCOUNT_DELETION_CONFIRMATION })}
            </label>
            <input
              id="member-erase-word"
              className="input"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
          </div>
          <button
            type="submit"
            className="btn btn--destructive"
            disabled={busy !== null || typed.trim() !== ACCOUNT_DELETION_CONFIRMATION}
            aria-busy={busy === 'erase' || undefined}
          >
            {t('data.erase')}
          </button>
        </form>
      )}
    </div>
  );
}

/** Renders the member page (see the module note). */
export function MemberPage({ id }: { id: string }) {
  const { t, i18n } = useMembersText();
  const { timeZone } = useOrganizationContext();
  const now = useNow();
  const member = useQuery({
    queryKey: adminKeys.item('members', id),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/admin/members/${encodeURIComponent(id)}`, { schema: AdminMemberResponseSchema, signal })).data,
    meta: noPersist,
  });
  const activity = useQuery({
    queryKey: [...adminKeys.resource('members'), 'activity', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`/admin/members/${encodeURIComponent(id)}/activity`, { schema: MemberActivityResponseSchema, signal })).data,
    meta: noPersist,
  });
  const language = i18n.resolvedLanguage ?? 'en';
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const day = (iso: string | null) => (iso ? date.format(new Date(iso)) : '');
  const number = new Intl.NumberFormat(language);
  if (member.isPending) return <Spinner label={t('loading')} />;
  if (member.isError) {
    return (
      <div className="console-page">
        <ConsoleHeading title={t('title')} />
        <p role="alert">{t('loadFailed')}</p>
      </div>
    );
  }
  const m = member.data;
  const suspended = isSuspended({ suspendedAt: m.suspendedAt, suspendedUntil: m.suspendedUntil }, now);
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
  const record = activity.data;
  return (
    <div className="console-page">
      <p>
        <Link to="/admin/$resource" params={{ resource: 'members' }}>
          {t('back')}
        </Link>
      </p>
      <ConsoleHeading title={m.deletedAt ? t('deletedTitle') : m.email} />
      <Section id="member-profile" title={t('profile.title')}>
        {suspended ? (
          <p className="console-member__alert" role="status">
            {m.suspendedUntil ? t('profile.suspendedUntil', { date: day(m.suspendedUntil) }) : t('profile.suspended')}
            {m.suspensionReason ? ` — ${m.suspensionReason}` : ''}
          </p>
        ) : null}
        {m.deletedAt ? <p className="console-member__alert">{t('profile.deleted', { date: day(m.deletedAt) })}</p> : null}
        <dl className="console-member__facts">
          <dt>{t('profile.name')}</dt>
          <dd>{name || '—'}</dd>
          <dt>{t('profile.username')}</dt>
          <dd>{m.username ? `@${m.username}` : '—'}</dd>
          <dt>{t('profile.phone')}</dt>
          <dd>{m.phoneNumber ?? '—'}</dd>
          <dt>{t('profile.zip')}</dt>
          <dd>{m.zipCode ?? '—'}</dd>
          <dt>{t('profile.birthday')}</dt>
          <dd>{m.birthday ?? '—'}</dd>
          <dt>{t('profile.role')}</dt>
          <dd>{t(`profile.roles.${m.role}`)}</dd>
          <dt>{t('profile.rank')}</dt>
          <dd>{m.rank}</dd>
          <dt>{t('profile.balance')}</dt>
          <dd data-testid="member-balance">{number.format(m.points)}</dd>
          <dt>{t('profile.lifetime')}</dt>
          <dd>{number.format(m.lifetimePoints)}</dd>
          <dt>{t('profile.joined')}</dt>
          <dd>{day(m.createdAt)}</dd>
        </dl>
      </Section>
      {m.deletedAt ? null : (
        <Section id="member-care" title={t('care.title')}>
          <AdjustForm member={m} />
          <SuspensionForm key={String(suspended)} member={m} suspended={suspended} />
        </Section>
      )}
      <Section id="member-data" title={t('data.sectionTitle')}>
        <DataRequests member={m} />
      </Section>
      <Section id="member-referrals" title={t('referrals.title')}>
        <MemberReferrals id={id} day={day} />
      </Section>
      {activity.isPending ? (
        <Spinner label={t('loading')} />
      ) : activity.isError || !record ? (
        <p role="alert">{t('loadFailed')}</p>
      ) : (
        <>
          <Section id="member-ledger" title={t('record.ledger')}>
            <RecordTable
              caption={t('record.ledger')}
              columns={[t('record.when'), t('record.reason'), t('record.label'), t('record.amount'), t('record.balanceAfter')]}
              rows={record.transactions}
              cells={(r) => [
                day(r.createdAt),
                t(`reasons.${r.reason}`, { defaultValue: r.reason }),
                r.label ?? '',
                number.format(r.amount),
                number.format(r.balanceAfter),
              ]}
            />
          </Section>
          <Section id="member-responses" title={t('record.responses')}>
            <RecordTable
              caption={t('record.responses')}
              columns={[t('record.challenge'), t('record.answer'), t('record.correct'), t('record.points'), t('record.when')]}
              rows={record.responses}
              cells={(r) => [
                r.challengeTitle,
                r.response ?? (r.responseIndex === null ? '' : String(r.responseIndex + 1)),
                r.correct === null ? '—' : r.correct ? t('record.yes') : t('record.no'),
                number.format(r.pointsAwarded),
                day(r.answeredAt),
              ]}
            />
          </Section>
          <Section id="member-entries" title={t('record.entries')}>
            <RecordTable
              caption={t('record.entries')}
              columns={[t('record.sweepstake'), t('record.count'), t('record.points'), t('record.when')]}
              rows={record.entries}
              cells={(r) => [r.sweepstakeTitle, number.format(r.count), number.format(r.pointsSpent), day(r.createdAt)]}
            />
          </Section>
          <Section id="member-wins" title={t('record.wins')}>
            <RecordTable
              caption={t('record.wins')}
              columns={[t('record.sweepstake'), t('record.place'), t('record.drawn'), t('record.claimed')]}
              rows={record.wins}
              cells={(r) => [
                r.sweepstakeTitle,
                String(r.place),
                day(r.drawnAt),
                r.replacedAt ? t('record.replaced') : r.claimedAt ? day(r.claimedAt) : '—',
              ]}
            />
          </Section>
          <Section id="member-badges" title={t('record.badges')}>
            <RecordTable
              caption={t('record.badges')}
              columns={[t('record.badge'), t('record.when')]}
              rows={record.badges}
              cells={(r) => [r.name, day(r.createdAt)]}
            />
          </Section>
          <Section id="member-consents" title={t('record.consents')}>
            <RecordTable
              caption={t('record.consents')}
              columns={[t('record.consent'), t('record.value'), t('record.when')]}
              rows={record.consents}
              cells={(r) => [r.name, r.value === 1 ? t('record.yes') : t('record.no'), day(r.updatedAt)]}
            />
          </Section>
          <Section id="member-sessions" title={t('record.sessions', { count: record.sessions.length })}>
            <RecordTable
              caption={t('record.sessions', { count: record.sessions.length })}
              columns={[t('record.opened'), t('record.expires')]}
              rows={record.sessions}
              cells={(r) => [day(r.createdAt), day(r.expiresAt)]}
            />
          </Section>
        </>
      )}
    </div>
  );
}
