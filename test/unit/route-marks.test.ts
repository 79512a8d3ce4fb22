import { describe, expect, it } from 'vitest';
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { assertRouteMarks, assertRoutePlacement } from '../../src/route-marks';

/** The routes of a router with one page `/x` carrying `staticData`, under the pathless layout `layout` if given. */
function routesWith(staticData: Record<string, unknown>, layout: '_auth' | '_open' | 'admin' | null = '_auth') {
  const root = createRootRoute();
  if (!layout) {
    const page = createRoute({ getParentRoute: () => root, path: '/x', staticData: staticData as never });
    return Object.values(createRouter({ routeTree: root.addChildren([page]) }).routesById);
  }
  const parent =
    layout === 'admin'
      ? createRoute({ getParentRoute: () => root, path: '/admin' })
      : createRoute({ getParentRoute: () => root, id: layout });
  const page = createRoute({ getParentRoute: () => parent, path: '/x', staticData: staticData as never });
  return Object.values(createRouter({ routeTree: root.addChildren([parent.addChildren([page])]) }).routesById);
}

describe('route marks (spec §2: an unknown middleware name raises an error)', () => {
  it('known marks with allowed values pass', () => {
    expect(() =>
      assertRouteMarks(routesWith({ open: true, layout: 'no-bottom-nav', titleKey: 'profile:title', allowIncompleteProfile: true })),
    ).not.toThrow();
  });

  it('an unknown mark name fails, naming the route and the mark', () => {
    expect(() => assertRouteMarks(routesWith({ opne: true }))).toThrow('Unknown route mark "opne" on route /_auth/x');
  });

  it('a known mark with a value it does not take fails', () => {
    expect(() => assertRouteMarks(routesWith({ layout: 'sidebar' }))).toThrow(/"layout" on route \/_auth\/x/);
  });
});

describe('route placement (decision 0045: the layout decides which guard runs)', () => {
  it('a members-only page under _auth and an open page under _open pass', () => {
    expect(() => assertRoutePlacement(routesWith({}, '_auth'))).not.toThrow();
    expect(() => assertRoutePlacement(routesWith({ open: true }, '_open'))).not.toThrow();
  });

  it('a page of the operator console sits under /admin, whose guard lets only operators in; it cannot be marked open', () => {
    expect(() => assertRoutePlacement(routesWith({ layout: 'console' }, 'admin'))).not.toThrow();
    expect(() => assertRoutePlacement(routesWith({ open: true }, 'admin'))).toThrow('Route /admin/x is marked open but sits under admin');
  });

  it('a page outside both layouts fails: no guard would run for it', () => {
    expect(() => assertRoutePlacement(routesWith({}, null))).toThrow('Route /x is outside the _auth and _open layouts');
    expect(() => assertRoutePlacement(routesWith({ open: true }, null))).toThrow('Route /x is outside the _auth and _open layouts');
  });

  it('a page whose open mark disagrees with its layout fails, naming the route', () => {
    expect(() => assertRoutePlacement(routesWith({ open: true }, '_auth'))).toThrow('Route /_auth/x is marked open but sits under _auth');
    expect(() => assertRoutePlacement(routesWith({}, '_open'))).toThrow('Route /_open/x sits under _open but is not marked open');
  });
});
