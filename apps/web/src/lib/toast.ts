// Toasts without sonner in the first bundle (decision 037): the library (and its <Toaster>) loads on
// the first toast of the visit, which then shows as soon as it has arrived. sonner keeps the toasts
// made before its Toaster subscribed and shows them on mount, so nothing is lost in between.
import { useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');
type Show = (...args: Parameters<Sonner['toast']['success']>) => void;

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Loads sonner and mounts the Toaster (Providers' LazyToaster); every later call is free. */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

function show(kind: 'success' | 'error' | 'info' | 'warning'): Show {
  return (...args) => {
    void loadToasts().then((m) => m.toast[kind](...args));
  };
}

/** The id of an action's error toast: one at a time per action, closed when the action later succeeds. */
export function errorToastId(action: string): string {
  return `error:${action}`;
}

/**
 * sonner's toast.success / error / info / warning, loaded on first use. For an action the person may
 * try again (a bid, saving a form), `failed` shows its error under the action's id (a second failure
 * replaces the first) and `succeeded` closes that error once a later attempt works, so an old error
 * never sits beside the success.
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  failed(action: string, ...[message, data]: Parameters<Show>): void {
    show('error')(message, { ...data, id: errorToastId(action) });
  },
  succeeded(action: string): void {
    // Nothing to close when no toast was ever shown (sonner not loaded).
    if (sonner) void sonner.then((m) => m.toast.dismiss(errorToastId(action)));
  },
};

/** True once a toast was asked for (or the toaster was loaded): then the Toaster is mounted. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sonner !== undefined,
    () => false,
  );
}
