/**
 * Boot error screen: shown when `/config.json` cannot be loaded (server down, offline on a first visit).
 * Translated when i18n is up; otherwise English (i18n itself failed to load).
 */
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18next } from '../platform/i18n';
import '../styles/index.css';

const FALLBACK = {
  title: 'Podium cannot start',
  body: 'We could not load the app settings. Check your connection and try again.',
  retry: 'Try again',
};

function Content({ title, body, retry }: typeof FALLBACK) {
  return (
    <main className="boot-screen" id="main-content">
      <div className="boot-screen__content" role="alert">
        <h1 className="page-title">{title}</h1>
        <p className="muted">{body}</p>
        <button type="button" className="btn btn--primary btn--lg" onClick={() => window.location.reload()}>
          {retry}
        </button>
      </div>
    </main>
  );
}

function Translated() {
  const { t } = useTranslation('common');
  return <Content title={t('boot.title')} body={t('boot.configError')} retry={t('boot.retry')} />;
}

/** Renders the boot error; `i18nReady` says whether translations can be used. */
export function BootError({ i18nReady }: { i18nReady: boolean }) {
  if (!i18nReady) return <Content {...FALLBACK} />;
  return (
    <I18nextProvider i18n={i18next}>
      <Translated />
    </I18nextProvider>
  );
}
