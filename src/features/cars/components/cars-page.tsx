/**
 * `/cars` (spec §2 "Cars page"): the organization's cars page
 * (`GET /cars`, written by its operators): the race car and the road cars, each as a card with an illustration, a
 * short text and its spec sheet. Headings of the lines and units are interface strings of the `cars` namespace;
 * figures are formatted per language.
 */
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { CAR_SPEC_UNITS, type Car } from '../../../contracts/cars';
import { useCarsPage } from '../api/get-cars-page';
import { CarIllustration } from './car-illustration';
import { Section } from '../../../components/section';
import { FactList } from '../../../components/content-ui';
import '../../../components/content.css';
import './cars.css';

function SpecValue({ spec }: { spec: Car['specs'][number] }) {
  const { t, i18n } = useTranslation('cars');
  const unit = CAR_SPEC_UNITS[spec.label];
  if (unit === 'text' || typeof spec.value === 'string') return <>{String(spec.value)}</>;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 1 }).format(spec.value);
  return <>{t(`units.${unit}`, { value: number })}</>;
}

function CarCard({ car }: { car: Car }) {
  const { t } = useTranslation('cars');
  return (
    <article className="card car-card" aria-labelledby={`car-${car.id}`}>
      <CarIllustration car={car} />
      <div className="card__body">
        <p className="eyebrow">{t(`kind.${car.kind}`)}</p>
        <h3 id={`car-${car.id}`} className="card__title">
          {car.name}
        </h3>
        <p className="card__meta">{car.text}</p>
        <FactList facts={car.specs.map((spec) => ({ label: t(`spec.${spec.label}`), value: <SpecValue spec={spec} /> }))} />
      </div>
    </article>
  );
}

/** Renders the page. */
export function CarsPage() {
  const { t } = useTranslation('cars');
  const { data: page, isPending } = useCarsPage();
  if (isPending) return <PageSpinner />;
  const race = page?.cars.filter((c) => c.kind === 'race') ?? [];
  const road = page?.cars.filter((c) => c.kind === 'road') ?? [];
  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        {page?.intro ? <p className="muted">{page.intro}</p> : null}
        {race.length ? (
          <Section id="cars-race" title={page?.raceTitle || t('kind.race')} className="stack">
            {race.map((car) => (
              <CarCard key={car.id} car={car} />
            ))}
          </Section>
        ) : null}
        {road.length ? (
          <Section id="cars-road" title={page?.roadTitle || t('kind.road')} className="stack">
            {page?.roadIntro ? <p className="muted">{page.roadIntro}</p> : null}
            {road.map((car) => (
              <CarCard key={car.id} car={car} />
            ))}
          </Section>
        ) : null}
        {page?.note ? <p className="ct-note">{page.note}</p> : null}
      </div>
    </Page>
  );
}
