/**
 * The current time as React state, refreshed every `intervalMs` (default one minute), so expiry badges,
 * countdowns and open/expired states move on while a screen stays open. Shared by every feature.
 */
import { useEffect, useState } from 'react';

/** Returns a `Date` that is replaced every `intervalMs` milliseconds. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
