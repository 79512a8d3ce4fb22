// @vitest-environment jsdom
/**
 * The toast facade (src/platform/toasts.tsx with its sonner half) rendered in jsdom on React 19: one toast is
 * kept, an id updates in place, Escape closes the visible toast, and `onClose` tells the caller whenever its
 * toast leaves the screen (spec §4 Toast). Timing is covered by
 * toast-timer.test.ts and, in Chromium, by test/e2e/toasts.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { AppToaster, dismissToast, notify } from '../../src/platform/toasts';
import en from '../../locales/en/common.json';

// sonner is loaded on demand (a dynamic import): on a busy machine that alone can take more than 1 s (the unit
// setup gives waits 10 s).

/** The toasts on screen, leaving out those playing their exit animation. */
const shownToasts = () => [...document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { common: en } }, interpolation: { escapeValue: false } });
  render(<AppToaster />);
});
afterAll(async () => {
  // sonner keeps a dismissed toast for its exit animation and removes it on a timer. Nothing may be left scheduled
  // when the unit setup unmounts the toaster: it would run after the test environment is torn down and fail on a
  // missing `window`. So the file ends once every toast, leaving ones included, is gone.
  act(() => dismissToast());
  await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0));
});

describe('toast facade', () => {
  it('shows a toast in the region "Notifications (F8)"; a newer toast replaces it and closes the older one', async () => {
    const firstClosed = vi.fn();
    notify({ title: 'First', onClose: firstClosed });
    expect(await screen.findByText('First')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' }).contains(screen.getByText('First'))).toBe(true);

    notify({ title: 'Second', variant: 'destructive' });
    expect(await screen.findByText('Second')).toBeTruthy();
    await waitFor(() => expect(shownToasts()).toHaveLength(1));
    expect(shownToasts()[0].textContent).toContain('Second');
    await waitFor(() => expect(firstClosed).toHaveBeenCalledTimes(1));
  });

  it('the same id updates the toast in place instead of replacing it, without closing it', async () => {
    const closed = vi.fn();
    notify({ id: 'upload', title: 'Uploading', onClose: closed });
    await waitFor(() => expect(shownToasts().map((toast) => toast.textContent)).toEqual([expect.stringContaining('Uploading')]));
    const element = shownToasts()[0];
    notify({ id: 'upload', title: 'Uploaded', onClose: closed });
    await screen.findByText('Uploaded');
    expect(shownToasts()).toEqual([element]);
    expect(closed).not.toHaveBeenCalled();
  });

  it('Escape closes the visible toast, wherever focus is, and reports it closed', async () => {
    const closed = vi.fn();
    notify({ title: 'Saved', onClose: closed, duration: Number.POSITIVE_INFINITY });
    await screen.findByText('Saved');
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    });
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(shownToasts()).toHaveLength(0));
  });

  it('Escape already used by another handler (defaultPrevented) leaves the toast alone', async () => {
    notify({ title: 'Still here', duration: Number.POSITIVE_INFINITY });
    await screen.findByText('Still here');
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    event.preventDefault();
    act(() => {
      document.body.dispatchEvent(event);
    });
    expect(shownToasts()).toHaveLength(1);
    dismissToast();
    await waitFor(() => expect(shownToasts()).toHaveLength(0));
  });
});
