/**
 * `/admin/import-export`: the organization's whole content and settings as one JSON document. "Export" downloads
 * it (`GET /api/admin/export`); "Import" sends a chosen file (`POST /api/admin/import`, one transaction: all or
 * nothing, idempotent by each item's `key`) and lists the refused items by their JSON path.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { notify } from '../../../platform/toasts';
import { adminKeys, exportContent, importContent } from '../api/admin-api';
import { serverFieldErrors } from '../form/field-errors';
import { ConsoleHeading } from './console-ui';
import { useConsoleText } from './use-console-text';

/** Renders the import and export controls. */
export function ImportExportPage() {
  const { t, message } = useConsoleText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [problems, setProblems] = useState<Array<[string, string]>>([]);

  const download = async () => {
    setBusy('export');
    try {
      const json = await exportContent();
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `content-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      notify({ title: t('importExport.exported') });
    } catch {
      notify({ title: t('importExport.exportFailed'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File) => {
    setBusy('import');
    setProblems([]);
    try {
      const document: unknown = JSON.parse(await file.text());
      await importContent(document);
      notify({ title: t('importExport.imported', { name: file.name }) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    } catch (error) {
      if (error instanceof SyntaxError) setProblems([['', t('importExport.notJson')]]);
      else if (error instanceof ApiError)
        setProblems(Object.entries(serverFieldErrors(error.details)).map(([path, text]) => [path, message(text)]));
      notify({
        title: t('importExport.importFailed'),
        description: error instanceof Error ? message(error.message) : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="console-page">
      <ConsoleHeading title={t('importExport.title')} />
      <section className="console-fieldset" aria-labelledby="export-title">
        <h2 id="export-title" className="console-section-title">
          {t('importExport.exportTitle')}
        </h2>
        <p className="muted">{t('importExport.exportHelp')}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void download()}
          disabled={busy !== null}
          aria-busy={busy === 'export' || undefined}
        >
          {t('importExport.export')}
        </button>
      </section>
      <section className="console-fieldset" aria-labelledby="import-title">
        <h2 id="import-title" className="console-section-title">
          {t('importExport.importTitle')}
        </h2>
        <p className="muted">{t('importExport.importHelp')}</p>
        <div className="field">
          <label className="field__label" htmlFor="import-file">
            {t('importExport.chooseFile')}
          </label>
          <input
            id="import-file"
            type="file"
            className="input"
            accept="application/json,.json"
            disabled={busy !== null}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void upload(file);
            }}
          />
        </div>
        {problems.length ? (
          <div className="console-error-summary" role="alert">
            <p className="console-error-summary__title">{t('importExport.problems', { count: problems.length })}</p>
            <ul>
              {problems.map(([path, text]) => (
                <li key={path}>
                  {path ? <code>{path}</code> : null} {text}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </div>
  );
}
