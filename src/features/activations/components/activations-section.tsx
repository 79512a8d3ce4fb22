/**
 * Activations (spec §3, §6-§7): the club's branded on-site campaigns (fan zones, open days). Lists them (read with
 * the organization key) with their window, points and badges; a signed-in member taps "I'm here" inside the window
 * to collect the badges (`POST /activations/activate-user` -> `data.badges`), once. Online only.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { mediaUrl } from '../../../api/media';
import { Button } from '../../../components/button';
import type { Activation } from '../../../contracts/activation';
import { useIsOnline } from '../../../offline/use-offline-status';
import { notify } from '../../../platform/toasts';
import { ListError, ListSkeleton } from '../../../components/content-ui';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useActivateUser } from '../api/activate-user';
import { useActivations } from '../api/get-activations';

/** Window state of an activation at `now`. Pure. */
export function activationWindow(a: Pick<Activation, 'startsAt' | 'stopsAt'>, now: Date): 'upcoming' | 'open' | 'closed' {
  if (Date.parse(a.startsAt) > now.getTime()) return 'upcoming';
  if (a.stopsAt !== null && Date.parse(a.stopsAt) <= now.getTime()) return 'closed';
  return 'open';
}

function ActivationCard({ activation }: { activation: Activation }) {
  const { t, i18n } = useTranslation('activations');
  const { data: user } = useCurrentUser();
  const online = useIsOnline();
  const activate = useActivateUser();
  const state = activationWindow(activation, new Date());
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const image = mediaUrl(activation.mediaId);
  const onActivate = () =>
    activate.mutate(activation.slug, {
      onSuccess: (result) =>
        notify({
          title: result.created ? t('success', { count: result.pointsAwarded }) : t('already'),
          description: result.badges.length > 0 ? t('badges', { names: result.badges.map((b) => b.name).join(', ') }) : undefined,
        }),
      onError: (error) =>
        notify({
          variant: 'destructive',
          title: t('failed'),
          description: error instanceof ApiError && error.code === 'NotLive' ? t('notLive') : t('failedText'),
        }),
    });
  return (
    <article className="card">
      {image ? <img className="card__media" src={image} alt="" loading="lazy" width={400} height={200} style={{ aspectRatio: '2 / 1', objectFit: 'cover' }} /> : null}
      <div className="card__body">
        <h3 className="card__title">{activation.title}</h3>
        <p className="card__meta">{activation.description}</p>
        <p className="ct-row__meta">
          {activation.stopsAt
            ? t('window', { from: format.format(new Date(activation.startsAt)), to: format.format(new Date(activation.stopsAt)) })
            : t('windowOpenEnded', { from: format.format(new Date(activation.startsAt)) })}
        </p>
        <div className="ct-badges">
          {activation.value > 0 ? <span className="pill pill--warning">{t('points', { count: activation.value })}</span> : null}
          {activation.badges.map((b) => (
            <span key={b.id} className="pill pill--brand" title={b.description}>
              {t('badge', { name: b.name })}
            </span>
          ))}
        </div>
        {user ? (
          state === 'open' ? (
            <>
              <Button variant="primary" busy={activate.isPending} disabled={!online} onClick={onActivate} aria-describedby={!online ? `act-${activation.id}` : undefined}>
                {t('activate')}
              </Button>
              {!online ? <p id={`act-${activation.id}`} className="muted">{t('offline')}</p> : null}
            </>
          ) : (
            <p className="muted">{state === 'upcoming' ? t('upcoming') : t('closed')}</p>
          )
        ) : null}
      </div>
    </article>
  );
}

/** Renders the activations section with its heading, loading, error and empty states. */
export function ActivationsSection() {
  const { t } = useTranslation('activations');
  const query = useActivations();
  return (
    <section className="stack" aria-labelledby="activations-title">
      <h2 id="activations-title" className="section__title">
        {t('title')}
      </h2>
      <p className="muted">{t('intro')}</p>
      {query.data ? (
        query.data.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <ul className="ct-list">
            {query.data.map((a) => (
              <li key={a.id}>
                <ActivationCard activation={a} />
              </li>
            ))}
          </ul>
        )
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()} />
      ) : (
        <ListSkeleton rows={2} />
      )}
    </section>
  );
}
