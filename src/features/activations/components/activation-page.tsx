/**
 * `/activations/{id}` (spec §3 Activation, §7 `GET /activations/{id}`: data is a list, the first item is used):
 * one activation with its window, what it gives (points, each badge with its description) and, for a signed-in
 * member inside the window, "I'm here — collect" (`POST /activations/activate-user`, online only). The answer is
 * a toast with one id per activation, so a second tap updates it in place (spec §4 "updated by id").
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { mediaUrl } from '../../../api/media';
import { Button } from '../../../components/button';
import { Page } from '../../../components/page';
import type { Activation } from '../../../contracts/activation';
import { useIsOnline } from '../../../offline/use-offline-status';
import { notify } from '../../../platform/toasts';
import { useNow } from '../../../platform/use-now';
import { BackLink, ItemPageFallback } from '../../../components/content-ui';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useActivateUser } from '../api/activate-user';
import { useActivation } from '../api/get-activation';
import { activationWindow, ActivationRewards, ActivationWindowText } from './activation-details';
import { Section } from '../../../components/section';

/** Renders the page of activation `activationId` (its id or slug). */
export function ActivationPage({ activationId }: { activationId: string }) {
  const { t } = useTranslation('activations');
  const query = useActivation(activationId);
  if (query.data) return <ActivationDetail activation={query.data} />;
  const texts = { notFoundTitle: t('notFoundTitle'), notFoundText: t('notFoundText'), errorTitle: t('title') };
  return <ItemPageFallback query={query} texts={texts} back={{ to: '/contests', label: t('back') }} />;
}

function ActivationDetail({ activation }: { activation: Activation }) {
  const { t } = useTranslation('activations');
  const image = mediaUrl(activation.mediaId);
  return (
    <Page title={activation.title}>
      <div className="stack stack--lg">
        <BackLink to="/contests" label={t('back')} />
        {image ? (
          <img className="card__media" src={image} alt="" width={400} height={200} style={{ aspectRatio: '2 / 1', objectFit: 'cover' }} />
        ) : null}
        {activation.description ? <p>{activation.description}</p> : null}
        <Section id="activation-when" title={t('when')} className="stack stack--sm">
          <ActivationWindowText activation={activation} />
        </Section>
        <Section id="activation-gives" title={t('gives')} className="stack stack--sm">
          <ActivationRewards activation={activation} />
          {activation.badges.length > 0 ? (
            <ul className="bullet-list">
              {activation.badges.map((badge) => (
                <li key={badge.id}>
                  <strong>{badge.name}</strong>
                  {badge.description ? ` — ${badge.description}` : null}
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
        <ActivateControl activation={activation} />
      </div>
    </Page>
  );
}

/** The collect button inside the window (signed-in members, online), or why it is not there. */
function ActivateControl({ activation }: { activation: Activation }) {
  const { t } = useTranslation('activations');
  const { data: user } = useCurrentUser();
  const online = useIsOnline();
  const activate = useActivateUser();
  const state = activationWindow(activation, useNow(1000));
  if (!user) return null;
  if (state !== 'open') return <p className="muted">{state === 'upcoming' ? t('upcoming') : t('closed')}</p>;
  const toastId = `activation-${activation.slug}`;
  const onActivate = () =>
    activate.mutate(activation.slug, {
      onSuccess: (result) =>
        notify({
          id: toastId,
          title: result.created ? t('success', { count: result.pointsAwarded }) : t('already'),
          description: result.badges.length > 0 ? t('badges', { names: result.badges.map((b) => b.name).join(', ') }) : undefined,
        }),
      onError: (error) =>
        notify({
          id: toastId,
          variant: 'destructive',
          title: t('failed'),
          description: error instanceof ApiError && error.code === 'NotLive' ? t('notLive') : t('failedText'),
        }),
    });
  const noteId = `activate-note-${activation.id}`;
  return (
    <div className="stack stack--sm">
      <Button
        variant="primary"
        busy={activate.isPending}
        disabled={!online}
        onClick={onActivate}
        aria-describedby={!online ? noteId : undefined}
      >
        {t('activate')}
      </Button>
      {!online ? (
        <p id={noteId} className="muted">
          {t('offline')}
        </p>
      ) : null}
    </div>
  );
}
