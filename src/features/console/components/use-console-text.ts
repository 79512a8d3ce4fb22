/**
 * The console's strings (`console` namespace, en and fr) and the translation of validation messages: the shared
 * contracts write their messages in English (`'Required'`, `'Must be after visibleFrom'`), and the console shows
 * each in the operator's language when `console:messages` knows it, else as written.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** `t` of the console namespace, and `message(text)` translating a contract or server validation message. */
export function useConsoleText() {
  const { t, i18n } = useTranslation('console');
  const message = useCallback(
    (text: string) => {
      const known = t('messages', { returnObjects: true }) as Record<string, string> | string;
      return typeof known === 'object' && known[text] ? known[text] : text;
    },
    [t],
  );
  return { t, i18n, message };
}
