/**
 * `GET /api/cars`: the organization's cars page (its `carsPage` setting, written by operators in
 * `PATCH /api/admin/organization`) in the request's language: page texts, each car's text and text figures laid
 * over the English ones where a translation exists. `null` when the organization has no cars page.
 */
import type { CarsPage } from '../../../src/contracts/admin/cars-page';
import { FanCarsPageResponseSchema, type FanCarsPage } from '../../../src/contracts/cars';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import { languageOf, localized, type ContentLanguage } from '../../lib/localize';

/** The cars page in `language`. */
function localizeCarsPage(page: CarsPage, language: ContentLanguage): FanCarsPage {
  const fr = language === 'fr' ? page.translations.fr : undefined;
  const { intro, raceTitle, roadTitle, roadIntro, note } = page;
  return {
    ...localized({ intro, raceTitle, roadTitle, roadIntro, note }, fr ? { fr } : {}, language),
    cars: page.cars.map((car) => {
      const t = fr?.cars?.[car.id];
      return {
        ...car,
        text: t?.text || car.text,
        specs: car.specs.map((spec) => ({ ...spec, value: (typeof spec.value === 'string' && t?.values?.[spec.label]) || spec.value })),
      };
    }),
  };
}

/** `GET /cars`. */
const carsPageRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's cars page, or null when it has none",
  tags: ['cars'],
  auth: 'visitor-or-member',
  response: FanCarsPageResponseSchema,
});

/** Builds the cars route group; the principal carries the organization (cached). */
export function carRoutes() {
  return routeGroup().openapi(carsPageRoute, (c) => {
    const page = c.get('principal').organization.carsPage;
    return sendData(c, page ? localizeCarsPage(page, languageOf(c)) : null);
  });
}
