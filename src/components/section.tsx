/**
 * `<Section>`: a `<section>` labelled by its `<h2>` (`aria-labelledby`), the way every screen splits its content,
 * with an optional element beside the heading (a "See all" link, a count) in `.section__head`, and that link.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

interface SectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'id'> {
  /** Id of the heading, unique on the page; the section is labelled by it. */
  id: string;
  /** The heading (translated). */
  title: ReactNode;
  /** Class of the `<h2>`: `section__title` unless given. */
  titleClassName?: string;
  /** Shown beside the heading, e.g. a "See all" link. */
  aside?: ReactNode;
  /** A card: the heading and the content sit in its `.card__body`. */
  card?: boolean;
  children?: ReactNode;
}

/** Renders the section; other attributes (class, `aria-busy`) go to the `<section>`. */
export function Section({ id, title, titleClassName = 'section__title', aside, card, children, ...rest }: SectionProps) {
  const heading = (
    <h2 id={id} className={titleClassName}>
      {title}
    </h2>
  );
  const content = (
    <>
      {aside ? (
        <div className="section__head">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </>
  );
  return (
    <section aria-labelledby={id} {...rest}>
      {card ? <div className="card__body">{content}</div> : content}
    </section>
  );
}

/** The small link beside a section heading to the whole list (e.g. "See all"): `label` (translated) to `to`. */
export function SectionLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to as '/'} className="btn btn--ghost btn--sm">
      {label}
    </Link>
  );
}
