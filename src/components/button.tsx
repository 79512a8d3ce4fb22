/** `<Button>`: the `.btn` classes with a variant and a busy state (spinner + `aria-busy`, disabled while busy). */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'destructive';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  busy?: boolean;
  children: ReactNode;
}

/** Renders a `<button>` (type="button" unless given). */
export function Button({
  variant = 'secondary',
  size = 'md',
  block,
  busy,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, size !== 'md' ? `btn--${size}` : '', block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner small /> : null}
      {children}
    </button>
  );
}
