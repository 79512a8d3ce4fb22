/**
 * Consent switches for /profile/edit (spec §3, §7-§8): one `role="switch"` button per consent, labelled by its
 * name and described by its description. A tap switches at once and sends `PATCH /consent/user/{id}`; a failure is
 * only logged (spec §8) and the switch returns to the server's value. Loading and error states.
 */
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/list-states';
import { Section } from '../../../components/section';
import { useConsents } from '../api/get-consents';
import { useUpdateConsent } from '../api/update-consent';
import './consent.css';

/** Renders the "Privacy choices" section. */
export function ConsentToggles() {
  const { t } = useTranslation('consent');
  const query = useConsents();
  const update = useUpdateConsent();
  return (
    <Section id="consent-title" title={t('title')} className="card consent">
      <p className="muted">{t('intro')}</p>
      <ListStates
        items={query.data}
        isError={query.isError}
        empty={<p className="muted">{t('empty')}</p>}
        error={
          <p className="muted" role="alert">
            {t('error')}
          </p>
        }
        loading={
          <p className="muted" role="status">
            {t('loading')}
          </p>
        }
      >
        {(consents) => (
          <ul className="consent__list">
            {consents.map((consent) => (
              <li key={consent.id} className="consent__item">
                <div className="consent__text">
                  <span id={`consent-${consent.id}`} className="consent__name">
                    {consent.name}
                  </span>
                  <span id={`consent-${consent.id}-desc`} className="muted consent__desc">
                    {consent.description}
                  </span>
                </div>
                <button
                  type="button"
                  role="switch"
                  className="switch"
                  aria-checked={consent.enabled}
                  aria-labelledby={`consent-${consent.id}`}
                  aria-describedby={`consent-${consent.id}-desc`}
                  onClick={() => update.mutate({ consent, enabled: !consent.enabled })}
                >
                  <span className="switch__thumb" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </Section>
  );
}
