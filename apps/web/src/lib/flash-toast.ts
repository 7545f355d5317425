import { toast } from './toast';

// A toast that must outlive a full page load (the phone sign-in ends with one):
// kept in sessionStorage and shown once by the next page.

const KEY = 'rebound.flash-toast';

type Flash = { kind: 'success' | 'error'; title: string; description?: string };

export function flashToastAfterReload(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage blocked: the toast is lost, the sign-in is not.
  }
}

/** Shows (and forgets) the toast left by the page before a reload. */
export function showFlashToast(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const flash = JSON.parse(raw) as Flash;
    const show = flash.kind === 'error' ? toast.error : toast.success;
    show(flash.title, flash.description ? { description: flash.description } : undefined);
  } catch {
    // A damaged value is simply dropped.
  }
}
