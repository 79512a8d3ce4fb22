/** Loading indicators: `<Spinner/>` (inline) and `<PageSpinner/>` (route pending state, announced politely). */
import { useTranslation } from 'react-i18next';

/** An inline spinner; decorative unless `label` is given. */
export function Spinner({ small, label }: { small?: boolean; label?: string }) {
  return (
    <span
      className={small ? 'spinner spinner--sm' : 'spinner'}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ display: 'inline-block' }}
    />
  );
}

/** Full-area loading state used while a route loads. */
export function PageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
