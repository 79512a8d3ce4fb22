/**
 * `/card`: the member card. The club's branding (name, logo, brand colours), the member's name,
 * member number, rank and member-since date, and a QR code with the short code under it, both rotating every
 * 30 seconds (a screenshot stops working) and derived on the device from the pass secret, so the card works with no
 * signal once it was loaded (`useCardCode`). Staff scan the QR code or type the short code in the console.
 */
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import type { MemberPass } from '../../../contracts/member-pass';
import { formatMemberNumber, MEMBER_PASS_PERIOD_S } from '../../../rules/member-pass';
import { useMemberPass } from '../api/get-member-pass';
import { useCardCode } from '../use-card-code';
import './member-card.css';

/** Renders the page: the card once the pass is known (cached or fetched), else a spinner or the error. */
export function MemberCardPage() {
  const { t } = useTranslation('member-card');
  const query = useMemberPass();
  if (query.data) {
    // The server's clock minus the device's when the pass arrived (latency is a few ms: negligible against 30 s).
    const offsetMs = Date.parse(query.data.serverTime) - query.dataUpdatedAt;
    return <MemberCard pass={query.data} offsetMs={offsetMs} />;
  }
  if (query.isError) {
    return (
      <Page title={t('title')}>
        <p role="alert">{t('error')}</p>
      </Page>
    );
  }
  return <PageSpinner />;
}

function MemberCard({ pass, offsetMs }: { pass: MemberPass; offsetMs: number }) {
  const { t, i18n } = useTranslation('member-card');
  const code = useCardCode(pass, offsetMs);
  const logo = mediaUrl(pass.organization.logoMediaId);
  const since = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(new Date(pass.memberSince));
  const number = formatMemberNumber(pass.memberNumber);

  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <section className="card card--brand member-card" aria-labelledby="member-card-club">
          <div className="member-card__head">
            {logo ? <img className="member-card__logo" src={logo} alt="" width={40} height={40} /> : null}
            <h2 className="member-card__club" id="member-card-club">
              {pass.organization.name}
            </h2>
          </div>
          <p className="member-card__name">{pass.name || t('noName')}</p>
          <dl className="member-card__facts">
            <div>
              <dt>{t('number')}</dt>
              <dd data-testid="member-number">{number}</dd>
            </div>
            <div>
              <dt>{t('rank')}</dt>
              <dd>
                {pass.rank} · {pass.rankTitle}
              </dd>
            </div>
            <div>
              <dt>{t('since')}</dt>
              <dd>{since}</dd>
            </div>
          </dl>
          <div className="member-card__code">
            {code.qrImage ? (
              <img className="member-card__qr" src={code.qrImage} alt={t('qrAlt', { number })} width={240} height={240} />
            ) : (
              <p className="member-card__qr member-card__qr--none">{t('noQr')}</p>
            )}
            <p className="member-card__short">
              <span className="visually-hidden">{t('shortCode')} </span>
              <strong data-testid="member-card-code">{code.shortCode}</strong>
            </p>
            <p className="member-card__countdown" aria-hidden="true">
              {t('rotatesIn', { count: code.secondsLeft })}
            </p>
            <progress className="member-card__progress" max={MEMBER_PASS_PERIOD_S} value={code.secondsLeft} aria-hidden="true" />
          </div>
        </section>
        <p className="muted">{t('about', { count: MEMBER_PASS_PERIOD_S })}</p>
      </div>
    </Page>
  );
}
