/**
 * Global toasts (spec §3 Toast, §4 Toast, §9). `<AppToaster/>` is mounted once in the root layout; `notify()` is
 * the one way to show a toast: variant 'default' | 'destructive' (errors), optional action, and an id to update
 * a toast in place. Only one toast is kept: a new one replaces the older (spec §4).
 *
 * sonner (9 KiB gzip) is not on the first screen (docs/decisions/0006-first-load-budget.md): `./sonner-toaster`
 * is loaded when the browser is idle after the first render, or at the first `notify()`, whichever comes first;
 * a toast asked for earlier is shown as soon as the toaster listens, so none is lost.
 *
 * Escape and the pause on keyboard focus are added around sonner.
 */
import { useCallback, useEffect, useState } from 'react';
import { afterFirstRender } from './after-first-render';

type ToasterModule = typeof import('./sonner-toaster');

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
  /** Milliseconds; `Infinity` keeps it until dismissed. Default 5000 (spec §9). */
  duration?: number;
  /**
   * Runs once the toast leaves the screen: its time is up, the fan closed it (button, Escape, swipe) or a newer
   * toast replaced it (only one is kept). Lets a caller keep what the toast offered reachable elsewhere.
   */
  onClose?: () => void;
}

let toasterModule: Promise<ToasterModule> | null = null;
let markMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => (markMounted = resolve));
const loadListeners = new Set<(module: ToasterModule) => void>();

/** Starts loading sonner (once) and tells the mounted `<AppToaster/>` to render it. */
function loadToaster(): Promise<ToasterModule> {
  if (!toasterModule) {
    toasterModule = import('./sonner-toaster');
    void toasterModule.then((module) => loadListeners.forEach((listener) => listener(module)));
  }
  return toasterModule;
}

/** Resolves with sonner once its `<Toaster>` listens. */
async function whenToasterReady(): Promise<ToasterModule> {
  const module = await loadToaster();
  await toasterMounted;
  return module;
}

/**
 * Shows (or updates, with the same id) the single toast. Returns its id at once; the toast appears as soon as
 * the toaster is loaded (at once after the first idle moment).
 */
export function notify(options: NotifyOptions): string | number {
  const id = options.id ?? `toast-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  void whenToasterReady().then((module) => module.showToast({ ...options, id }));
  return id;
}

/** Dismisses one toast (by id) or all of them; nothing to do before the toaster was ever loaded. */
export function dismissToast(id?: string | number): void {
  if (!toasterModule) return;
  void whenToasterReady().then((module) => module.dismiss(id));
}

/** The toast region; renders sonner's `<Toaster>` once loaded (see the module note). */
export function AppToaster() {
  const [module, setModule] = useState<ToasterModule | null>(null);
  const onMount = useCallback(() => markMounted(), []);
  useEffect(() => {
    const listener = (loaded: ToasterModule) => setModule(() => loaded);
    loadListeners.add(listener);
    if (toasterModule) void toasterModule.then(listener);
    afterFirstRender(() => void loadToaster());
    return () => {
      loadListeners.delete(listener);
    };
  }, []);
  return module ? <module.SonnerToaster onMount={onMount} /> : null;
}
