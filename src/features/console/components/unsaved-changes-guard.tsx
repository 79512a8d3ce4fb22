/**
 * Warns before a console form's unsaved changes are lost: leaving for another page of the app asks
 * "Leave without saving?" in the shared confirmation dialog (Stay keeps the page, Leave goes on), and closing or
 * reloading the tab gets the browser's own warning (`beforeunload`). Nothing is asked once the form is saved or
 * unchanged, nor for a change of the page's search only. Uses TanStack Router's `useBlocker`.
 */
import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConsoleText } from './use-console-text';

/** The guard of one form; `isDirty` reads whether it holds unsaved changes at the time of asking. */
export function UnsavedChangesGuard({ isDirty }: { isDirty: () => boolean }) {
  const { t } = useConsoleText();
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && isDirty(),
    enableBeforeUnload: isDirty,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={t('form.leaveTitle')}
      body={<p>{t('form.leaveText')}</p>}
      confirmLabel={t('form.leave')}
      cancelLabel={t('form.stay')}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
