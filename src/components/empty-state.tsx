/** Empty state: an icon, a title, an optional description and action. */
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
  /** `alert` for a failure, so that it is announced. */
  role?: 'alert';
}

/** Renders the `.empty-state` block. */
export function EmptyState({ title, description, icon, action, role }: EmptyStateProps) {
  return (
    <div className="empty-state" role={role}>
      {icon ? <span className="empty-state__icon">{icon}</span> : null}
      <p className="empty-state__title">{title}</p>
      {description ? <p>{description}</p> : null}
      {action}
    </div>
  );
}
