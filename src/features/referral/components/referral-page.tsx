/**
 * `/referral` (spec §2 "Referral"): the member's invite link and code, copied or shared natively,
 * the friends who joined with it and the points both earn after the friend's first check-in or answer; and, for a
 * member in their first 14 days who was not referred yet, a field to enter a friend's code.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../api/errors';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { ListError } from '../../../components/list-states';
import { Page } from '../../../components/page';
import { Section } from '../../../components/section';
import { PageSpinner } from '../../../components/spinner';
import { useOrganization } from '../../../lib/organization/get-organization';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { notify } from '../../../platform/toasts';
import { isWithinClaimWindow, referralUrl } from '../../../rules/referral';
import { useClaimReferral, useReferral } from '../api/referral';
import '../../../components/content.css';

/** The refusals of a claim the page explains in words of its own (others get the generic message). */
const CLAIM_ERRORS = ['ReferralOwnCode', 'ReferralAlreadyClaimed', 'ReferralWindowClosed', 'ReferralUnknownCode', 'ValidationFailed'];

/** The form to enter a friend's code. */
function ClaimForm() {
  const { t } = useTranslation('referral');
  const claim = useClaimReferral();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    claim.mutate(code, {
      onSuccess: (result) => notify({ title: t(result.rewarded ? 'claim.doneRewarded' : 'claim.done') }),
      onError: (e) => {
        if (e instanceof ApiError && CLAIM_ERRORS.includes(e.code)) setError(t(`claim.errors.${e.code}`));
        else setError(t(e instanceof NetworkError ? 'claim.errors.offline' : 'claim.errors.other'));
      },
    });
  };
  return (
    <Section id="referral-claim" title={t('claim.title')} className="stack stack--sm">
      <form className="stack stack--sm" onSubmit={submit} noValidate>
        <TextField
          label={t('claim.label')}
          hint={t('claim.hint')}
          error={error}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          required
        />
        <div>
          <Button type="submit" disabled={claim.isPending || code.trim() === ''}>
            {t('claim.submit')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** Renders the page. */
export function ReferralPage() {
  const { t } = useTranslation('referral');
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  const referral = useReferral();
  const [copied, setCopied] = useState(false);
  if (referral.isError && !referral.data) {
    return (
      <Page title={t('title')}>
        <ListError onRetry={() => void referral.refetch()} />
      </Page>
    );
  }
  if (!user || !referral.data) return <PageSpinner />;
  const { code, invited, rewarded, points, referredBy } = referral.data;
  // The app's own origin: the link opens this app wherever it is served from.
  const link = referralUrl(window.location.origin, code);
  const name = organization?.name ?? 'Podium';
  const canShare = typeof navigator.share === 'function';
  const mayClaim = referredBy === null && isWithinClaimWindow(new Date(user.createdAt), new Date());

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify({ title: t('copied') });
    } catch {
      notify({ title: t('copyFailed'), variant: 'destructive' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('shareTitle', { name }), text: t('shareText', { name, code }), url: link });
    } catch (error) {
      if ((error as { name?: string })?.name !== 'AbortError') notify({ title: t('shareFailed'), variant: 'destructive' });
    }
  };

  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <p>{points > 0 ? t('introReward', { name, count: points }) : t('intro', { name })}</p>
        <div className="card stack" style={{ padding: 'var(--space-4)' }}>
          <label className="field__label" htmlFor="referral-link">
            {t('linkLabel')}
          </label>
          <input id="referral-link" className="input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <p>
            {t('codeLabel')}{' '}
            <strong data-testid="referral-code" style={{ letterSpacing: '0.1em' }}>
              {code}
            </strong>
          </p>
          <div className="row" style={{ flexWrap: 'wrap', gap: 'var(--space-2)' }}>
            <Button variant="primary" onClick={() => void copy()}>
              {copied ? t('copiedButton') : t('copy')}
            </Button>
            {canShare ? <Button onClick={() => void share()}>{t('share')}</Button> : null}
          </div>
        </div>
        <Section id="referral-friends" title={t('friends.title')} className="stack stack--sm">
          <p>{invited === 0 ? t('friends.none') : t('friends.invited', { count: invited })}</p>
          {invited > 0 ? <p>{t('friends.rewarded', { count: rewarded })}</p> : null}
          {referredBy ? <p>{t(referredBy.rewarded ? 'friends.referredRewarded' : 'friends.referredPending', { count: points })}</p> : null}
        </Section>
        {mayClaim ? <ClaimForm /> : null}
        <Section id="referral-how" title={t('how.title')} className="stack stack--sm">
          <ol className="bullet-list">
            <li>{t('how.step1')}</li>
            <li>{t('how.step2', { name })}</li>
            <li>{points > 0 ? t('how.step3Reward', { count: points }) : t('how.step3')}</li>
          </ol>
          <p className="ct-note">{t('limits')}</p>
        </Section>
      </div>
    </Page>
  );
}
