import { keyframes } from '@emotion/react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { space } from '../../themes/tokens';

export type ToastSeverity = 'success' | 'info' | 'error';

export interface ToastInput {
  text: string;
  /** Default 'success'. Errors are announced at once (role="alert") and stay until dismissed. */
  severity?: ToastSeverity;
}

interface ToastItem {
  id: number;
  text: string;
  severity: ToastSeverity;
}

/** How long a success or info toast stays (the time stops while it is hovered or focused). */
export const TOAST_DURATION_MS = 5000;
/** After a pause, a toast stays at least this long (it does not vanish as the pointer leaves). */
const MIN_RESUME_MS = 1500;
/** Older toasts make room: a burst of actions does not cover the page. */
const MAX_TOASTS = 3;

const ToastContext = createContext<(toast: ToastInput) => void>(() => {
  console.warn('[fe-elements] a toast was shown outside a ToastProvider');
});

/** Shows a short message about a completed action in the element's toast region. */
export const useToast = (): ((toast: ToastInput) => void) => useContext(ToastContext);

/**
 * The toasts of one element: its children call `useToast()`, and the region renders inside the element's
 * shadow root (a live region that exists before anything is announced in it).
 */
export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  duration?: number;
}) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const show = useCallback((toast: ToastInput) => {
    nextId.current += 1;
    const item = { id: nextId.current, text: toast.text, severity: toast.severity ?? 'success' };
    setToasts((list) => [...list, item].slice(-MAX_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastRegion toasts={toasts} duration={duration} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1 } });

function ToastRegion(props: { toasts: ToastItem[]; duration: number; onDismiss: (id: number) => void }) {
  const { t } = useT();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const list = (errors: boolean) =>
    props.toasts
      .filter((toast) => (toast.severity === 'error') === errors)
      .map((toast) => (
        <ToastView
          key={toast.id}
          toast={toast}
          paused={paused}
          duration={props.duration}
          onDismiss={props.onDismiss}
        />
      ));
  // Both live regions stay rendered while empty: a region that appears with its content is not announced.
  const stack = { display: 'grid', gap: space.md } as const;
  return (
    <div
      part="toasts"
      aria-label={t('common.notifications')}
      role="region"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      css={{
        position: 'fixed',
        insetBlockEnd: space.xl,
        insetInlineEnd: space.xl,
        zIndex: 1000,
        display: 'grid',
        width: 'min(380px, calc(100vw - 32px))',
        // The empty region lets clicks through to the page below it.
        pointerEvents: 'none',
        '& [data-toast]': { pointerEvents: 'auto' },
        '& > :not(:empty) + :not(:empty)': { marginTop: space.md },
      }}
    >
      {/* Each live region only re-reads what was added, not the toasts already there. */}
      <div role="status" aria-live="polite" aria-atomic="false" css={stack}>
        {list(false)}
      </div>
      <div role="alert" aria-atomic="false" css={stack}>
        {list(true)}
      </div>
    </div>
  );
}

function ToastView(props: {
  toast: ToastItem;
  paused: boolean;
  duration: number;
  onDismiss: (id: number) => void;
}) {
  const { t } = useT();
  const { toast, paused, onDismiss } = props;
  const remaining = useRef(props.duration);
  const sticky = toast.severity === 'error';
  useEffect(() => {
    if (paused || sticky) return;
    const started = performance.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(remaining.current - (performance.now() - started), MIN_RESUME_MS);
    };
  }, [paused, sticky, toast.id, onDismiss]);
  const color = `var(--fe-color-${toast.severity})`;
  return (
    <div
      part="toast"
      data-toast={toast.severity}
      css={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: space.md,
        padding: space.lg,
        borderRadius: 'var(--fe-radius)',
        border: `1px solid ${color}`,
        borderInlineStartWidth: 6,
        background: 'var(--fe-color-surface)',
        color: 'var(--fe-color-text)',
        boxShadow: '0 8px 24px rgb(0 0 0 / 0.2)',
        animation: `${enter} 160ms ease-out`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <p css={{ flex: 1, margin: 0 }}>{toast.text}</p>
      <button
        type="button"
        data-dismiss-toast
        aria-label={t('common.dismiss')}
        onClick={() => onDismiss(toast.id)}
        css={{
          font: 'inherit',
          lineHeight: 1,
          padding: `${space['2xs']} ${space.sm}`,
          border: 'none',
          borderRadius: 'var(--fe-radius)',
          background: 'transparent',
          color: 'var(--fe-color-text-secondary)',
          cursor: 'pointer',
          '&:hover': { background: 'var(--fe-color-background)' },
          '&:focus-visible': { outline: '2px solid var(--fe-color-primary)' },
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
