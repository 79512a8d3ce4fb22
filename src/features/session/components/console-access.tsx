/**
 * The way into the operator console from the fan app: `AppBarConsoleLink`, shown only to operators
 * (`role: 'operator'` on the current user, `GET /user/me`), and `ConsoleAccessDenied`, what a signed-in member who
 * is not an operator sees at `/admin` instead of a blank or "not found" page. Strings: `common:console.*`.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useCurrentUser } from '../../../lib/session/get-current-user';

/** True when the signed-in user is an operator (false signed out or while the user loads). */
function useIsOperator(): boolean {
  const { data: user } = useCurrentUser();
  return user?.role === 'operator';
}

/** The app bar's link to `/admin` ("Console"), for operators only: nothing for anyone else. */
export function AppBarConsoleLink() {
  const { t } = useTranslation('common');
  if (!useIsOperator()) return null;
  return (
    <div className="app-bar__actions">
      <Link to="/admin" className="btn btn--secondary btn--sm" aria-label={t('console.linkLabel')}>
        {t('console.link')}
      </Link>
    </div>
  );
}

/** The `/admin` page for a signed-in member who is not an operator: what the console is, and the way back. */
export function ConsoleAccessDenied() {
  const { t } = useTranslation('common');
  return (
    <Page title={t('console.deniedTitle')} center>
      <EmptyState
        description={t('console.deniedText')}
        title={t('console.deniedHeading')}
        action={
          <Link to="/dashboard" className="btn btn--primary">
            {t('console.backToApp')}
          </Link>
        }
      />
    </Page>
  );
}
