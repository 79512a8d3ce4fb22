/**
 * The sonner half of the toasts (spec §3-§4 Toast, §9 constants). Loaded on demand by `./toasts`, never on
 * the first screen. sonner renders the region, the toast, the close
 * button, the F8 hotkey and swipe-to-dismiss; around it this module adds what sonner 2 lacks:
 * Escape closes the visible toast, and the auto-close timer
 * (`./toast-timer`) pauses while the pointer is over the toaster, while keyboard focus is inside it and while
 * the page is hidden.
 */
import { useEffect, useRef, type FocusEvent } from 'react';
import { toast, Toaster } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { NotifyOptions } from './toasts';
import { createToastTimer } from './toast-timer';

/** Spec §9 constants. */
const TOAST_DURATION_MS = 5000;
const TOAST_HOTKEY = ['F8'];
const TOAST_MAX_VISIBLE = 1;

/** The toast on screen (only one is kept, spec §4), or null. */
let visibleId: string | number | null = null;
/** The toaster's host element while mounted: focus inside it pauses the timer. */
let host: HTMLElement | null = null;
const timer = createToastTimer((id) => toast.dismiss(id));

/**
 * Shows (or updates, with the same id) the single toast. Dismisses any other toast first, so only one is
 * ever kept (spec §4). Takes the options with a resolved `id`; `onClose` runs once the toast leaves the
 * screen (time up, close button, Escape, swipe, or replaced by another toast).
 * @public Reached through the module object of a dynamic import, which knip does not follow.
 */
export function showToast(options: NotifyOptions & { id: string | number }): void {
  for (const existing of toast.getToasts()) if (existing.id !== options.id) toast.dismiss(existing.id);
  const { id } = options;
  visibleId = id;
  const common = {
    id,
    description: options.description,
    // sonner's own timer is off: it does not pause on focus (see the module note).
    duration: Number.POSITIVE_INFINITY,
    action: options.action ? { label: options.action.label, onClick: options.action.onClick } : undefined,
    onDismiss: () => {
      timer.cancel(id);
      if (visibleId === id) visibleId = null;
      options.onClose?.();
    },
  };
  if (options.variant === 'destructive') toast.error(options.title, { ...common, className: 'toast toast--destructive' });
  else toast(options.title, { ...common, className: 'toast' });
  // A pointer left over a toast that went away sends no pointerleave; focus may have left with it.
  timer.setPaused('hover', false);
  timer.setPaused('focus', Boolean(host?.contains(document.activeElement)));
  timer.start(id, options.duration ?? TOAST_DURATION_MS);
}

/**
 * Dismisses one toast (by id) or all of them.
 * @public Reached through the module object of a dynamic import, which knip does not follow.
 */
export function dismiss(id?: string | number): void {
  toast.dismiss(id);
}

/**
 * Closes the visible toast on Escape (spec §4), wherever focus is, unless another handler already used the
 * key (`defaultPrevented`, e.g. a dialog closing itself).
 */
function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented || visibleId === null) return;
  toast.dismiss(visibleId);
}

const onVisibilityChange = () => timer.setPaused('hidden', document.visibilityState === 'hidden');

/**
 * The toast region: top centre under the app bar (clear of form fields and the tab bar), one visible, 5000 ms, F8 focuses it (label
 * 'Notifications (F8)', translated), close button, swipe right to dismiss; the timer pauses on hover and focus.
 * Calls `onMount` once sonner's `<Toaster>` listens (its effects run before this component's).
 * @public Reached through the module object of a dynamic import, which knip does not follow.
 */
export function SonnerToaster({ onMount }: { onMount: () => void }) {
  const { t } = useTranslation('common');
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    host = hostRef.current;
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('visibilitychange', onVisibilityChange);
    onMount();
    return () => {
      host = null;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [onMount]);
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) timer.setPaused('focus', false);
  };
  return (
    <div
      ref={hostRef}
      data-toaster-host=""
      onPointerEnter={() => timer.setPaused('hover', true)}
      onPointerLeave={() => timer.setPaused('hover', false)}
      onFocus={() => timer.setPaused('focus', true)}
      onBlur={onBlur}
    >
      <Toaster
        theme="dark"
        position="top-center"
        visibleToasts={TOAST_MAX_VISIBLE}
        hotkey={TOAST_HOTKEY}
        customAriaLabel={t('toasts.region', { hotkey: TOAST_HOTKEY.join('+') })}
        closeButton
        swipeDirections={['right']}
        // Under the app bar, over the page's heading: at the bottom it covered the fields and buttons of forms
        //.
        offset={{ top: 'calc(var(--app-bar-height) + env(safe-area-inset-top, 0px) + 0.5rem)' }}
        mobileOffset={{ top: 'calc(var(--app-bar-height) + env(safe-area-inset-top, 0px) + 0.5rem)' }}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    </div>
  );
}
