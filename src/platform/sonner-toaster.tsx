/**
 * The sonner half of the toasts (spec §3-§4 Toast, §9 constants). Loaded on demand by `./toasts`, never on
 * the first screen (docs/decisions/0006-first-load-budget.md); what sonner cannot match is recorded in
 * docs/decisions/0003-toasts-with-sonner.md.
 */
import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { NotifyOptions } from './toasts';

/** Spec §9 constants. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_MAX_VISIBLE = 1;

/**
 * Shows (or updates, with the same id) the single toast. Dismisses any other toast first, so only one is
 * ever kept (spec §4). Takes the options with a resolved `id`.
 */
export function showToast(options: NotifyOptions & { id: string | number }): void {
  for (const existing of toast.getToasts()) if (existing.id !== options.id) toast.dismiss(existing.id);
  const common = {
    id: options.id,
    description: options.description,
    duration: options.duration ?? TOAST_DURATION_MS,
    action: options.action ? { label: options.action.label, onClick: options.action.onClick } : undefined,
  };
  if (options.variant === 'destructive') toast.error(options.title, { ...common, className: 'toast toast--destructive' });
  else toast(options.title, { ...common, className: 'toast' });
}

/** Dismisses one toast (by id) or all of them. */
export function dismiss(id?: string | number): void {
  toast.dismiss(id);
}

/**
 * The toast region: bottom centre above the bottom navigation, one visible, 5000 ms, F8 focuses it (label
 * 'Notifications (F8)', translated), close button, swipe right to dismiss; timers pause on hover/focus.
 * Calls `onMount` once sonner's `<Toaster>` listens (its effects run before this component's).
 */
export function SonnerToaster({ onMount }: { onMount: () => void }) {
  const { t } = useTranslation('common');
  useEffect(() => onMount(), [onMount]);
  return (
    <Toaster
      theme="dark"
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_MAX_VISIBLE}
      hotkey={TOAST_HOTKEY}
      customAriaLabel={t('toasts.region', { hotkey: TOAST_HOTKEY.join('+') })}
      closeButton
      swipeDirections={['right']}
      offset={{ bottom: 'calc(var(--bottom-nav-height) + 1rem)' }}
      mobileOffset={{ bottom: 'calc(var(--bottom-nav-height) + 0.75rem)' }}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
