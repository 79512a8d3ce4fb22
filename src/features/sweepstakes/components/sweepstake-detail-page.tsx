/**
 * `/sweepstakes/{sweepstake}` (spec §2-§3, §8; ARCHITECTURE §4-§5): details, countdown, the member's entries, a
 * count stepper with the total cost, and the enter button. Entering is online only and spends points; every
 * reason it is unavailable is explained next to the disabled button (signed out, underage, not live, offline,
 * limit reached, not enough points). Once ended, the draw panel (winners, "You won" and the claim); the official
 * rules below. Errors: InsufficientPoints -> destructive toast with the balance; 403
 * Underage -> explanation; other refusals -> destructive toast.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, InsufficientPointsError } from '../../../api/errors';
import { mediaUrl } from '../../../api/media';
import { Button } from '../../../components/button';
import { Page } from '../../../components/page';
import type { Sweepstake } from '../../../contracts/sweepstake';
import { useIsOnline } from '../../../offline/use-offline-status';
import { notify } from '../../../platform/toasts';
import { BackLink, ItemPageFallback, FactList } from '../../../components/content-ui';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useIsUnderage } from '../../../lib/session/underage';
import { useSweepstake } from '../api/get-sweepstake';
import { insufficientPointsDetails, useEnterSweepstake } from '../api/enter-sweepstake';
import { clampCount, entryCost, getEntryBlock, maxEntriesFor, remainingEntries, type EntryBlock } from '../../../rules/sweepstake-entry';
import { effectiveStatus } from '../../../rules/sweepstake-status';
import { useNow } from '../../../platform/use-now';
import { Countdown } from './countdown';
import { DrawProof, SweepstakeDrawPanel } from './sweepstake-draw-panel';
import './sweepstakes.css';

/** Renders the page for sweepstake `sweepstakeId`. */
export function SweepstakeDetailPage({ sweepstakeId }: { sweepstakeId: string }) {
  const { t } = useTranslation('sweepstakes');
  const query = useSweepstake(sweepstakeId);
  if (query.data) return <SweepstakeDetail sweepstake={query.data} />;
  const texts = { notFoundTitle: t('detail.notFoundTitle'), notFoundText: t('detail.notFoundText'), errorTitle: t('list.title') };
  return <ItemPageFallback query={query} texts={texts} back={{ to: '/sweepstakes', label: t('detail.back') }} />;
}

function SweepstakeDetail({ sweepstake }: { sweepstake: Sweepstake }) {
  const { t, i18n } = useTranslation('sweepstakes');
  const { data: user } = useCurrentUser();
  const online = useIsOnline();
  const now = useNow(1000);
  const status = effectiveStatus(sweepstake, now);
  const underage = useIsUnderage();
  const [count, setCount] = useState(1);
  const [underageRefused, setUnderageRefused] = useState(false);
  const entry = useEnterSweepstake();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  const block: EntryBlock | null = underageRefused
    ? 'underage'
    : getEntryBlock(sweepstake, { user: user ? { points: user.points, underage } : null, online, now });
  const max = user ? maxEntriesFor(sweepstake, user.points) : 0;
  const value = clampCount(count, max);
  const total = entryCost(sweepstake, value);
  const image = mediaUrl(sweepstake.mediaId);
  const remaining = remainingEntries(sweepstake);

  // Not enough points (by the cached balance) is a hint, not a lock: the server holds the real balance and answers
  // InsufficientPoints with it, shown as a destructive toast (spec §8).
  const locked = block !== null && block !== 'insufficient-points';

  const onEnter = () => {
    if (!user || locked) return;
    entry.enter(sweepstake.sweepstakeId, value, {
      onSuccess: (result) => {
        setCount(1);
        notify({
          title: t('entry.successTitle', { count: result.count }),
          description: t('entry.successText', { count: result.pointsSpent, balance: result.points }),
        });
      },
      onError: (error) => {
        if (error instanceof InsufficientPointsError) {
          const details = insufficientPointsDetails(error.details);
          notify({
            variant: 'destructive',
            title: t('entry.insufficientTitle'),
            description: t('entry.insufficientText', { balance: details.balance ?? user.points, required: details.required ?? total }),
          });
        } else if (error instanceof ApiError && error.status === 403) {
          setUnderageRefused(true);
          notify({ variant: 'destructive', title: t('entry.underageTitle'), description: t('block.underage') });
        } else if (error instanceof ApiError && error.code === 'NotLive') {
          notify({ variant: 'destructive', title: t('entry.failedTitle'), description: t('entry.notLive') });
        } else if (error instanceof ApiError && error.code === 'EntryLimitReached') {
          notify({ variant: 'destructive', title: t('entry.failedTitle'), description: t('block.limit-reached') });
        } else {
          notify({ variant: 'destructive', title: t('entry.failedTitle'), description: t('entry.failedText') });
        }
      },
    });
  };

  return (
    <Page title={sweepstake.title}>
      <div className="stack stack--lg">
        <BackLink to="/sweepstakes" label={t('detail.back')} />
        {image ? <img className="sweepstake-detail__media" src={image} alt="" width={640} height={320} /> : null}
        <div className="ct-badges">
          <span className={status === 'live' ? 'pill pill--success' : status === 'coming_soon' ? 'pill pill--brand' : 'pill pill--muted'}>
            {t(`status.${status}`)}
          </span>
          <span className="pill pill--warning">{t('card.cost', { count: sweepstake.entryCost })}</span>
        </div>
        <div className="stack stack--sm">
          <p className="eyebrow">{t('detail.prize')}</p>
          <p className="entry-total">{sweepstake.prize}</p>
          <p>{sweepstake.description}</p>
        </div>

        {status === 'live' ? <Countdown target={sweepstake.endsAt} caption={t('detail.endsIn')} /> : null}
        {status === 'coming_soon' ? <Countdown target={sweepstake.startsAt} caption={t('detail.startsIn')} /> : null}
        {status === 'ended' ? (
          <p className="muted">{t('detail.endedOn', { date: dateFormat.format(new Date(sweepstake.endsAt)) })}</p>
        ) : null}

        <FactList
          className="ct-dl card"
          style={{ padding: 'var(--space-4)' }}
          facts={[
            { label: t('detail.yourEntries'), value: sweepstake.userEntryCount },
            { label: t('detail.totalEntries'), value: sweepstake.totalEntries },
            { label: t('detail.opens'), value: dateFormat.format(new Date(sweepstake.startsAt)) },
            { label: t('detail.closes'), value: dateFormat.format(new Date(sweepstake.endsAt)) },
            sweepstake.maxEntriesPerUser !== null
              ? { label: t('detail.limit'), value: t('detail.limitValue', { count: remaining, limit: sweepstake.maxEntriesPerUser }) }
              : null,
            user ? { label: t('detail.yourBalance'), value: t('points', { count: user.points }) } : null,
          ]}
        />

        {status !== 'ended' ? (
          <section className="card entry-panel" aria-labelledby="entry-title">
            <h2 id="entry-title" className="section__title">
              {t('entry.title')}
            </h2>
            {user && !underage && status === 'live' ? (
              <>
                <div className="row row--between">
                  <span id="entry-count-label">{t('entry.count')}</span>
                  <div className="stepper" role="group" aria-labelledby="entry-count-label">
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={t('entry.decrease')}
                      disabled={value <= 1 || locked}
                      onClick={() => setCount(value - 1)}
                    >
                      −
                    </button>
                    <input
                      className="input"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={Math.max(1, max)}
                      value={value}
                      aria-labelledby="entry-count-label"
                      disabled={locked}
                      onChange={(e) => setCount(Number(e.target.value))}
                    />
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={t('entry.increase')}
                      disabled={value >= max || locked}
                      onClick={() => setCount(value + 1)}
                    >
                      +
                    </button>
                  </div>
                </div>
                <p className="entry-total" aria-live="polite">
                  {t('entry.total', { count: total })}
                  {user ? (
                    <span className="muted" style={{ fontWeight: 400, fontSize: 'var(--text-sm)' }}>
                      {' '}
                      · {t('entry.after', { count: Math.max(0, user.points - total) })}
                    </span>
                  ) : null}
                </p>
              </>
            ) : null}
            {block ? (
              <p className="muted" id="entry-block" role={block === 'offline' || block === 'underage' ? 'status' : undefined}>
                {t(`block.${block}`, { count: sweepstake.entryCost })}
              </p>
            ) : null}
            <Button
              variant="primary"
              size="lg"
              block
              busy={entry.isPending}
              disabled={locked}
              aria-describedby={block ? 'entry-block' : undefined}
              onClick={onEnter}
            >
              {t('entry.button', { count: value, points: total })}
            </Button>
          </section>
        ) : (
          <SweepstakeDrawPanel sweepstake={sweepstake} now={now} />
        )}
        <DrawProof sweepstake={sweepstake} />

        {sweepstake.rulesHtml ? (
          <section className="stack stack--sm" aria-labelledby="rules-title">
            <h2 id="rules-title" className="section__title">
              {t('detail.rules')}
            </h2>
            {/* Safe HTML: the server renders the operators' Markdown through an allow-list (server/lib/markdown.ts). */}
            <div className="sweepstake-rules" dangerouslySetInnerHTML={{ __html: sweepstake.rulesHtml }} />
          </section>
        ) : null}
      </div>
    </Page>
  );
}
