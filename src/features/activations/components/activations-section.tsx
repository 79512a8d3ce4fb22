/**
 * Activations (spec §3, §6-§7): the club's branded on-site campaigns (fan zones, open days). Lists them (read with
 * the organization key) with their window, points and badges; each card opens the activation's page
 * (`./activation-page.tsx`), where a signed-in member collects the badges inside the window.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import type { Activation } from '../../../contracts/activation';
import { useNow } from '../../../platform/use-now';
import { ListSkeleton, QueryList } from '../../../components/content-ui';
import { Section } from '../../../components/section';
import { useActivations } from '../api/get-activations';
import { activationWindow, ActivationRewards, ActivationWindowText } from './activation-details';

/** One activation's card: what and when; its title opens the activation's page, where a member collects. */
function ActivationCard({ activation }: { activation: Activation }) {
  const { t } = useTranslation('activations');
  const state = activationWindow(activation, useNow(60_000));
  const image = mediaUrl(activation.mediaId);
  return (
    <article className="card">
      {image ? (
        <img
          className="card__media"
          src={image}
          alt=""
          loading="lazy"
          width={400}
          height={200}
          style={{ aspectRatio: '2 / 1', objectFit: 'cover' }}
        />
      ) : null}
      <div className="card__body">
        <h3 className="card__title">
          <Link to="/activations/$id" params={{ id: activation.slug }}>
            {activation.title}
          </Link>
        </h3>
        <p className="card__meta">{activation.description}</p>
        <ActivationWindowText activation={activation} className="ct-row__meta" />
        <ActivationRewards activation={activation} />
        <p className="muted">{t(`state.${state}`)}</p>
      </div>
    </article>
  );
}

/** Renders the activations section with its heading, loading, error and empty states. */
export function ActivationsSection() {
  const { t } = useTranslation('activations');
  const query = useActivations();
  return (
    <Section id="activations-title" title={t('title')} className="stack">
      <p className="muted">{t('intro')}</p>
      <QueryList
        query={query}
        items={query.data}
        empty={<p className="muted">{t('empty')}</p>}
        skeleton={<ListSkeleton rows={2} />}
        itemKey={(a) => a.id}
      >
        {(a) => <ActivationCard activation={a} />}
      </QueryList>
    </Section>
  );
}
