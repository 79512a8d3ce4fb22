/**
 * `/admin`: the console's overview, the week an operator runs (`GET /api/admin/overview`). One
 * section per kind of work, each a heading with its count and a list whose every item links to where the operator
 * acts: pick'ems past their lock waiting for a result (the challenge's "Enter result"), draws due and prizes not
 * claimed (the sweepstake's draw), notifications scheduled (the notifications page), then the content live now
 * and the content starting within 7 days (its editor). An empty section says so; times are shown in the
 * organization's time zone.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Overview } from '../../../contracts/admin/overview';
import { Spinner } from '../../../components/spinner';
import { useOverview } from '../api/get-overview';
import { ConsoleHeading } from './console-ui';
import { useOrganizationContext } from './item-actions';
import { useConsoleText } from './use-console-text';

/** The sections of the overview, in page order. */
const SECTIONS = ['pickems', 'draws', 'prizes', 'notifications', 'live', 'scheduled'] as const;
type Section = (typeof SECTIONS)[number];

/** Renders the overview. */
export function ConsoleHome() {
  const { t } = useConsoleText();
  const { data, isPending, isError, refetch } = useOverview();
  return (
    <div className="console-page console-overview">
      <ConsoleHeading title={t('home.title')} />
      <p className="muted">{t('home.intro')}</p>
      {isPending ? (
        <Spinner label={t('home.loading')} />
      ) : isError ? (
        <div role="alert">
          <p>{t('home.error')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            {t('home.retry')}
          </button>
        </div>
      ) : (
        <div className="console-overview__sections">
          {SECTIONS.map((section) => (
            <OverviewSection key={section} section={section} overview={data} />
          ))}
        </div>
      )}
    </div>
  );
}

/** One section: its heading and count, its items (or the empty state) and a note when the list is cut short. */
function OverviewSection({ section, overview }: { section: Section; overview: Overview }) {
  const { t, i18n } = useConsoleText();
  const { timeZone } = useOrganizationContext();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const at = (instant: string) => <time dateTime={instant}>{when.format(new Date(instant))}</time>;
  const list = overview[section];
  const id = `overview-${section}`;
  let items: ReactNode[];
  switch (section) {
    case 'pickems':
      items = overview.pickems.items.map((item) => (
        <OverviewItem key={item.id} title={item.title} detail={t('home.pickems.detail')} time={at(item.lockedAt)}>
          <Link to="/admin/$resource/$id" params={{ resource: 'challenges', id: item.id }} className="btn btn--primary btn--sm">
            {t('home.pickems.action')}
            <span className="visually-hidden"> {t('home.of', { title: item.title })}</span>
          </Link>
        </OverviewItem>
      ));
      break;
    case 'draws':
      items = overview.draws.items.map((item) => (
        <OverviewItem key={item.id} title={item.title} detail={t('home.draws.detail')} time={at(item.endsAt)}>
          <Link to="/admin/$resource/$id" params={{ resource: 'sweepstakes', id: item.id }} className="btn btn--primary btn--sm">
            {t('home.draws.action')}
            <span className="visually-hidden"> {t('home.of', { title: item.title })}</span>
          </Link>
        </OverviewItem>
      ));
      break;
    case 'prizes':
      items = overview.prizes.items.map((item) => (
        <OverviewItem
          key={`${item.sweepstakeId}-${item.place}`}
          title={t('home.prizes.title', { title: item.title, place: item.place })}
          detail={t('home.prizes.detail')}
          time={at(item.claimBy)}
        >
          <Link
            to="/admin/$resource/$id"
            params={{ resource: 'sweepstakes', id: item.sweepstakeId }}
            className="btn btn--secondary btn--sm"
          >
            {t('home.prizes.action')}
            <span className="visually-hidden"> {t('home.of', { title: item.title })}</span>
          </Link>
        </OverviewItem>
      ));
      break;
    case 'notifications':
      items = overview.notifications.items.map((item) => (
        <OverviewItem key={item.id} title={item.title} detail={t('home.notifications.detail')} time={at(item.sendAt)}>
          <Link to="/admin/$resource" params={{ resource: 'notifications' }} className="btn btn--secondary btn--sm">
            {t('home.notifications.action')}
            <span className="visually-hidden"> {t('home.of', { title: item.title })}</span>
          </Link>
        </OverviewItem>
      ));
      break;
    case 'live':
    case 'scheduled':
      items = overview[section].items.map((item) => (
        <OverviewItem
          key={`${item.resource}-${item.id}`}
          kind={t(`resources.${item.resource}.singular`)}
          title={
            <Link to="/admin/$resource/$id" params={{ resource: item.resource, id: item.id }}>
              {item.title}
            </Link>
          }
          detail={section === 'live' ? (item.end ? t('home.live.ends') : t('home.live.noEnd')) : t('home.scheduled.starts')}
          time={section === 'live' ? (item.end ? at(item.end) : null) : at(item.start)}
        />
      ));
      break;
  }
  return (
    <section className="console-fieldset console-overview__section" aria-labelledby={id}>
      <h2 id={id} className="console-section-title">
        {t(`home.${section}.heading`)} <span className="console-count">{t('home.count', { count: list.total })}</span>
      </h2>
      {items.length === 0 ? <p className="muted">{t(`home.${section}.empty`)}</p> : <ul className="console-overview__list">{items}</ul>}
      {list.total > list.items.length ? <p className="muted">{t('home.more', { shown: list.items.length, count: list.total })}</p> : null}
    </section>
  );
}

/** One item of a section: its kind (content), its title, a line on its time, and the action link. */
function OverviewItem({
  kind,
  title,
  detail,
  time,
  children,
}: {
  kind?: string;
  title: ReactNode;
  detail: string;
  time: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="console-overview__item">
      <div>
        {kind ? <span className="muted">{kind} · </span> : null}
        <strong>{title}</strong>
        <p className="muted console-overview__when">
          {detail} {time}
        </p>
      </div>
      {children}
    </li>
  );
}
