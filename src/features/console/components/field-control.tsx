/**
 * One control of a console form for a `FieldSpec`: text, long text, Markdown, number, date-time in the
 * organization's time zone, media upload with preview, select, checkbox, one-per-line list, colour or an ordered
 * choice of the organization's videos. Every
 * control has a visible label, its error inline (`aria-describedby`, `aria-invalid`, announced politely) and a
 * `data-path` with its value's path, by which the form focuses the first field in error.
 */
import { useId, useState, type ReactNode } from 'react';
import type { Rank } from '../../../contracts/organization';
import { mediaUrl } from '../../../api/media';
import { Spinner } from '../../../components/spinner';
import { notify } from '../../../platform/toasts';
import { uploadMedia } from '../api/admin-api';
import { fromZonedInput, toZonedInput } from '../form/datetime';
import type { FieldSpec } from '../form/fields';
import { useConsoleText } from './use-console-text';
import { VideoPicker } from './video-picker';

interface ControlProps {
  field: FieldSpec;
  /** Path of the value in the form's values (`title`, `translations.fr.title`). */
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Message (already translated) or undefined. */
  error?: string;
  hint?: string;
  /** `fr` for the French text of a translatable field. */
  lang?: string;
  /** The organization's IANA time zone, for date-time fields. */
  timeZone: string;
  ranks: readonly Rank[];
}

/** Ids and ARIA attributes of a control with an optional hint and error. */
function useDescribed(hint?: string, error?: string) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' ');
  return {
    id,
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    aria: { 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined },
  };
}

function Wrapper({
  id,
  label,
  hint,
  hintId,
  errorId,
  error,
  children,
  required,
}: {
  id: string;
  label: string;
  hint?: string;
  hintId: string;
  errorId: string;
  error?: string;
  children: ReactNode;
  required?: boolean;
}) {
  const { t } = useConsoleText();
  return (
    <div className="field console-field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? <span className="console-required"> ({t('form.required')})</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <p className="field__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

/** The upload control of a media field: preview of the current file, upload, remove. */
function MediaControl({ field, path, label, value, onChange, error, hint }: ControlProps) {
  const { t, message } = useConsoleText();
  const { id, hintId, errorId, aria } = useDescribed(hint, error);
  const [busy, setBusy] = useState(false);
  const mediaId = typeof value === 'string' && value ? value : null;
  const image = !field.accept || field.accept.startsWith('image');
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const uploaded = await uploadMedia(file);
      onChange(uploaded.id);
      notify({ title: t('media.uploaded', { name: file.name }) });
    } catch (cause) {
      notify({
        title: t('media.uploadFailed'),
        description: cause instanceof Error ? message(cause.message) : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Wrapper id={id} label={label} hint={hint} hintId={hintId} errorId={errorId} error={error} required={field.required}>
      <div className="console-media">
        <div className="console-media__preview">
          {mediaId && image ? (
            <img src={mediaUrl(mediaId) ?? undefined} alt={t('media.previewAlt', { label })} width={160} height={120} />
          ) : (
            <span className="muted">{mediaId ? t('media.fileSet') : t('media.none')}</span>
          )}
        </div>
        <div className="stack stack--sm">
          <input
            id={id}
            type="file"
            className="input"
            accept={field.accept ?? 'image/png,image/jpeg,image/webp,image/gif'}
            data-path={path}
            disabled={busy}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
              event.currentTarget.value = '';
            }}
            {...aria}
          />
          {busy ? <Spinner small label={t('media.uploading')} /> : null}
          {mediaId ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange(null)}>
              {t('media.remove', { label })}
            </button>
          ) : null}
        </div>
      </div>
    </Wrapper>
  );
}

/** Renders the control of `field` (see the module note). */
export function FieldControl(props: ControlProps) {
  const { field, path, label, value, onChange, error, hint, lang, timeZone, ranks } = props;
  const { t } = useConsoleText();
  const kindHint = {
    datetime: t('form.timeZoneHint', { zone: timeZone }),
    markdown: t('form.markdownHint'),
    list: t('form.listHint'),
  } as Partial<Record<string, string>>;
  const shownHint = hint ?? kindHint[field.kind];
  const { id, hintId, errorId, aria } = useDescribed(shownHint, error);
  const common = { id, 'data-path': path, lang, ...aria };
  const wrap = (control: ReactNode) => (
    <Wrapper id={id} label={label} hint={shownHint} hintId={hintId} errorId={errorId} error={error} required={field.required}>
      {control}
    </Wrapper>
  );
  switch (field.kind) {
    case 'media':
      return <MediaControl {...props} />;
    case 'videos':
      return (
        <div className="field console-field">
          <VideoPicker
            id={id}
            label={label}
            value={(value as string[] | undefined) ?? []}
            onChange={onChange}
            describedBy={aria['aria-describedby']}
            invalid={Boolean(error)}
          />
          <p className="field__error" id={errorId} aria-live="polite">
            {error ?? ''}
          </p>
        </div>
      );
    case 'checkbox':
      return (
        <div className="field console-field console-field--check">
          <label className="console-check" htmlFor={id}>
            <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} {...common} />
            {label}
          </label>
          <p className="field__error" id={errorId} aria-live="polite">
            {error ?? ''}
          </p>
        </div>
      );
    case 'textarea':
    case 'markdown':
      return wrap(
        <textarea
          className="input console-textarea"
          rows={field.kind === 'markdown' ? 12 : 4}
          maxLength={field.maxLength}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
          {...common}
        />,
      );
    case 'list':
      return wrap(
        <textarea
          className="input console-textarea"
          rows={4}
          value={((value as string[] | undefined) ?? []).join('\n')}
          onChange={(e) => onChange(e.currentTarget.value.split('\n'))}
          {...common}
        />,
      );
    case 'number':
      return wrap(
        <input
          className="input"
          type="number"
          inputMode="numeric"
          step={1}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.currentTarget.value === '' ? '' : Number(e.currentTarget.value))}
          {...common}
        />,
      );
    case 'datetime':
      return wrap(
        <input
          className="input"
          type="datetime-local"
          value={toZonedInput(value as string | null, timeZone)}
          onChange={(e) => onChange(fromZonedInput(e.currentTarget.value, timeZone))}
          {...common}
        />,
      );
    case 'select': {
      const choices = field.choicesFrom === 'ranks' ? ranks.map((rank) => rank.name) : (field.choices ?? []);
      const choiceLabel = (choice: string) => {
        const rank = field.choicesFrom === 'ranks' ? ranks.find((r) => r.name === choice) : undefined;
        if (rank) return `${rank.name} · ${rank.title}`;
        return field.labelled ? t(`choices.${field.name}.${choice}`) : choice;
      };
      return wrap(
        <select className="select input" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} {...common}>
          {!field.required || !value ? <option value="">{t('form.choose')}</option> : null}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choiceLabel(choice)}
            </option>
          ))}
        </select>,
      );
    }
    case 'color':
      return wrap(
        <input
          className="input console-color"
          type="color"
          value={String(value || '#000000')}
          onChange={(e) => onChange(e.currentTarget.value)}
          {...common}
        />,
      );
    default:
      return wrap(
        <input
          className="input"
          type={field.name.toLowerCase().endsWith('url') ? 'url' : 'text'}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
          {...common}
        />,
      );
  }
}
