import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { space } from '../../../themes/tokens';
import type { RowAction } from './RowActions';
import { compactButtonCss } from '../../../shared/ui/Button';

/**
 * A menu button: the menu opens in the top layer (the Popover API), so the table's scroll area does not
 * clip it. Arrow keys move between the items, Escape closes it and gives the focus back to the button.
 */
export function ActionsMenu({
  label,
  actions,
  id,
}: {
  label: string;
  actions: readonly RowAction[];
  id: string;
}) {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === 'open';
      setOpen(opened);
      if (opened) element.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    };
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, []);

  // The menu is placed where the button was: a scroll (the page or the table) that moves the button closes
  // it. A scroll event that arrives late for a scroll before the menu opened (focusing the button scrolls it
  // into view) leaves the button where it is and the menu open.
  const placedAt = useRef<{ top: number; left: number } | null>(null);
  useEffect(() => {
    if (!open) return;
    const scope = button.current?.getRootNode() ?? document;
    const onScroll = (event: Event) => {
      if (menu.current?.contains(event.target as Node)) return;
      const rect = button.current?.getBoundingClientRect();
      const placed = placedAt.current;
      if (rect && placed && rect.top === placed.top && rect.left === placed.left) return;
      menu.current?.hidePopover();
    };
    window.addEventListener('scroll', onScroll, true);
    scope.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      scope.removeEventListener('scroll', onScroll, true);
    };
  }, [open]);

  const toggle = () => {
    const element = menu.current;
    const anchor = button.current;
    if (!element || !anchor) return;
    if (element.matches(':popover-open')) return element.hidePopover();
    const rect = anchor.getBoundingClientRect();
    placedAt.current = { top: rect.top, left: rect.left };
    const rtl = getComputedStyle(anchor).direction === 'rtl';
    element.style.top = `${Math.round(rect.bottom + 4)}px`;
    element.style.left = rtl ? `${Math.round(rect.left)}px` : 'auto';
    element.style.right = rtl ? 'auto' : `${Math.round(window.innerWidth - rect.right)}px`;
    element.showPopover();
  };

  const close = (refocus: boolean) => {
    menu.current?.hidePopover();
    if (refocus) button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const index = items.findIndex((item) => item === event.target);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        data-actions-for={id}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        css={{
          ...compactButtonCss,
          fontWeight: 700,
          lineHeight: 1,
          '&:hover': { background: 'var(--fe-color-background)' },
          '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: 1 },
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={label}
        onKeyDown={onKeyDown}
        css={{
          position: 'fixed',
          inset: 'auto',
          margin: 0,
          minWidth: 200,
          padding: space.xs,
          border: '1px solid var(--fe-color-border)',
          borderRadius: 'var(--fe-radius)',
          background: 'var(--fe-color-surface)',
          color: 'var(--fe-color-text)',
          boxShadow: '0 8px 24px rgb(0 0 0 / 0.2)',
        }}
      >
        {actions.map((action) => (
          <button
            key={action.key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            data-action={action.key}
            aria-label={action.ariaLabel}
            onClick={() => {
              close(true);
              action.onSelect();
            }}
            css={{
              all: 'unset',
              boxSizing: 'border-box',
              display: 'block',
              width: '100%',
              padding: `${space.md} ${space.lg}`,
              borderRadius: 'var(--fe-radius)',
              cursor: 'pointer',
              color: 'var(--fe-color-text)',
              fontWeight: action.danger ? 600 : 400,
              borderInlineStart: action.danger ? '3px solid var(--fe-color-error)' : '3px solid transparent',
              '&:hover, &:focus-visible': { background: 'var(--fe-color-background)' },
              '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: -2 },
            }}
          >
            {action.label}
          </button>
        ))}
      </div>
    </>
  );
}
