// @vitest-environment jsdom
/**
 * `<OfflineIndicator />` (src/offline/components/offline-indicator.tsx) on a real QueryClient: what a fan sees
 * and a screen reader hears when the network goes away and comes back.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { MutationObserver, onlineManager, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { OfflineIndicator } from '../../src/offline/components/offline-indicator';
import { clearUpdateOffer, offerUpdate, updateToastClosed } from '../../src/offline/update-prompt';
import { createAppQueryClient } from '../../src/offline/query-client';
import { registerOfflineMutationDefaults } from '../../src/app/offline-actions';
import { newQueuedActionVariables, queuedMutationDefaults, type QueuedActionVariables } from '../../src/offline/queued-action';
import en from '../../locales/en/offline.json';
import fr from '../../locales/fr/offline.json';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { offline: en }, fr: { offline: fr } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await act(async () => {
    onlineManager.setOnline(true);
    await i18next.changeLanguage('en');
  });
});

/** The indicator's text, with Intl's narrow no-break spaces (ICU-version dependent) read as spaces. */
const statusText = () => (screen.getByRole('status').textContent ?? '').replace(/[\u202f\u00a0]/g, ' ');

function renderIndicator() {
  const client = createAppQueryClient(registerOfflineMutationDefaults);
  render(createElement(QueryClientProvider, { client }, createElement(OfflineIndicator)));
  return client;
}

describe('offline indicator', () => {
  it('is an empty polite live region while online with nothing queued', () => {
    renderIndicator();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(status.dataset.state).toBe('online');
  });

  it('says offline with the time of the newest cached data, and counts actions waiting to sync', async () => {
    const client = renderIndicator();
    const today = new Date();
    act(() => {
      client.setQueryData(
        ['checkin'],
        { days: 2 },
        { updatedAt: new Date(today.getFullYear(), today.getMonth(), today.getDate(), 0, 5).getTime() },
      );
      client.setQueryData(
        ['user', 'me'],
        { points: 10 },
        { updatedAt: new Date(today.getFullYear(), today.getMonth(), today.getDate(), 0, 7).getTime() },
      );
      onlineManager.setOnline(false);
    });
    expect(statusText()).toBe('Offline — last updated at 12:07 AM');

    client.setMutationDefaults(['checkin'], { ...queuedMutationDefaults, mutationFn: async () => ({}) });
    await act(async () => {
      void new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ['checkin'] }).mutate(
        newQueuedActionVariables(),
      );
      void new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ['checkin'] }).mutate(
        newQueuedActionVariables(),
      );
    });
    await waitFor(() => expect(statusText()).toBe('Offline — last updated at 12:07 AM · 2 actions waiting to sync'));
  });

  it('shows the date too when the cached data is from an earlier day, in the active language', async () => {
    const client = renderIndicator();
    await act(async () => {
      await i18next.changeLanguage('fr');
      client.setQueryData(['checkin'], { days: 2 }, { updatedAt: new Date(2026, 10, 20, 18, 30).getTime() });
      onlineManager.setOnline(false);
    });
    expect(statusText()).toBe('Hors ligne — mis à jour le 20 nov. 2026, 18:30');
  });

  it('says just "Offline" when nothing was ever loaded', () => {
    renderIndicator();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe('Offline');
  });
});

describe('update offer in the indicator (docs/decisions/0039-toasts-around-sonner.md)', () => {
  it('offers "Update available — Reload" once the update toast left the screen, until the fan accepts', async () => {
    renderIndicator();
    const accepted = vi.fn();
    act(() => void offerUpdate(accepted));
    // The toast still shows the offer: no second button.
    expect(screen.queryByRole('button', { name: 'Update available — Reload' })).toBeNull();
    act(() => updateToastClosed());
    const button = screen.getByRole('button', { name: 'Update available — Reload' });
    act(() => button.click());
    expect(accepted).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Update available — Reload' })).toBeNull();
  });

  it('nothing is offered when no update waits', () => {
    clearUpdateOffer();
    renderIndicator();
    act(() => updateToastClosed());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
