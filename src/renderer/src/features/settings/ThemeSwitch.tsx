// The top bar's theme menu: light, dark or the system's, as a menu of three radio items.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, type IconName } from '../../ui/Icon';
import { THEME_PREFERENCES, type ThemePreference } from './themePreference';
import { useTheme } from './useTheme';
import './themeSwitch.css';

const CHOICES: Record<ThemePreference, { label: string; icon: IconName }> = {
  light: { label: 'Light', icon: 'sun' },
  dark: { label: 'Dark', icon: 'moon' },
  system: { label: 'Same as the system', icon: 'monitor' },
};

export function ThemeSwitch() {
  const [preference, choose] = useTheme();
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const onPointerDown = (event: PointerEvent): void => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const closeAndReturn = (): void => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number): void => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        closeAndReturn();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="theme-switch">
      <button
        ref={trigger}
        type="button"
        className="button button-quiet icon-button"
        aria-label={`Theme: ${CHOICES[preference].label}`}
        title={`Theme: ${CHOICES[preference].label}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => setOpen((previous) => !previous)}
        data-testid="theme-switch"
        data-theme-preference={preference}
      >
        <Icon name={CHOICES[preference].icon} size={18} />
      </button>
      {isOpen && (
        <div ref={menu} className="theme-menu" role="menu" aria-label="Theme" onKeyDown={onMenuKeyDown} data-testid="theme-menu">
          {THEME_PREFERENCES.map((option) => (
            <button
              key={option}
              type="button"
              role="menuitemradio"
              aria-checked={option === preference}
              tabIndex={option === preference ? 0 : -1}
              className="theme-option"
              onClick={() => {
                choose(option);
                closeAndReturn();
              }}
              data-testid={`theme-option-${option}`}
            >
              <Icon name={CHOICES[option].icon} size={16} />
              <span>{CHOICES[option].label}</span>
              <span className="theme-check" aria-hidden="true">
                {option === preference ? '✓' : ''}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
