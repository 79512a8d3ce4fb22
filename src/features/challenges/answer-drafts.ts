/**
 * The answer a fan chose but has not sent yet, kept for the app's session: a pick'em or quiz answer
 * needs a connection, so offline the choice stays on the card, survives leaving and reopening it, and one tap sends
 * it when the signal is back. Kept in memory only (never persisted): a reload or sign-out forgets it.
 */
import { useCallback, useState } from 'react';

/** Drafts by key (`challengeId`, or `challengeId:questionId` for a quiz question). */
const drafts = new Map<string, unknown>();

/**
 * State hook like `useState`, whose value is kept under `key` for the session.
 * Takes the key and the initial value when no draft exists; returns `[value, setValue, clear]` (clear after sending).
 */
export function useAnswerDraft<T>(key: string, initial: T): [T, (value: T) => void, () => void] {
  const [value, setValue] = useState<T>(() => (drafts.has(key) ? (drafts.get(key) as T) : initial));
  const [keyOfValue, setKeyOfValue] = useState(key);
  // A new key (the next quiz question) starts from its own draft, during render as React recommends.
  if (keyOfValue !== key) {
    setKeyOfValue(key);
    setValue(drafts.has(key) ? (drafts.get(key) as T) : initial);
  }
  const set = useCallback(
    (next: T) => {
      drafts.set(key, next);
      setValue(next);
    },
    [key],
  );
  const clear = useCallback(() => {
    drafts.delete(key);
  }, [key]);
  return [value, set, clear];
}
