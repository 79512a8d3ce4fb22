/**
 * Avatar uploader for /profile/edit (spec §7 `POST /media` octet-stream + `POST /media/set-avatar {name}`): a file
 * input accepting PNG, JPEG and WebP, a preview of the chosen image, and "Use this photo" to upload and set it.
 * Type and size (5 MB) are checked before upload; the server checks the bytes again. Online only.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/button';
import type { User } from '../../../contracts/user';
import { useIsOnline } from '../../../offline/use-offline-status';
import { notify } from '../../../platform/toasts';
import { AVATAR_ACCEPT, avatarFileProblem, useChangeAvatar } from '../api/upload-avatar';
import './avatar.css';

/** Renders the avatar section for `user`. */
export function AvatarUploader({ user }: { user: Pick<User, 'avatarUrl' | 'firstName' | 'username' | 'email'> }) {
  const { t } = useTranslation('avatar');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const online = useIsOnline();
  const change = useChangeAvatar();
  // The chosen file and its object URL live together: the URL is made when the file is chosen and revoked when it
  // is replaced, cleared or the component leaves, so no effect has to copy one into the other.
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const chosenUrl = useRef<string | null>(null);
  const [problem, setProblem] = useState<string>('');
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? null;

  const choose = (next: File | null) => {
    if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
    const url = next ? URL.createObjectURL(next) : null;
    chosenUrl.current = url;
    setChosen(next && url ? { file: next, url } : null);
  };

  useEffect(
    () => () => {
      if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
      chosenUrl.current = null;
    },
    [],
  );

  const onChoose = (chosen: File | undefined) => {
    if (!chosen) return;
    const issue = avatarFileProblem(chosen);
    if (issue) {
      setProblem(t(`problem.${issue}`));
      choose(null);
      return;
    }
    setProblem('');
    choose(chosen);
  };

  const onUpload = () => {
    if (!file) return;
    change.mutate(file, {
      onSuccess: () => {
        notify({ title: t('saved') });
        choose(null);
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (error) => {
        const status = error instanceof ApiError ? error.status : 0;
        notify({
          variant: 'destructive',
          title: t('failed'),
          description: status === 413 ? t('problem.size') : status === 415 ? t('problem.type') : t('failedHint'),
        });
      },
    });
  };

  const initial = (user.firstName || user.username || user.email).charAt(0).toUpperCase();
  const shown = preview ?? user.avatarUrl;

  return (
    <section className="card avatar-uploader" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="section__title">
        {t('title')}
      </h2>
      <div className="avatar-uploader__row">
        <span className="avatar avatar--lg avatar-uploader__preview">
          {shown ? (
            <img src={shown} alt={preview ? t('previewAlt') : t('currentAlt')} width={96} height={96} />
          ) : (
            <span aria-hidden="true">{initial}</span>
          )}
        </span>
        <div className="stack stack--sm" style={{ flex: 1 }}>
          <label htmlFor={inputId} className="btn btn--secondary btn--sm avatar-uploader__choose">
            {t('choose')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={AVATAR_ACCEPT}
            aria-describedby={`${inputId}-hint ${inputId}-error`}
            onChange={(e) => onChoose(e.target.files?.[0])}
          />
          <p id={`${inputId}-hint`} className="field__hint">
            {t('hint')}
          </p>
          <p id={`${inputId}-error`} className="field__error" aria-live="polite">
            {problem}
          </p>
        </div>
      </div>
      {file ? (
        <div className="row" style={{ gap: 'var(--space-2)', flexWrap: 'wrap' }}>
          <Button variant="primary" busy={change.isPending} disabled={!online} onClick={onUpload}>
            {t('use')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              choose(null);
              if (inputRef.current) inputRef.current.value = '';
            }}
          >
            {t('cancel')}
          </Button>
          {!online ? <p className="muted">{t('offline')}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
