import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuAction {
  key: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A menu button: the menu opens in the top layer (the Popover API), so the table's scroll area does not
 * clip it. Arrow keys move between the items, Escape closes it and gives the focus back to the button.
 */
export function ActionsMenu({ label, actions, id }: { label: string; actions: MenuAction[]; id: string }) {
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

  // The menu is placed where the button was: scrolling (the page or the table) closes it.
  useEffect(() => {
    if (!open) return;
    const scope = button.current?.getRootNode() ?? document;
    const onScroll = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) menu.current?.hidePopover();
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
          font: 'inherit',
          fontWeight: 700,
          lineHeight: 1,
          padding: '4px 10px',
          borderRadius: 'var(--fe-radius)',
          border: '1px solid var(--fe-color-border)',
          background: 'transparent',
          color: 'var(--fe-color-text)',
          cursor: 'pointer',
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
          padding: 4,
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
            onClick={() => {
              close(true);
              action.onSelect();
            }}
            css={{
              all: 'unset',
              boxSizing: 'border-box',
              display: 'block',
              width: '100%',
              padding: '8px 12px',
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
