/** Class names shared by the islands' buttons (theme colours, control size). */
export const primaryButton = 'control inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-neutral hover:bg-primary-deep disabled:opacity-60';
export const secondaryButton = 'control inline-flex items-center justify-center gap-2 rounded-lg border border-field bg-card px-4 text-sm font-medium hover:border-primary hover:text-accent disabled:opacity-60';
export const dangerButton = 'control inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';
export const iconButton = 'inline-grid h-9 w-9 place-items-center rounded-lg text-muted hover:bg-primary-subtle hover:text-accent disabled:opacity-40';
export const inputClass = 'control w-full rounded-lg border border-field bg-card px-3 text-sm text-ink focus:border-primary aria-invalid:border-red-600';
/** A select sized to its content (toolbars). */
export const compactSelect = 'control rounded-lg border border-field bg-card px-3 text-sm text-ink focus:border-primary';
