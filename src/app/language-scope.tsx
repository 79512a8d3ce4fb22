/**
 * Content follows the language the fan chose: when they switch, everything below is mounted again, so every query
 * reads its entry of the new language (the query hash carries the language, `src/offline/query-client.ts`), and
 * the router's loaders run again to fill what that language has not cached yet.
 */
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props: what to mount again on a language switch, and what to run after one (the router's `invalidate`). */
interface LanguageScopeProps {
  children: ReactNode;
  onLanguageChanged: () => void;
}

/** Renders `children` under a key of the active language; calls `onLanguageChanged` after each switch. */
export function LanguageScope({ children, onLanguageChanged }: LanguageScopeProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    onLanguageChanged();
  }, [language, onLanguageChanged]);
  return <Fragment key={language}>{children}</Fragment>;
}
