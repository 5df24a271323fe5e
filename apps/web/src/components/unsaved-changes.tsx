import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './confirm-modal';

/**
 * Keeps a form's unsaved changes from being lost by leaving: a link, Back or Cancel inside the portal
 * asks first; closing or reloading the tab gets the browser's own question. After a save the form
 * calls `release()` before it navigates on, so the move that reports the save is not questioned.
 */
export function useUnsavedChangesGuard(dirty: boolean): { prompt: ReactNode; release: () => void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const prompt = (
    <ConfirmModal
      show={blocker.state === 'blocked'}
      title="Leave without saving?"
      text="Your changes on this form have not been saved. If you leave now, they are lost."
      confirmLabel="Leave"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
  return { prompt, release };
}
