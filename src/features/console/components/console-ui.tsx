/**
 * Small pieces every console page uses: the page heading (focused after navigation by the app layout, and after a
 * save), the status badge (text and shape, never colour alone), the error summary of a form, the pair of English
 * and French controls of a translatable field, and the pager of a list.
 */
import { useCallback, useEffect, type ReactNode, type Ref } from 'react';
import type { ContentStatus } from '../../../contracts/admin/common';
import type { FieldErrors } from '../form/field-errors';
import { fieldLabel } from '../form/field-labels';
import { useConsoleText } from './use-console-text';

/** The page's `<h1>` (focusable, so focus can be moved to it) and the document title "{title} · Console". */
export function ConsoleHeading({
  title,
  headingRef,
  actions,
}: {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
}) {
  const { t } = useConsoleText();
  useEffect(() => {
    document.title = `${title} · ${t('title')}`;
  }, [title, t]);
  return (
    <div className="console-page__head">
      <h1 className="console-page__title" tabIndex={-1} ref={headingRef}>
        {title}
      </h1>
      {actions ? <div className="console-page__actions">{actions}</div> : null}
    </div>
  );
}

const STATUS_MARK: Record<ContentStatus, string> = { draft: '✎', scheduled: '◷', live: '●', ended: '■', archived: '▣' };

/** A publishing status as a labelled badge (symbol + word; colour only repeats it). */
export function StatusBadge({ status }: { status: ContentStatus }) {
  const { t } = useConsoleText();
  return (
    <span className={`console-status console-status--${status}`}>
      <span aria-hidden="true">{STATUS_MARK[status]} </span>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * The list of a form's errors at its top (an alert, focusable), with the field each message belongs to. Takes the
 * errors and a function naming a path's field; renders nothing without errors.
 */
export function ErrorSummary({ errors, fieldName }: { errors: FieldErrors; fieldName: (path: string) => string }) {
  const { t } = useConsoleText();
  const entries = Object.entries(errors);
  if (!entries.length) return null;
  return (
    <div className="console-error-summary" role="alert" tabIndex={-1} data-error-summary>
      <p className="console-error-summary__title">{t('form.errorSummary', { count: entries.length })}</p>
      <ul>
        {entries.map(([path, text]) => (
          <li key={path}>
            {path ? <strong>{fieldName(path)}: </strong> : null}
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** English and French controls of one field side by side (stacked on narrow screens). */
export function LanguagePair({ english, french }: { english: ReactNode; french: ReactNode }) {
  return (
    <div className="console-pair">
      <div className="console-pair__cell">{english}</div>
      <div className="console-pair__cell" lang="fr">
        {french}
      </div>
    </div>
  );
}

/** "Page n of m" with previous/next controls, given as render functions so the route's links are used. */
export function Pager({
  page,
  pageSize,
  total,
  link,
}: {
  page: number;
  pageSize: number;
  total: number;
  link: (page: number, label: string, rel: 'prev' | 'next') => ReactNode;
}) {
  const { t } = useConsoleText();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="console-pager" aria-label={t('list.pagination')}>
      {page > 1 ? link(page - 1, t('list.previous'), 'prev') : <span className="console-pager__gap" />}
      <p className="console-pager__where" aria-live="polite">
        {t('list.pageOf', { page, pages, total })}
      </p>
      {page < pages ? link(page + 1, t('list.next'), 'next') : <span className="console-pager__gap" />}
    </nav>
  );
}

/**
 * The human name of the value at a form path (`fieldLabel`): `options.1.text` -> "Option 2",
 * `badges.0.name` -> "Badge 1: Name", `translations.fr.title` -> "Title (French)". Forms label their controls and
 * their error summary with it.
 */
export function useFieldName() {
  const { t } = useConsoleText();
  return useCallback(
    (path: string) => {
      const label = fieldLabel(path);
      const name = label.row
        ? t('labels.rowField', { row: t(label.row.key, { n: label.row.n }), field: t(label.row.field) })
        : t(label.key, label.values);
      return label.french ? t('form.inFrench', { field: name }) : name;
    },
    [t],
  );
}
