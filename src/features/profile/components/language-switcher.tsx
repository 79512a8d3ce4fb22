/**
 * Language switcher (English / Français): a labelled group of toggle buttons; the choice is kept in the `i18next`
 * cookie for 365 days (spec §9) and `<html lang>` follows.
 */
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, SUPPORTED_LANGUAGES } from '../../../platform/i18n';

const NATIVE_NAMES: Record<(typeof SUPPORTED_LANGUAGES)[number], string> = { en: 'English', fr: 'Français' };

/** Renders the switcher; `labelId` names the group (the visible label lives with the caller). */
export function LanguageSwitcher({ labelId }: { labelId: string }) {
  useTranslation('profile'); // re-render on language change
  const active = currentLanguage();
  return (
    <div className="lang-switch" role="group" aria-labelledby={labelId}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === active}
          onClick={() => void changeLanguage(language)}
        >
          {NATIVE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
