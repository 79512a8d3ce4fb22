/**
 * A confirmation before an action that reaches members or cannot be undone: a modal `<dialog>`
 * named by its title and described by its body. `showModal()` keeps focus inside it and makes the rest of the page
 * inert; focus starts on "cancel" (the safe choice), Escape cancels, and closing returns focus to the control
 * that opened it. Texts come translated from the caller. `useConfirm` gives an awaitable `confirm(options)`.
 * A third choice (`alternativeLabel` / `onAlternative`) sits between the two, for a question with two ways forward
 * (sign out: "Sync first" or "Sign out anyway"); `busy` disables both ways forward while the caller works.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './confirm-dialog.css';

/** What the dialog says and its two buttons' labels (already translated). */
type ConfirmOptions = {
  title: string;
  /** What will happen: who is affected, what is sent. */
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Styles the confirm button as destructive (deleting, leaving unsaved work). */
  destructive?: boolean;
};

/**
 * The dialog, open while `open` is true. `onConfirm` and `onCancel` run on the buttons; Escape calls `onCancel`.
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title,
  body,
  confirmLabel,
  cancelLabel,
  destructive,
  alternativeLabel,
  onAlternative,
  busy,
}: ConfirmOptions & {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  alternativeLabel?: string;
  onAlternative?: () => void;
  busy?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Focus starts on the safe choice.
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        // Escape: the caller decides (it closes the dialog by setting `open`).
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={`${id}-body`} className="confirm-dialog__body stack">
        {body}
      </div>
      <div className="confirm-dialog__actions">
        <button type="button" className="btn btn--secondary" ref={cancelRef} onClick={onCancel}>
          {cancelLabel}
        </button>
        {alternativeLabel && onAlternative ? (
          <button type="button" className="btn btn--secondary" onClick={onAlternative} disabled={busy}>
            {alternativeLabel}
          </button>
        ) : null}
        <button
          type="button"
          className={`btn ${destructive ? 'btn--destructive' : 'btn--primary'}`}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * An awaitable confirmation: `confirm(options)` opens the dialog and resolves true on confirm, false on cancel or
 * Escape. Render `dialog` once in the component.
 */
export function useConfirm() {
  const [state, setState] = useState<{ open: boolean; options: ConfirmOptions | null }>({ open: false, options: null });
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setState({ open: true, options });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    // The dialog stays mounted (closed) so closing returns focus to the control that opened it.
    setState((current) => ({ ...current, open: false }));
  };
  const dialog = state.options ? (
    <ConfirmDialog open={state.open} onConfirm={() => settle(true)} onCancel={() => settle(false)} {...state.options} />
  ) : null;
  return { confirm, dialog };
}
