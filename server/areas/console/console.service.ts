/**
 * What the console reads across areas: the organization's audit log, which every operator's change writes to
 * (`server/kernel/audit.ts`).
 */
import type { AuditLogQuery } from '../../../src/contracts/admin/common';
import { listAudit } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/types';

/**
 * A page of the audit log of `organizationId`, newest first, filtered by entity and operator (`query`).
 * @returns entries and their page meta
 */
export function readAuditLog({ db }: Pick<AppDeps, 'db'>, organizationId: string, query: AuditLogQuery) {
  return listAudit(db, organizationId, query);
}
