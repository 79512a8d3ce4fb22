import { describe, expect, it } from 'vitest';
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { assertRouteMarks } from '../../src/route-marks';

/** A router with one child route carrying `staticData`, as file routes do. */
function routesWith(staticData: Record<string, unknown>) {
  const root = createRootRoute();
  const child = createRoute({ getParentRoute: () => root, path: '/x', staticData: staticData as never });
  const router = createRouter({ routeTree: root.addChildren([child]) });
  return Object.values(router.routesById);
}

describe('route marks (spec §2: an unknown middleware name raises an error)', () => {
  it('known marks with allowed values pass', () => {
    expect(() => assertRouteMarks(routesWith({ open: true, layout: 'no-bottom-nav', titleKey: 'profile:title', allowIncompleteProfile: true }))).not.toThrow();
  });

  it('an unknown mark name fails, naming the route and the mark', () => {
    expect(() => assertRouteMarks(routesWith({ opne: true }))).toThrow('Unknown route mark "opne" on route /x');
  });

  it('a known mark with a value it does not take fails', () => {
    expect(() => assertRouteMarks(routesWith({ layout: 'sidebar' }))).toThrow(/"layout" on route \/x/);
  });
});
