// @vitest-environment jsdom
/**
 * The console's seasons page in jsdom, in English: the seasons listed with the current one marked,
 * the start entered as the organization's wall-clock time and sent as a UTC instant, and a start before the latest
 * season's explained in an alert.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ApiError } from '../../src/api/errors';
import { SeasonsPage } from '../../src/features/console/components/seasons-page';
import seasons from '../../locales/en/console-seasons.json';
import consoleText from '../../locales/en/console.json';

const { apiRequest } = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/platform/toasts', () => ({ notify: vi.fn() }));
vi.mock('../../src/api/client', () => ({ apiRequest, createIdempotencyKey: () => 'key' }));
vi.mock('../../src/lib/organization/get-organization', () => ({ useOrganization: () => ({ data: { timeZone: 'Europe/Paris' } }) }));

afterEach(() => {
  cleanup();
  apiRequest.mockReset();
});
beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { 'console-seasons': seasons, console: consoleText } }, interpolation: { escapeValue: false } });
});

const list = [
  { id: 's2', name: 'Second half', startsAt: '2026-01-05T11:00:00.000Z', current: true, createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 's1', name: '2025/26', startsAt: '2025-07-01T10:00:00.000Z', current: false, createdAt: '2025-06-01T00:00:00.000Z' },
];

/** The page as the console shows it: inside a router, which its unsaved-changes warning needs. */
function renderPage() {
  const router = createRouter({
    routeTree: createRootRoute({ component: SeasonsPage }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the seasons page', () => {
  it('lists the seasons in the organization time zone, the current one marked', async () => {
    apiRequest.mockResolvedValue({ data: list });
    renderPage();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Second half2026-01-05 12:00Current', '2025/262025-07-01 12:00Past']);
  });

  it('sends the start as a UTC instant, and explains a start before the latest season', async () => {
    apiRequest.mockImplementation(async (path: string, options: { method?: string } = {}) => {
      if (options.method === 'POST') throw new ApiError(409, 'SeasonOrder', 'A new season starts after the latest one');
      return { data: list };
    });
    renderPage();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Spring' } });
    fireEvent.change(screen.getByLabelText('Starts at (Europe/Paris)'), { target: { value: '2026-03-01T15:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the season' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A new season must start after the latest one.');
    const post = apiRequest.mock.calls.find(([, options]) => options?.method === 'POST');
    expect(post?.[1].body).toEqual({ name: 'Spring', startsAt: '2026-03-01T14:30:00.000Z' });
  });
});
