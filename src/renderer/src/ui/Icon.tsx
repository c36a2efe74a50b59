// Small line icons drawn inline, so they look the same on every system (emoji fonts are often missing on Linux).
import { assertNever } from '../../../shared/assertNever';

export type IconName = 'paperclip' | 'search' | 'mail' | 'folder' | 'label' | 'upload' | 'warning' | 'settings';

function paths(name: IconName) {
  switch (name) {
    case 'paperclip':
      return <path d="M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5" />;
    case 'search':
      return (
        <>
          <circle cx="11" cy="11" r="6.5" />
          <path d="M20 20l-4.2-4.2" />
        </>
      );
    case 'mail':
      return (
        <>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3.5 6.5L12 13l8.5-6.5" />
        </>
      );
    case 'folder':
      return <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />;
    case 'label':
      return (
        <>
          <path d="M3 12V4h8l10 10-8 8z" />
          <circle cx="7.5" cy="8.5" r="1.3" />
        </>
      );
    case 'upload':
      return (
        <>
          <path d="M12 15V4M7.5 8.5L12 4l4.5 4.5" />
          <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
        </>
      );
    case 'warning':
      return (
        <>
          <path d="M12 3.5L2.5 20h19z" />
          <path d="M12 10v4.5M12 17.2v.3" />
        </>
      );
    case 'settings':
      return (
        <>
          <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
          <circle cx="15" cy="7" r="2" />
          <circle cx="9" cy="17" r="2" />
        </>
      );
    default:
      return assertNever(name, 'icon');
  }
}

export function Icon({ name, size = 16, className = '' }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={`icon ${className}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths(name)}
    </svg>
  );
}
