/**
 * `/about` (spec §2 "About"; decision 0026): what Podium and the club's app are, how points are earned and spent,
 * the ranks table from the organization (P10 first, the member's rank marked), the pages to explore, and the app
 * and server versions.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { getRuntimeConfig } from '../../platform/runtime-config';
import { useOrganization } from '../../lib/organization/get-organization';
import { sortRanks } from '../../rules/rank';
import { useCurrentUser } from '../../lib/session/get-current-user';
import { useIsUnderage } from '../../lib/session/underage';
import { filterLinksForMember } from '../contests/underage-gates';
import '../../components/content.css';

const EARN_WAYS = ['challenges', 'checkin', 'videos', 'articles', 'stories', 'activations'] as const;
const LINKS = [
  { to: '/history', key: 'history' },
  { to: '/benefits', key: 'benefits' },
  { to: '/cars', key: 'cars' },
  { to: '/digital-downloads', key: 'downloads' },
  { to: '/referral', key: 'referral' },
] as const;

/** Renders the page. */
export function AboutPage() {
  const { t, i18n } = useTranslation('about');
  const { data: organization } = useOrganization();
  const { data: user } = useCurrentUser();
  const underage = useIsUnderage();
  const config = getRuntimeConfig();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const ranks = organization ? sortRanks(organization.ranks) : [];
  const name = organization?.name ?? 'Podium';
  const links = filterLinksForMember(LINKS, underage);

  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <section className="stack stack--sm" aria-labelledby="about-what">
          <h2 id="about-what" className="section__title">
            {t('what.title', { name })}
          </h2>
          <p>{t('what.body', { name })}</p>
          <p className="muted">{t('what.offline')}</p>
        </section>

        <section className="stack stack--sm" aria-labelledby="about-points">
          <h2 id="about-points" className="section__title">
            {t('points.title')}
          </h2>
          <ul className="stack stack--sm" style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {EARN_WAYS.map((way) => (
              <li key={way}>{t(`points.earn.${way}`)}</li>
            ))}
          </ul>
          <p>{t('points.spend')}</p>
          <p className="muted">{t('points.ledger')}</p>
        </section>

        <section className="stack stack--sm" aria-labelledby="about-ranks">
          <h2 id="about-ranks" className="section__title">
            {t('ranks.title')}
          </h2>
          <p className="muted">{t('ranks.body')}</p>
          {ranks.length > 0 ? (
            <table className="ct-table card">
              <caption className="visually-hidden">{t('ranks.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ranks.code')}</th>
                  <th scope="col">{t('ranks.name')}</th>
                  <th scope="col" className="ct-num">
                    {t('ranks.threshold')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ranks.map((rank) => (
                  <tr key={rank.name} aria-current={user?.rank === rank.name ? 'true' : undefined}>
                    <th scope="row">{rank.name}</th>
                    <td>
                      {rank.title}
                      {user?.rank === rank.name ? <span className="visually-hidden"> {t('ranks.yours')}</span> : null}
                    </td>
                    <td className="ct-num">{number.format(rank.threshold)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">{t('ranks.empty')}</p>
          )}
        </section>

        <section className="stack stack--sm" aria-labelledby="about-more">
          <h2 id="about-more" className="section__title">
            {t('more.title')}
          </h2>
          <ul className="link-list">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="link-list__item">
                  <span>{t(`more.${link.key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="stack stack--sm" aria-labelledby="about-version">
          <h2 id="about-version" className="section__title">
            {t('version.title')}
          </h2>
          <dl className="ct-dl">
            <div>
              <dt>{t('version.app')}</dt>
              <dd>{config.telemetry.version}</dd>
            </div>
            <div>
              <dt>{t('version.server')}</dt>
              <dd>{config.version}</dd>
            </div>
          </dl>
        </section>
      </div>
    </Page>
  );
}
