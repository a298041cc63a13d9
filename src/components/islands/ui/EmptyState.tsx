import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** One sentence: what the list is for and what happens next. */
  text?: string;
  /** The next step: a button or link (create the first one, clear the filters); children work too. */
  action?: ReactNode;
  children?: ReactNode;
  /** "empty" = nothing yet; "no-results" = nothing for these filters. */
  kind?: 'empty' | 'no-results';
  /** Smaller, for dashboard widgets and side panels. */
  compact?: boolean;
  testId?: string;
}

/**
 * The one empty state of the app: icon, title, a sentence and the next step. Islands render it,
 * DataTable renders it for an empty page, and .astro pages render it on the server (no hydration).
 */
export function EmptyState({ icon: Icon, title, text, action, children, kind = 'empty', compact = false, testId = 'empty-state' }: EmptyStateProps) {
  const next = action ?? children;
  return (
    <div className={`flex flex-col items-center text-center ${compact ? 'gap-2 px-3 py-6' : 'gap-3 px-6 py-12'}`} data-testid={testId} data-kind={kind}>
      <span className={`grid place-items-center rounded-full bg-primary-subtle text-accent ${compact ? 'h-10 w-10' : 'h-14 w-14'}`} aria-hidden="true">
        <Icon size={compact ? 20 : 28} strokeWidth={1.75} />
      </span>
      <p className={`font-semibold text-ink ${compact ? 'text-sm' : 'text-base'}`} data-testid="empty-title">
        {title}
      </p>
      {text && (
        <p className={`max-w-md text-muted ${compact ? 'text-xs' : 'text-sm'}`} data-testid="empty-text">
          {text}
        </p>
      )}
      {next && <div className="mt-1 flex flex-wrap justify-center gap-2">{next}</div>}
    </div>
  );
}
