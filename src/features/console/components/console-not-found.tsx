/**
 * An unknown page inside the console (`/admin/{anything else}`), for an operator: its heading says so and links back
 * to the overview. Fans never get here: the console's guard answers them with the app's 404 page first.
 */
import { Link } from '@tanstack/react-router';
import { ConsoleHeading } from './console-ui';
import { useConsoleText } from './use-console-text';

/** Renders the console's "page not found". */
export function ConsoleNotFound() {
  const { t } = useConsoleText();
  return (
    <div className="console-page">
      <ConsoleHeading title={t('notFound.title')} />
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/admin">{t('nav.home')}</Link>
      </p>
    </div>
  );
}
