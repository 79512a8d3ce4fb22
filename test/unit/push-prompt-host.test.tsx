// @vitest-environment jsdom
/**
 * When the push opt-in is offered (`<PushPromptHost />`, src/app/push-prompt-host.tsx) on a real QueryClient: after
 * a meaningful action only, including one that succeeded before the host mounted (it loads once the first screen is
 * usable, and a fan may check in before that); never for another action, and never twice in a browser.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PushPromptHost } from '../../src/app/push-prompt-host';
import en from '../../locales/en/push.json';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { push: en } }, interpolation: { escapeValue: false } });
  // What a browser that can receive push has (jsdom has none of it), and the modal dialog jsdom does not implement.
  Object.assign(window, { PushManager: class {}, Notification: { permission: 'default' } });
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Runs a mutation with `mutationKey` to success in `client`'s mutation cache, as a screen's action would. */
async function succeed(client: QueryClient, mutationKey: unknown[]): Promise<void> {
  await client
    .getMutationCache()
    .build(client, { mutationKey, mutationFn: async () => 'ok' })
    .execute(undefined);
}

const renderHost = (client: QueryClient) => render(createElement(QueryClientProvider, { client }, createElement(PushPromptHost)));
const prompt = () => screen.findByRole('dialog', { name: en.promptTitle });

describe('push prompt host', () => {
  it('offers push after a check-in that succeeded while it listened', async () => {
    const client = new QueryClient();
    renderHost(client);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => succeed(client, ['checkin']));
    expect(await prompt()).toBeTruthy();
    expect(localStorage.getItem('podium.push.prompted')).not.toBeNull();
  });

  it('offers push after a check-in that succeeded before it mounted', async () => {
    const client = new QueryClient();
    await succeed(client, ['checkin']);
    renderHost(client);
    expect(await prompt()).toBeTruthy();
  });

  it('offers nothing after an action that is not meaningful, and offers it at the next check-in', async () => {
    const client = new QueryClient();
    await succeed(client, ['profile', 'update']);
    renderHost(client);
    await act(() => succeed(client, ['profile', 'update']));
    await settledPushCode();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => succeed(client, ['checkin']));
    expect(await prompt()).toBeTruthy();
  });

  it('offers nothing in a browser that was asked already', async () => {
    localStorage.setItem('podium.push.prompted', 'earlier');
    const client = new QueryClient();
    await succeed(client, ['checkin']);
    renderHost(client);
    await act(() => succeed(client, ['challenge-answer']));
    await settledPushCode();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** Lets the host's import of the push code (loaded by the tests before) resolve and its state update render. */
async function settledPushCode(): Promise<void> {
  await act(async () => {
    await import('../../src/lib/push/push-subscription');
  });
  await act(async () => {});
}
