/** How to add the app to the Home Screen on iPhone and iPad, where push works only for an installed app. */
import { useTranslation } from 'react-i18next';

/** The explanation and the three steps, as an ordered list. */
export function IosInstallSteps() {
  const { t } = useTranslation('push');
  return (
    <>
      <p>{t('iosText')}</p>
      <ol className="push-steps">
        <li>{t('iosSteps.share')}</li>
        <li>{t('iosSteps.add')}</li>
        <li>{t('iosSteps.open')}</li>
      </ol>
    </>
  );
}
