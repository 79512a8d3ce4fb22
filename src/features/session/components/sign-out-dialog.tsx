/**
 * Sign-out that never loses work (ARCHITECTURE §6). With no action waiting to sync, it signs out at
 * once. With some, the shared confirmation dialog first says how many are waiting and offers:
 * - "Sync first": sends them now (`syncWaitingActions`); once none is left it signs out. When they cannot be sent
 *   (offline, or the server out of reach), the dialog says that they stay on this device for the member's next
 *   sign-in here, and the fan chooses to sign out (they are parked) or to stay;
 * - "Sign out anyway": signs out; the waiting actions are parked for the same member (`logout` parks them);
 * - "Cancel" (or Escape): stays signed in.
 * `useSignOut()` returns the sign-out in the shape of a mutation (`isPending`, `mutate(undefined, {onSettled})`)
 * and the `dialog` to render once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { countWaitingActions, syncWaitingActions } from '../../../offline/waiting-actions';
import { useLogout } from '../api/logout';

/** Where the dialog stands: asking, sending, or telling that the actions could not be sent. */
type Step = { kind: 'ask'; count: number } | { kind: 'syncing'; count: number } | { kind: 'unsent'; count: number };

/** The sign-out mutation's shape, as the profile view takes it, plus the dialog to render. */
interface SignOut {
  isPending: boolean;
  mutate: (variables: undefined, options: { onSettled: () => void }) => void;
  dialog: ReactNode;
}

/** Sign-out with the waiting-actions dialog (see the module doc). */
export function useSignOut(): SignOut {
  const { t } = useTranslation('session');
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [step, setStep] = useState<Step | null>(null);
  const onSettledRef = useRef<() => void>(() => undefined);
  // Bumped when the fan closes the dialog, so a sync still running then no longer signs out or reopens it.
  const attempt = useRef(0);

  const signOutNow = () => {
    setStep(null);
    logout.mutate(undefined, { onSettled: () => onSettledRef.current() });
  };

  const mutate: SignOut['mutate'] = (_variables, { onSettled }) => {
    onSettledRef.current = onSettled;
    const count = countWaitingActions(queryClient);
    if (count === 0) signOutNow();
    else setStep({ kind: 'ask', count });
  };

  const syncFirst = async () => {
    const mine = ++attempt.current;
    setStep((current) => (current ? { kind: 'syncing', count: current.count } : current));
    const left = await syncWaitingActions(queryClient);
    if (mine !== attempt.current) return;
    if (left === 0) signOutNow();
    else setStep({ kind: 'unsent', count: left });
  };

  let texts: { title: string; body: string; confirmLabel: string; alternativeLabel?: string } | null = null;
  if (step?.kind === 'ask' || step?.kind === 'syncing') {
    texts = {
      title: t('signOut.waitingTitle'),
      body: step.kind === 'syncing' ? t('signOut.syncing', { count: step.count }) : t('signOut.waitingBody', { count: step.count }),
      confirmLabel: t('signOut.syncFirst'),
      alternativeLabel: t('signOut.anyway'),
    };
  } else if (step?.kind === 'unsent') {
    texts = { title: t('signOut.unsentTitle'), body: t('signOut.unsentBody', { count: step.count }), confirmLabel: t('signOut.signOut') };
  }

  const dialog = (
    <ConfirmDialog
      open={step !== null}
      title={texts?.title ?? ''}
      body={<p aria-live="polite">{texts?.body}</p>}
      cancelLabel={t('signOut.stay')}
      confirmLabel={texts?.confirmLabel ?? ''}
      alternativeLabel={texts?.alternativeLabel}
      onAlternative={signOutNow}
      busy={step?.kind === 'syncing'}
      onConfirm={() => (step?.kind === 'unsent' ? signOutNow() : void syncFirst())}
      onCancel={() => {
        attempt.current += 1;
        setStep(null);
      }}
    />
  );

  return { isPending: logout.isPending || step?.kind === 'syncing', mutate, dialog };
}
