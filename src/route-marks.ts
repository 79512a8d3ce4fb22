/**
 * Route marks (`staticData`, ARCHITECTURE §7): the names a route may set, and their check at router creation.
 * Spec §2: "An unknown middleware name raises an error" — a misspelt mark (`opne: true`) would otherwise silently
 * leave a route guarded or unguarded. Also checks that each page sits under the layout whose guard its `open` mark
 * calls for, since the layout, not the mark, decides which guard runs.
 */

/**
 * Layouts chosen by `staticData.layout`: with the bottom navigation bar, without it, bare, or `console` (the
 * operator console draws its own header, sidebar and `<main>`).
 */
export const ROUTE_LAYOUTS = ['default', 'no-bottom-nav', 'none', 'console'] as const;
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

/**
 * The layouts that guard pages: route id prefix, and whether their pages are marked open. Besides
 * the two pathless ones, `/admin` (the operator console) guards its pages: operators only, a 404 for anyone else.
 */
const GUARD_LAYOUTS = [
  { prefix: '/_auth/', open: false },
  { prefix: '/_open/', open: true },
  { prefix: '/admin/', open: false },
] as const;

/**
 * Checks that every page (a route without children) sits under `_auth` or `/admin` and is not marked open, or
 * under `_open` and is marked open: a page outside them would run no guard, and a mark that disagrees with the
 * layout would promise a guard that does not run.
 * @param routes the router's routes (`Object.values(router.routesById)`): `{id, children, options: {staticData}}`
 * @throws Error naming the route and where it belongs when a page is misplaced
 */
export function assertRoutePlacement(
  routes: Iterable<{ id: string; children?: unknown; options: { staticData?: { open?: boolean } } }>,
): void {
  for (const route of routes) {
    if (route.id === '__root__' || route.children) continue;
    const layout = GUARD_LAYOUTS.find((l) => route.id.startsWith(l.prefix));
    if (!layout)
      throw new Error(`Route ${route.id} is outside the _auth and _open layouts (or /admin), so no guard runs for it: move it under one`);
    const open = route.options.staticData?.open === true;
    if (open !== layout.open) {
      throw new Error(
        open
          ? `Route ${route.id} is marked open but sits under ${layout.prefix.replaceAll('/', '')}: move it under _open or drop the mark`
          : `Route ${route.id} sits under _open but is not marked open: mark it open or move it under _auth`,
      );
    }
  }
}
