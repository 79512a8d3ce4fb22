/**
 * Route marks (`staticData`, ARCHITECTURE §7): the names a route may set, and their check at router creation.
 * Spec §2: "An unknown middleware name raises an error" — a misspelt mark (`opne: true`) would otherwise silently
 * leave a route guarded or unguarded.
 */

/** Layouts chosen by `staticData.layout`: with the bottom navigation bar, without it, or bare. */
export const ROUTE_LAYOUTS = ['default', 'no-bottom-nav', 'none'] as const;
export type RouteLayout = (typeof ROUTE_LAYOUTS)[number];

/** Every mark name a route may set, with a check of its value. */
const MARKS: Record<string, (value: unknown) => boolean> = {
  open: (v) => typeof v === 'boolean',
  allowIncompleteProfile: (v) => typeof v === 'boolean',
  layout: (v) => (ROUTE_LAYOUTS as readonly unknown[]).includes(v),
  titleKey: (v) => typeof v === 'string' && v.length > 0,
};

/**
 * Checks the marks of every route.
 * @param routes the router's routes (`Object.values(router.routesById)`): `{id, options: {staticData}}`
 * @throws Error naming the route and the mark when a mark name is unknown or its value is not allowed
 */
export function assertRouteMarks(routes: Iterable<{ id: string; options: { staticData?: unknown } }>): void {
  for (const route of routes) {
    const marks = (route.options.staticData ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(marks)) {
      const check = MARKS[name];
      if (!check) throw new Error(`Unknown route mark "${name}" on route ${route.id}`);
      if (!check(value)) throw new Error(`Route mark "${name}" on route ${route.id} has an invalid value: ${JSON.stringify(value)}`);
    }
  }
}
