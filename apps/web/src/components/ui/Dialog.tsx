import * as DialogPrimitive from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type ComponentProps, useRef } from 'react';

// Thin wrappers that give Radix's dialog our look: a centred panel and a side sheet.
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

function Overlay() {
  return (
    <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/55 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
  );
}

function CloseButton({ className }: { className?: string }) {
  return (
    <DialogPrimitive.Close
      aria-label="Close"
      className={clsx(
        'inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink-700 ring-1 ring-ink-200 backdrop-blur transition-colors hover:bg-ink-100 hover:text-ink-900',
        className,
      )}
    >
      <X className="size-5" aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

type ContentProps = ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean };

/**
 * Radix returns focus to a Dialog.Trigger on close; our dialogs are often opened by other elements
 * (a card link, a menu item), so remember whatever had focus when the dialog opened and go back to it.
 */
function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: Pick<ContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'>): Pick<
  ContentProps,
  'onOpenAutoFocus' | 'onCloseAutoFocus'
> {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/** A centred modal panel; scrolls inside itself when taller than the screen. */
export function DialogContent({
  className,
  children,
  hideClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ContentProps) {
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        className={clsx(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-2xl bg-white shadow-overlay focus:outline-none',
          'data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
          className,
        )}
        {...props}
        {...focusHandlers}
      >
        {children}
        {hideClose ? null : <CloseButton className="absolute top-3 right-3 z-10" />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A panel that slides in from the right edge (the mobile menu). */
export function SheetContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ContentProps) {
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        className={clsx(
          'fixed inset-y-0 right-0 z-50 flex w-[min(22rem,calc(100vw-3rem))] flex-col overflow-y-auto bg-white shadow-overlay focus:outline-none',
          'data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
          className,
        )}
        {...props}
        {...focusHandlers}
      >
        {children}
        <CloseButton className="absolute top-3 right-3" />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
