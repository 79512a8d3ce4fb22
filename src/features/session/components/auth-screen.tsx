/**
 * The layout of the sign-in steps (spec §2 `/login`, `/login/verify-email`): a back link, the step's heading and
 * its intro on top, the form panel below. Sets the document title to the heading.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from '../../../components/icons';
import { useDocumentTitle } from '../../../components/page';

interface AuthScreenProps {
  /** Where the back link goes and its label (translated). */
  back: { to: string; label: string };
  /** The step's heading (translated). */
  title: string;
  /** Shown under the heading. */
  intro: ReactNode;
  /** The panel: the form and its notes. */
  children: ReactNode;
}

/** Renders the step's screen. */
export function AuthScreen({ back, title, intro, children }: AuthScreenProps) {
  useDocumentTitle(title);
  return (
    <div className="auth-screen">
      <div className="auth-screen__top">
        <Link to={back.to as '/'} className="btn btn--ghost btn--sm auth-back">
          <ArrowLeftIcon width={18} height={18} />
          {back.label}
        </Link>
        <div className="stack stack--sm">
          <h1 className="page-title" tabIndex={-1}>
            {title}
          </h1>
          {intro}
        </div>
      </div>
      <div className="auth-screen__panel">{children}</div>
    </div>
  );
}
