/**
 * The profile's notification settings: this device's topics, saved to the server, or notifications
 * turned off on this device; on iPhone/iPad in a Safari tab, how to install the app first.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import type { PushTopic } from '../../../contracts/push';
import { currentPushSubscription, pushSupport, subscribeToPush, unsubscribeFromPush } from '../../../lib/push/push-subscription';
import { notify } from '../../../platform/toasts';
import { IosInstallSteps } from './ios-install-steps';
import { TopicFields } from './topic-fields';
import './push.css';

/** The section; reads this device's subscription when it mounts. */
export function PushSettings() {
  const { t, i18n } = useTranslation('push');
  const support = pushSupport();
  const [topics, setTopics] = useState<PushTopic[] | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  useEffect(() => {
    let live = true;
    void currentPushSubscription().then((current) => {
      if (!live) return;
      setSubscribed(current !== null);
      setTopics(current?.topics ?? []);
    });
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    setBusy(true);
    try {
      const saved = await subscribeToPush(topics ?? [], i18n.resolvedLanguage ?? 'en');
      setSubscribed(true);
      setTopics(saved.topics);
      setStatus(t(subscribed ? 'saved' : 'enabled'));
    } catch (cause) {
      notify({ title: cause instanceof Error && cause.message === 'denied' ? t('denied') : t('failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    await unsubscribeFromPush();
    setSubscribed(false);
    setTopics([]);
    setStatus(t('disabled'));
    setBusy(false);
  };

  return (
    <Section id="push-settings-title" title={t('settingsTitle')} card>
      {support === 'ios-install' ? (
        <IosInstallSteps />
      ) : support !== 'available' ? (
        <p>{support === 'denied' ? t('denied') : t('unsupported')}</p>
      ) : topics === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : (
        <>
          {subscribed ? null : <p>{t('settingsOff')}</p>}
          <TopicFields value={topics} onChange={setTopics} disabled={busy} />
          <div className="push-actions">
            {subscribed ? (
              <button type="button" className="btn btn--secondary" onClick={() => void turnOff()} disabled={busy}>
                {t('turnOff')}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void save()}
              disabled={busy || topics.length === 0}
              aria-busy={busy || undefined}
            >
              {subscribed ? t('save') : t('turnOn')}
            </button>
          </div>
        </>
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </Section>
  );
}
