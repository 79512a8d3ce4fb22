/**
 * `/referral` (spec §2 "Referral"; decision 0028): invite friends with a personal link (built from the member's
 * id), copy it or share it natively, and read how it works. No reward is promised: the spec's API has none.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { notify } from '../../../platform/toasts';
import { useOrganization } from '../../../lib/organization/get-organization';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { referralLink } from '../referral-link';
import { Section } from '../../../components/section';
import '../../../components/content.css';

/** Renders the page. */
export function ReferralPage() {
  const { t } = useTranslation('referral');
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  const [copied, setCopied] = useState(false);
  if (!user) return <PageSpinner />;
  const link = referralLink(window.location.origin, user.userId);
  const name = organization?.name ?? 'Podium';
  const canShare = typeof navigator.share === 'function';

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
      await navigator.share({ title: t('shareTitle', { name }), text: t('shareText', { name }), url: link });
    } catch (error) {
      if ((error as { name?: string })?.name !== 'AbortError') notify({ title: t('shareFailed'), variant: 'destructive' });
    }
  };

  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <p>{t('intro', { name })}</p>
        <div className="card stack" style={{ padding: 'var(--space-4)' }}>
          <label className="field__label" htmlFor="referral-link">
            {t('linkLabel')}
          </label>
          <input id="referral-link" className="input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <div className="row" style={{ flexWrap: 'wrap', gap: 'var(--space-2)' }}>
            <Button variant="primary" onClick={() => void copy()}>
              {copied ? t('copiedButton') : t('copy')}
            </Button>
            {canShare ? <Button onClick={() => void share()}>{t('share')}</Button> : null}
          </div>
        </div>
        <Section id="referral-how" title={t('how.title')} className="stack stack--sm">
          <ol className="bullet-list">
            <li>{t('how.step1')}</li>
            <li>{t('how.step2', { name })}</li>
            <li>{t('how.step3')}</li>
          </ol>
        </Section>
        <p className="ct-note">{t('noReward')}</p>
      </div>
    </Page>
  );
}
