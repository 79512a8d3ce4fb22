/**
 * `/about` (spec §2 "About"): what Podium and the club's app are, how points are earned and spent,
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
import { Section } from '../../components/section';
import { FactList } from '../../components/content-ui';
import '../../components/content.css';

const EARN_WAYS = ['challenges', 'checkin', 'videos', 'articles', 'stories', 'activations'] as const;
const LINKS = [
  { to: '/history', key: 'history' },
  { to: '/benefits', key: 'benefits' },
  { to: '/rewards', key: 'rewards' },
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
        <Section id="about-what" title={t('what.title', { name })} className="stack stack--sm">
          <p>{t('what.body', { name })}</p>
          <p className="muted">{t('what.offline')}</p>
        </Section>

        <Section id="about-points" title={t('points.title')} className="stack stack--sm">
          <ul className="bullet-list">
            {EARN_WAYS.map((way) => (
              <li key={way}>{t(`points.earn.${way}`)}</li>
            ))}
          </ul>
          <p>{t('points.spend')}</p>
          <p className="muted">{t('points.ledger')}</p>
        </Section>

        <Section id="about-ranks" title={t('ranks.title')} className="stack stack--sm">
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
        </Section>

        <Section id="about-more" title={t('more.title')} className="stack stack--sm">
          <ul className="link-list">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="link-list__item">
                  <span>{t(`more.${link.key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="about-version" title={t('version.title')} className="stack stack--sm">
          <FactList
            facts={[
              { label: t('version.app'), value: config.telemetry.version },
              { label: t('version.server'), value: config.version },
            ]}
          />
        </Section>
      </div>
    </Page>
  );
}
