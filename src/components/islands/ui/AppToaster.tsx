import { Toaster } from 'sonner';

/**
 * The one toast area of every island: top centre, below the sticky header (issue 17.10: toasts
 * must not cover the header's menu, language, theme and account buttons).
 */
const BELOW_HEADER = { top: 'calc(var(--header-h) + 0.75rem)' };

export function AppToaster() {
  return <Toaster richColors position="top-center" closeButton offset={BELOW_HEADER} mobileOffset={BELOW_HEADER} />;
}
