/**
 * `/profile/data`: the member's data rights. "Download my data" saves everything the club holds
 * about them as a JSON file (GDPR art. 15 and 20); "Delete my account" opens a modal `<dialog>` where the member
 * types the confirmation word of their language before the account is erased (art. 17). After the erasure the app
 * layer signs out locally and shows the sign-in screen (`onDeleted`). The organization's last operator is refused
 * (409 LastOperator) and told to hand the role on first.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { Page } from '../../../components/page';
import { notify } from '../../../platform/toasts';
import { useDeleteMyAccount, useDownloadMyData } from '../api/data-rights';
// The account-deletion dialog is a confirmation dialog: it wears the shared dialog's styles.
import '../../../components/confirm-dialog.css';

interface DataRightsProps {
  /** Called once the account is erased: sign out locally and show the sign-in screen. */
  onDeleted: () => void;
}

/** The dialog that erases the account once the member typed the confirmation word. */
function DeleteAccountDialog({ dialogRef, onDeleted }: DataRightsProps & { dialogRef: React.RefObject<HTMLDialogElement | null> }) {
  const { t } = useTranslation('profile');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const deletion = useDeleteMyAccount();
  const word = t('data.delete.word');
  const confirmed = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) {
      setError(t('data.delete.mismatch', { word }));
      return;
    }
    deletion.mutate(undefined, {
      onSuccess: () => {
        dialogRef.current?.close();
        notify({ title: t('data.delete.done') });
        onDeleted();
      },
      // The club's last operator keeps the account until someone else runs the program.
      onError: (failure) =>
        setError(failure instanceof ApiError && failure.code === 'LastOperator' ? t('data.delete.lastOperator') : t('data.delete.failed')),
    });
  };
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-text"
      onClose={() => setTyped('')}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <h2 id="delete-account-title" className="confirm-dialog__title">
          {t('data.delete.dialogTitle')}
        </h2>
        <p id="delete-account-text">{t('data.delete.dialogText')}</p>
        <div className="field">
          <label className="field__label" htmlFor="delete-account-word">
            {t('data.delete.typeWord', { word })}
          </label>
          {/* showModal() moves focus to the dialog's first focusable element: this input (WAI-ARIA dialog pattern). */}
          <input
            id="delete-account-word"
            className="input"
            autoComplete="off"
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby="delete-account-error"
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setError('');
            }}
          />
          <p className="field__error" id="delete-account-error" aria-live="polite">
            {error}
          </p>
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={() => dialogRef.current?.close()}>
            {t('data.delete.cancel')}
          </button>
          <button type="submit" className="btn btn--destructive" disabled={deletion.isPending} aria-busy={deletion.isPending || undefined}>
            {deletion.isPending ? t('data.delete.pending') : t('data.delete.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Renders the data-rights page. */
export function DataRights({ onDeleted }: DataRightsProps) {
  const { t } = useTranslation('profile');
  const download = useDownloadMyData();
  const dialogRef = useRef<HTMLDialogElement>(null);
  return (
    <Page title={t('data.title')}>
      <section className="card stack" aria-labelledby="data-download-title">
        <h2 id="data-download-title" className="card__title">
          {t('data.download.title')}
        </h2>
        <p>{t('data.download.text')}</p>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () => notify({ title: t('data.download.done') }),
              onError: () => notify({ title: t('data.download.failed'), variant: 'destructive' }),
            })
          }
        >
          {download.isPending ? t('data.download.pending') : t('data.download.action')}
        </button>
      </section>
      <section className="card stack" aria-labelledby="data-delete-title">
        <h2 id="data-delete-title" className="card__title">
          {t('data.delete.title')}
        </h2>
        <p>{t('data.delete.text')}</p>
        <button type="button" className="btn btn--destructive" onClick={() => dialogRef.current?.showModal()}>
          {t('data.delete.action')}
        </button>
      </section>
      <DeleteAccountDialog dialogRef={dialogRef} onDeleted={onDeleted} />
    </Page>
  );
}
