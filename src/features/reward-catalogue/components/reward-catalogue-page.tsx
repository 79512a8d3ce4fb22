/**
 * `/rewards`: the rewards catalogue. Each reward shows its cost, how the member gets it (a code,
 * collected, shipped), how many are left, and why it cannot be redeemed now (`src/rules/reward-eligibility.ts`:
 * not yet open, closed, sold out, limit reached, rank needed, points missing). Readable offline from the persisted
 * cache; redeeming needs a connection, and the page says so instead of queueing it. Redeeming asks for a
 * confirmation (and a shipping address for a shipped reward), then opens "My rewards", where a code is revealed.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, InsufficientPointsError } from '../../../api/errors';
import { mediaUrl } from '../../../api/media';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListSkeleton } from '../../../components/content-ui';
import { EmptyState } from '../../../components/empty-state';
import { ListError, ListStates } from '../../../components/list-states';
import { Page } from '../../../components/page';
import { isUnavailableOffline } from '../../../components/not-available-offline';
import type { Reward } from '../../../contracts/reward';
import { REWARD_ERROR_CODES } from '../../../contracts/reward';
import { useOrganization } from '../../../lib/organization/get-organization';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useIsOnline } from '../../../offline/use-offline-status';
import { notify } from '../../../platform/toasts';
import { useNow } from '../../../platform/use-now';
import { getRewardBlock, pointsMissing, type RewardBlock } from '../../../rules/reward-eligibility';
import { useRedeemReward } from '../api/redeem-reward';
import { useRewards } from '../api/get-rewards';
import './reward-catalogue.css';

/** Renders the page. */
export function RewardCataloguePage() {
  const { t } = useTranslation('reward-catalogue');
  const { data: user } = useCurrentUser();
  const query = useRewards();
  const now = useNow(60_000);
  const online = useIsOnline();
  const [chosen, setChosen] = useState<Reward | null>(null);

  return (
    <Page title={t('title')} aside={user ? <span className="pill pill--warning">{t('balance', { count: user.points })}</span> : undefined}>
      <div className="stack stack--lg">
        <p className="muted">{t('intro')}</p>
        <p>
          <Link to="/rewards/mine" className="btn btn--secondary">
            {t('mine.link')}
          </Link>
        </p>
        {!online ? (
          <p className="card reward-offline" role="status">
            {t('offline')}
          </p>
        ) : null}
        <ListStates
          items={query.data}
          isError={query.isError}
          empty={<EmptyState title={t('emptyTitle')} description={t('emptyText')} />}
          error={<ListError onRetry={() => void query.refetch()} />}
          loading={<ListSkeleton rows={3} />}
          unavailableOffline={isUnavailableOffline({ data: query.data, fetchStatus: query.fetchStatus })}
        >
          {(rewards) => (
            <ul className="plain-list reward-list" aria-label={t('title')}>
              {rewards.map((reward) => (
                <li key={reward.rewardId}>
                  <RewardCard reward={reward} now={now} online={online} onRedeem={() => setChosen(reward)} />
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </div>
      {chosen ? <RedeemDialog reward={chosen} onClose={() => setChosen(null)} /> : null}
    </Page>
  );
}

/** One reward: picture, texts, facts, the reason it cannot be redeemed, and the redeem button. */
function RewardCard({ reward, now, online, onRedeem }: { reward: Reward; now: Date; online: boolean; onRedeem: () => void }) {
  const { t, i18n } = useTranslation('reward-catalogue');
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  const image = mediaUrl(reward.mediaId);
  const block: RewardBlock | null = user ? getRewardBlock(reward, { points: user.points, rank: user.rank }, now) : null;
  const rank = organization?.ranks.find((r) => r.name === reward.minRankCode);
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const blockText = (b: RewardBlock) =>
    t(`block.${b}`, {
      count: b === 'points-missing' ? pointsMissing(reward, user?.points ?? 0) : (reward.limitPerMember ?? 0),
      rank: rank ? `${rank.name} · ${rank.title}` : reward.minRankCode,
      date: b === 'not-yet-open' && reward.startsAt ? dateFormat.format(new Date(reward.startsAt)) : '',
    });
  const blockId = `reward-block-${reward.rewardId}`;
  return (
    <article className={`card reward-card${block ? ' reward-card--blocked' : ''}`} aria-labelledby={`reward-title-${reward.rewardId}`}>
      {image ? (
        <div className="card__picture reward-card__media">
          <img src={image} alt="" loading="lazy" decoding="async" width={400} height={200} />
        </div>
      ) : null}
      <div className="reward-card__body">
        <h2 className="ct-row__title" id={`reward-title-${reward.rewardId}`}>
          {reward.title}
        </h2>
        {reward.description ? <p className="ct-row__meta">{reward.description}</p> : null}
        <div className="ct-badges">
          <span className="pill pill--warning">{t('cost', { count: reward.cost })}</span>
          <span className="pill pill--muted">{t(`fulfilment.${reward.fulfilment}`)}</span>
          {reward.remaining !== null && reward.remaining > 0 ? (
            <span className="ct-row__meta">{t('remaining', { count: reward.remaining })}</span>
          ) : null}
          {reward.endsAt && block !== 'closed' ? (
            <span className="ct-row__meta">{t('until', { date: dateFormat.format(new Date(reward.endsAt)) })}</span>
          ) : null}
          {reward.memberRedemptions > 0 ? (
            <span className="pill pill--brand">{t('yours', { count: reward.memberRedemptions })}</span>
          ) : null}
        </div>
        {block ? (
          <p className="reward-card__block" id={blockId}>
            {blockText(block)}
          </p>
        ) : null}
        <Button
          variant="primary"
          block
          disabled={block !== null || !online}
          aria-describedby={block ? blockId : undefined}
          onClick={onRedeem}
        >
          {t('redeem', { count: reward.cost })}
        </Button>
      </div>
    </article>
  );
}

/** The confirmation of a redemption (with the shipping address for a shipped reward); sends it on confirm. */
function RedeemDialog({ reward, onClose }: { reward: Reward; onClose: () => void }) {
  const { t } = useTranslation('reward-catalogue');
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const mutation = useRedeemReward();
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState('');
  const shipping = reward.fulfilment === 'shipping';

  const onConfirm = () => {
    if (shipping && address.trim().length < 10) {
      setAddressError(t('confirm.addressError'));
      return;
    }
    mutation.redeem(reward.rewardId, shipping ? { shippingAddress: address.trim() } : {}, {
      onSuccess: (result) => {
        onClose();
        notify({
          title: t('success.title', { title: reward.title }),
          description: t(`success.${reward.fulfilment}`, { count: result.points }),
        });
        void navigate({ to: '/rewards/mine' });
      },
      onError: (error) => {
        onClose();
        notify({ variant: 'destructive', title: t('failed.title'), description: failureText(error) });
      },
    });
  };

  const failureText = (error: unknown): string => {
    if (error instanceof InsufficientPointsError)
      return t('block.points-missing', { count: pointsMissing(reward, user?.points ?? 0) || reward.cost });
    if (error instanceof ApiError) {
      const known: Record<string, string> = {
        [REWARD_ERROR_CODES.soldOut]: t('block.sold-out'),
        [REWARD_ERROR_CODES.limitReached]: t('block.limit-reached', { count: reward.limitPerMember ?? 0 }),
        [REWARD_ERROR_CODES.rankNeeded]: t('failed.rank'),
        [REWARD_ERROR_CODES.notOpen]: t('failed.notOpen'),
        [REWARD_ERROR_CODES.closed]: t('block.closed'),
      };
      if (known[error.code]) return known[error.code];
    }
    return t('failed.text');
  };

  return (
    <ConfirmDialog
      open
      title={t('confirm.title', { title: reward.title })}
      body={
        <div className="stack stack--sm">
          <p>{t('confirm.body', { count: reward.cost, balance: Math.max(0, (user?.points ?? 0) - reward.cost) })}</p>
          <p className="muted">{t(`confirm.${reward.fulfilment}`)}</p>
          {shipping ? (
            <div className="field">
              <label className="field__label" htmlFor="reward-address">
                {t('confirm.address')}
              </label>
              <textarea
                id="reward-address"
                className="input"
                rows={3}
                maxLength={500}
                autoComplete="street-address"
                value={address}
                aria-invalid={addressError ? true : undefined}
                aria-describedby="reward-address-error"
                onChange={(e) => setAddress(e.target.value)}
              />
              <p className="field__error" id="reward-address-error" aria-live="polite">
                {addressError}
              </p>
            </div>
          ) : null}
        </div>
      }
      confirmLabel={t('confirm.yes', { count: reward.cost })}
      cancelLabel={t('confirm.no')}
      busy={mutation.isPending}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
