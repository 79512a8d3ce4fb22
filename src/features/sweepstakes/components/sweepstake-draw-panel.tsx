/**
 * The draw of an ended sweepstake on its page. Before the draw: "winners soon" and the published
 * commitment. After: "You won" for a winner, with how to claim, the deadline and the Claim button (or the claim's
 * date); "Drawn" and the winners' public names for everyone else. `DrawProof` shows, folded away and from the
 * start, what anyone needs to verify the draw (commitment, then the revealed seed). Claim errors: 422 ClaimExpired
 * and others as destructive toasts.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/button';
import type { Sweepstake, SweepstakeDraw } from '../../../contracts/sweepstake';
import { useIsOnline } from '../../../offline/use-offline-status';
import { notify } from '../../../platform/toasts';
import { useClaimPrize } from '../api/claim-prize';
import { useSweepstakeDraw } from '../api/get-sweepstake-draw';

/** Renders the draw section of ended sweepstake `sweepstake`. */
export function SweepstakeDrawPanel({ sweepstake, now }: { sweepstake: Sweepstake; now: Date }) {
  const { t } = useTranslation('sweepstakes');
  // A copy cached by an older version has no `drawnAt` at all: treated as not drawn until it is refetched.
  const drawn = Boolean(sweepstake.drawnAt);
  const draw = useSweepstakeDraw(sweepstake.sweepstakeId, drawn);
  return (
    <section className="card entry-panel" aria-labelledby="draw-title">
      {drawn && draw.data?.drawnAt ? (
        <DrawnPanel sweepstake={sweepstake} draw={draw.data} drawnAt={draw.data.drawnAt} now={now} />
      ) : (
        <>
          <h2 id="draw-title" className="section__title">
            {t('draw.title')}
          </h2>
          <p className="muted">{drawn ? t('draw.loading') : t('draw.soon')}</p>
        </>
      )}
    </section>
  );
}

/**
 * What anyone needs to check the draw, shown from the sweepstake's start: the commitment (SHA-256 of the secret
 * seed), and the seed once revealed.
 */
export function DrawProof({ sweepstake }: { sweepstake: Sweepstake }) {
  const { t } = useTranslation('sweepstakes');
  return (
    <details className="draw-proof">
      <summary>{t('draw.verifyTitle')}</summary>
      <p className="muted">{t('draw.verifyText')}</p>
      <dl className="ct-dl">
        <dt>{t('draw.commitment')}</dt>
        <dd>
          <code>{sweepstake.seedCommitment ?? '—'}</code>
        </dd>
        <dt>{t('draw.seed')}</dt>
        <dd>
          <code>{sweepstake.drawSeed ?? t('draw.seedHidden')}</code>
        </dd>
      </dl>
    </details>
  );
}

function DrawnPanel({ sweepstake, draw, drawnAt, now }: { sweepstake: Sweepstake; draw: SweepstakeDraw; drawnAt: string; now: Date }) {
  const { t, i18n } = useTranslation('sweepstakes');
  const online = useIsOnline();
  const claim = useClaimPrize();
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const winners = draw.winners.filter((w) => !w.replaced);
  const you = draw.you;
  const expired = you !== null && you.claimedAt === null && now >= new Date(you.claimBy);

  const onClaim = () =>
    claim.claim(sweepstake.sweepstakeId, {
      onSuccess: () => notify({ title: t('draw.claimedTitle'), description: t('draw.claimedText') }),
      onError: (error) =>
        notify({
          variant: 'destructive',
          title: t('draw.claimFailedTitle'),
          description: error instanceof ApiError && error.code === 'ClaimExpired' ? t('draw.expired') : t('draw.claimFailedText'),
        }),
    });

  return (
    <>
      {you ? (
        <div className="stack stack--sm">
          <h2 id="draw-title" className="section__title">
            {t('draw.youWon')}
          </h2>
          <p>{t('draw.prize', { prize: sweepstake.prize })}</p>
          {you.claimedAt ? (
            <p role="status">{t('draw.claimedOn', { date: dateFormat.format(new Date(you.claimedAt)) })}</p>
          ) : expired ? (
            <p role="status">{t('draw.expiredOn', { date: dateFormat.format(new Date(you.claimBy)) })}</p>
          ) : (
            <>
              <p id="claim-how">{t('draw.howToClaim', { date: dateFormat.format(new Date(you.claimBy)) })}</p>
              {!online ? <p className="muted">{t('draw.offline')}</p> : null}
              <Button
                variant="primary"
                size="lg"
                block
                busy={claim.isPending}
                disabled={!online}
                aria-describedby="claim-how"
                onClick={onClaim}
              >
                {t('draw.claim')}
              </Button>
            </>
          )}
        </div>
      ) : (
        <div className="stack stack--sm">
          <h2 id="draw-title" className="section__title">
            {t('draw.drawn')}
          </h2>
          <p className="muted">{t('draw.drawnOn', { date: dateFormat.format(new Date(drawnAt)) })}</p>
        </div>
      )}
      <h3 className="eyebrow" id="winners-title">
        {t('draw.winners', { count: winners.length })}
      </h3>
      {winners.length ? (
        <ol className="draw-winners" aria-labelledby="winners-title">
          {winners.map((w) => (
            <li key={w.place}>{w.publicName ?? t('draw.anonymous')}</li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('draw.noWinners')}</p>
      )}
    </>
  );
}
