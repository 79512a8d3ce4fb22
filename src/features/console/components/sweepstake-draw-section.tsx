/**
 * The draw on a sweepstake's edit page: the published commitment; "Draw winners", enabled once the
 * sweepstake has ended (the button says why it is not); then the revealed seed and the winners in place order with
 * their claim status, a Redraw button on each place whose claim period ran out unclaimed, and "Export winners (CSV)"
 * (written in the browser by papaparse from the list on screen, each cell through `src/rules/csv-cell.ts`, so a
 * username such as `=HYPERLINK(...)` stays text in a spreadsheet). A draw and a redraw ask first in the shared
 * confirmation dialog, the draw's saying how many members and entries take part. Outcomes are
 * announced in a live region; strings are in the `console-draws` namespace.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Papa from 'papaparse';
import { useConfirm } from '../../../components/confirm-dialog';
import { neutraliseCsvCell } from '../../../rules/csv-cell';
import { ApiError } from '../../../api/errors';
import type { AdminSweepstakeDraw, AdminSweepstakeWinner } from '../../../contracts/admin/sweepstake';
import { useNow } from '../../../platform/use-now';
import { notify } from '../../../platform/toasts';
import { sweepstakeDrawQueryOptions, useDrawActions } from '../api/sweepstake-draw';

/** The draw section of sweepstake `id`, which ends at `endsAt` (ISO). */
export function SweepstakeDrawSection({ id, endsAt, title }: { id: string; endsAt: string; title: string }) {
  const { t, i18n } = useTranslation('console-draws');
  const now = useNow(1000);
  const query = useQuery(sweepstakeDrawQueryOptions(id));
  const { draw, redraw } = useDrawActions(id);
  const [announcement, setAnnouncement] = useState('');
  const { confirm, dialog } = useConfirm();
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const ended = now.getTime() >= Date.parse(endsAt);
  const data = query.data;

  const failed = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : '';
    const text = t([`errors.${code}`, 'errors.other']);
    setAnnouncement(text);
    notify({ title: t('failed'), description: text, variant: 'destructive' });
  };
  const runDraw = async (d: AdminSweepstakeDraw) => {
    const ok = await confirm({
      title: t('confirmTitle', { title }),
      body: (
        <>
          <p>
            {d.entrants
              ? `${t('confirmEntrants', { count: d.entrants })} ${t('confirmEntries', { count: d.entries })}`
              : t('confirmNobody')}
          </p>
          <p>{t('confirmOnce')}</p>
        </>
      ),
      confirmLabel: t('confirmDraw'),
      cancelLabel: t('cancel'),
    });
    if (!ok) return;
    draw.mutate(undefined, {
      onSuccess: (result) => {
        const text = t('drawn', { count: result.winners.length });
        setAnnouncement(text);
        notify({ title: text });
      },
      onError: failed,
    });
  };
  const runRedraw = async (winner: AdminSweepstakeWinner) => {
    const ok = await confirm({
      title: t('confirmRedrawTitle', { place: winner.place }),
      body: <p>{t('confirmRedraw', { place: winner.place, name: winnerName(winner) })}</p>,
      confirmLabel: t('confirmRedrawAction'),
      cancelLabel: t('cancel'),
      destructive: true,
    });
    if (!ok) return;
    redraw.mutate(winner.id, {
      onSuccess: (result) => {
        const text = t('redrawn', { place: result.winners.at(-1)?.place ?? winner.place });
        setAnnouncement(text);
        notify({ title: text });
      },
      onError: failed,
    });
  };

  const winnerName = (w: AdminSweepstakeWinner) => w.username ?? w.email ?? t('deletedMember');
  const claimStatus = (w: AdminSweepstakeWinner) =>
    w.replacedAt
      ? t('status.replaced', { date: dateFormat.format(new Date(w.replacedAt)) })
      : w.claimedAt
        ? t('status.claimed', { date: dateFormat.format(new Date(w.claimedAt)) })
        : now.getTime() < Date.parse(w.claimBy)
          ? t('status.waiting', { date: dateFormat.format(new Date(w.claimBy)) })
          : t('status.expired', { date: dateFormat.format(new Date(w.claimBy)) });

  const exportCsv = (d: AdminSweepstakeDraw) => {
    const csv = Papa.unparse({
      fields: ['place', 'username', 'email', 'ticket', 'drawnAt', 'notifiedAt', 'claimBy', 'claimedAt', 'replacedAt'],
      data: d.winners.map((w) =>
        [
          w.place,
          w.username ?? '',
          w.email ?? '',
          w.ticket,
          w.drawnAt,
          w.notifiedAt ?? '',
          w.claimBy,
          w.claimedAt ?? '',
          w.replacedAt ?? '',
        ].map(neutraliseCsvCell),
      ),
    });
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `winners-${
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || id
    }.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="console-fieldset" aria-labelledby="draw-title" aria-busy={query.isPending || undefined}>
      <h2 id="draw-title" className="console-section-title">
        {t('title')}
      </h2>
      <p className="muted">{t('help')}</p>
      {query.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {data ? (
        <dl className="console-draw-proof">
          <dt>{t('commitment')}</dt>
          <dd>
            <code>{data.seedCommitment ?? '—'}</code>
          </dd>
          <dt>{t('seed')}</dt>
          <dd>
            <code>{data.drawSeed ?? t('seedHidden')}</code>
          </dd>
          {data.drawnAt ? (
            <>
              <dt>{t('drawnAt')}</dt>
              <dd>{dateFormat.format(new Date(data.drawnAt))}</dd>
              <dt>{t('tickets')}</dt>
              <dd>{data.tickets}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {data && !data.drawnAt ? (
        <div className="console-form__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!ended || draw.isPending}
            aria-busy={draw.isPending || undefined}
            aria-describedby={ended ? undefined : 'draw-not-ended'}
            onClick={() => void runDraw(data)}
          >
            {t('draw')}
          </button>
          {!ended ? (
            <p className="muted" id="draw-not-ended">
              {t('notEnded', { date: dateFormat.format(new Date(endsAt)) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {data?.drawnAt ? (
        <>
          {data.winners.length ? (
            <div className="console-table-wrap">
              <table className="console-table">
                <caption className="visually-hidden">{t('winnersCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('place')}</th>
                    <th scope="col">{t('member')}</th>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('claim')}</th>
                    <th scope="col">{t('actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.winners.map((w) => (
                    <tr key={w.id}>
                      <td>{w.place}</td>
                      <th scope="row">{winnerName(w)}</th>
                      <td>{w.email ?? '—'}</td>
                      <td>{claimStatus(w)}</td>
                      <td>
                        {w.redrawable ? (
                          <button
                            type="button"
                            className="btn btn--secondary"
                            disabled={redraw.isPending}
                            aria-label={t('redrawPlace', { place: w.place, name: winnerName(w) })}
                            onClick={() => void runRedraw(w)}
                          >
                            {t('redraw')}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('noWinners')}</p>
          )}
          <div className="console-form__actions">
            <button type="button" className="btn btn--secondary" onClick={() => exportCsv(data)} disabled={!data.winners.length}>
              {t('export')}
            </button>
          </div>
        </>
      ) : null}
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      {dialog}
    </section>
  );
}
