/**
 * `<Page>`: the content column of a screen with its `<h1 class="page-title">`. The heading takes focus after each
 * route change (see `useFocusHeadingOnNavigate` in app-layout.tsx), and sets `document.title` ("{title} · {the club's short name}").
 */
import { useEffect, type ReactNode } from 'react';
import { appName } from '../platform/app-identity';

interface PageProps {
  /** Visible page heading (translated). */
  title: string;
  /** Hide the heading visually (kept for screen readers and focus). */
  hideTitle?: boolean;
  /** Extra content beside the heading (e.g. a badge). */
  aside?: ReactNode;
  wide?: boolean;
  center?: boolean;
  children: ReactNode;
}

/** Sets the document title to "{title} · {app name}" (the club's short name, `appName`) while the screen shows. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${appName()}`;
  }, [title]);
}

/** Renders the page column and heading; updates the document title to "{title} · {app name}". */
export function Page({ title, hideTitle, aside, wide, center, children }: PageProps) {
  useDocumentTitle(title);
  const classes = ['page', wide ? 'page--wide' : '', center ? 'page--center' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <div className={aside ? 'row row--between' : undefined}>
        <h1 className={hideTitle ? 'page-title visually-hidden' : 'page-title'} tabIndex={-1}>
          {title}
        </h1>
        {aside}
      </div>
      {children}
    </div>
  );
}
