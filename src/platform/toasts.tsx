/**
 * Global toasts (spec §3 Toast, §4 Toast, §9) on sonner. `<AppToaster/>` is mounted once in the root layout;
 * `notify()` is the one way to show a toast: variant 'default' | 'destructive' (errors), optional action, and an
 * id to update a toast in place. Only one toast is kept: a new one replaces the older (spec §4).
 * What sonner cannot match exactly is recorded in docs/decisions/0003-toasts-with-sonner.md.
 */
import { toast, Toaster } from 'sonner';
import { useTranslation } from 'react-i18next';

/** Spec §9 constants. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_MAX_VISIBLE = 1;

export interface NotifyOptions {
  /** Title (already translated). */
  title: string;
  /** Optional second line (already translated). */
  description?: string;
  /** 'destructive' for errors (spec §8). */
  variant?: 'default' | 'destructive';
  /** One action button, e.g. "Reload". */
  action?: { label: string; onClick: () => void };
  /** Same id = update the existing toast (spec §4 "updated by id"). */
  id?: string | number;
  /** Milliseconds; `Infinity` keeps it until dismissed. Default 5000. */
  duration?: number;
}

/**
 * Shows (or updates, with the same id) the single toast. Returns its id. Dismisses any other toast first, so
 * only one is ever kept.
 */
export function notify(options: NotifyOptions): string | number {
  const id = options.id ?? `toast-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  // One toast kept (spec §4): dismiss the others unless this call updates one of them.
  for (const existing of toast.getToasts()) if (existing.id !== id) toast.dismiss(existing.id);
  const common = {
    id,
    description: options.description,
    duration: options.duration ?? TOAST_DURATION_MS,
    action: options.action ? { label: options.action.label, onClick: options.action.onClick } : undefined,
  };
  return options.variant === 'destructive'
    ? toast.error(options.title, { ...common, className: 'toast toast--destructive' })
    : toast(options.title, { ...common, className: 'toast' });
}

/** Dismisses one toast (by id) or all of them. */
export function dismissToast(id?: string | number): void {
  toast.dismiss(id);
}

/**
 * The toast region: bottom centre above the bottom navigation, one visible, 5000 ms, F8 focuses it (label
 * 'Notifications (F8)', translated), close button, swipe right to dismiss; timers pause on hover/focus.
 */
export function AppToaster() {
  const { t } = useTranslation('common');
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
