import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { space } from '../../themes/tokens';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the selected panel follows. */
export function Tabs<K extends string>({ tabs, selected, onSelect, label, children }: TabsProps<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tabs.length - 1
          : step !== undefined
            ? (index + step + tabs.length) % tabs.length
            : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        part="tabs"
        css={{
          display: 'flex',
          gap: space.md,
          borderBottom: '1px solid var(--fe-color-border)',
          marginBottom: space.xl,
          // A narrow host: the tabs scroll sideways instead of spilling out of the element.
          overflowX: 'auto',
          scrollbarWidth: 'thin',
        }}
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              data-tab={tab.key}
              onClick={() => onSelect(tab.key)}
              css={{
                all: 'unset',
                cursor: 'pointer',
                padding: `${space.md} ${space.lg}`,
                fontWeight: active ? 600 : 400,
                whiteSpace: 'nowrap',
                flexShrink: 0,
                color: 'var(--fe-color-text)',
                borderBottom: `3px solid ${active ? 'var(--fe-color-primary)' : 'transparent'}`,
                // Drawn inside: the scrolling tab list would clip an outline drawn outside.
                '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: '-2px' },
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`}>
        {children}
      </div>
    </div>
  );
}
