/**
 * Actions of an edit page: delete (after a confirmation; the API archives instead when members already answered
 * or earned from the item, and the toast says which happened), and the item's loading of the organization
 * context every form needs (time zone, ranks).
 */
import { useNavigate } from '@tanstack/react-router';
import { useOrganization } from '../../../lib/organization/get-organization';
import { notify } from '../../../platform/toasts';
import { useDeleteItem } from '../api/admin-api';
import { useConsoleText } from './use-console-text';

/** The organization's time zone (UTC until loaded) and ranks, for date-time and rank fields. */
export function useOrganizationContext() {
  const { data } = useOrganization();
  return { timeZone: data?.timeZone ?? 'UTC', ranks: data?.ranks ?? [] };
}

/** The delete button of item `id` of `path`; goes back to the list afterwards. */
export function DeleteButton({ path, id, name }: { path: string; id: string; name: string }) {
  const { t } = useConsoleText();
  const navigate = useNavigate();
  const mutation = useDeleteItem(path);
  const remove = async () => {
    if (!window.confirm(t('form.confirmDelete', { name }))) return;
    try {
      const result = await mutation.mutateAsync(id);
      notify({ title: result.archived ? t('form.archived', { name }) : t('form.deleted', { name }) });
      void navigate({ to: '/admin/$resource', params: { resource: path } });
    } catch {
      notify({ title: t('form.deleteFailed', { name }), variant: 'destructive' });
    }
  };
  return (
    <button
      type="button"
      className="btn btn--destructive"
      onClick={() => void remove()}
      disabled={mutation.isPending}
      aria-busy={mutation.isPending || undefined}
    >
      {t('form.delete')}
    </button>
  );
}
