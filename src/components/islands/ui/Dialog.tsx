import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

/**
 * A modal on the native <dialog> element: focus moves in and is trapped, Escape closes, focus
 * returns to the opener. `open` controls it; `onClose` runs on Escape, the X and the backdrop.
 * The body may be a React.lazy form (its code loads on first open, not with the list page):
 * `loadingLabel` is announced while it arrives.
 */
export function Dialog(props: { open: boolean; title: string; onClose: () => void; children: ReactNode; closeLabel: string; loadingLabel?: string; size?: 'sm' | 'md' | 'lg' }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) props.onClose();
      }}
      aria-labelledby="dialog-title"
      className={`m-auto w-[calc(100%-2rem)] ${props.size === 'sm' ? 'max-w-md' : props.size === 'lg' ? 'max-w-3xl' : 'max-w-xl'} rounded-2xl border border-line bg-card p-0 text-ink shadow-2xl backdrop:bg-black/40`}
    >
      {props.open && (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between border-b border-line px-6 py-4">
            <h2 id="dialog-title" className="text-lg font-semibold">
              {props.title}
            </h2>
            <button type="button" onClick={props.onClose} aria-label={props.closeLabel} className="grid h-10 w-10 place-items-center rounded-lg hover:bg-primary-subtle">
              <X size={18} aria-hidden="true" />
            </button>
          </div>
          <div className="overflow-y-auto px-6 py-5">
            <Suspense
              fallback={
                <p role="status" aria-busy="true" className="py-6 text-center text-sm text-muted">
                  {props.loadingLabel}
                </p>
              }
            >
              {props.children}
            </Suspense>
          </div>
        </div>
      )}
    </dialog>
  );
}
