/**
 * `/cars` (spec §2 "Cars page", the DISCOVER ALPINE card): the team's race car and the partner brand Alpine's road
 * cars, each as a card with an illustration, a short text and its spec sheet. Built-in, translated content.
 */
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { CARS, type Car, type CarSpec } from '../cars-data';
import { CarIllustration } from './car-illustration';
import { Section } from '../../../components/section';
import { FactList } from '../../../components/content-ui';
import '../../../components/content.css';
import './cars.css';

function SpecValue({ spec }: { spec: CarSpec }) {
  const { t, i18n } = useTranslation('cars');
  if (spec.unit === 'none') return <>{t(`values.${String(spec.value)}`)}</>;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 1 }).format(Number(spec.value));
  return <>{t(`units.${spec.unit}`, { value: number })}</>;
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
        <p className="card__meta">{t(`text.${car.id}`)}</p>
        <FactList facts={car.specs.map((spec) => ({ label: t(`spec.${spec.label}`), value: <SpecValue spec={spec} /> }))} />
      </div>
    </article>
  );
}

/** Renders the page. */
export function CarsPage() {
  const { t } = useTranslation('cars');
  const race = CARS.filter((c) => c.kind === 'race');
  const road = CARS.filter((c) => c.kind === 'road');
  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <p className="muted">{t('intro')}</p>
        <Section id="cars-race" title={t('raceTitle')} className="stack">
          {race.map((car) => (
            <CarCard key={car.id} car={car} />
          ))}
        </Section>
        <Section id="cars-road" title={t('roadTitle')} className="stack">
          <p className="muted">{t('roadIntro')}</p>
          {road.map((car) => (
            <CarCard key={car.id} car={car} />
          ))}
        </Section>
        <p className="ct-note">{t('note')}</p>
      </div>
    </Page>
  );
}
