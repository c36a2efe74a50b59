// Small line icons drawn inline, so they look the same on every system (emoji fonts are often missing on Linux).
import { assertNever } from '../../../shared/assertNever';

export type IconName =
  | 'paperclip'
  | 'search'
  | 'mail'
  | 'folder'
  | 'label'
  | 'upload'
  | 'warning'
  | 'settings'
  | 'answer'
  | 'panel'
  | 'sun'
  | 'moon'
  | 'monitor'
  | 'keyboard'
  | 'open'
  | 'download';

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
    case 'answer':
      return (
        <>
          <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
          <path d="M8.5 8.5h7M8.5 11.5h4.5" />
        </>
      );
    case 'panel':
      return (
        <>
          <rect x="3" y="4.5" width="18" height="15" rx="2" />
          <path d="M14.5 4.5v15" />
        </>
      );
    case 'sun':
      return (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
        </>
      );
    case 'moon':
      return <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />;
    case 'monitor':
      return (
        <>
          <rect x="3" y="4" width="18" height="12.5" rx="1.5" />
          <path d="M9 20h6M12 16.5V20" />
        </>
      );
    case 'keyboard':
      return (
        <>
          <rect x="2.5" y="6" width="19" height="12" rx="2" />
          <path d="M6 10h.01M9 10h.01M12 10h.01M15 10h.01M18 10h.01M8 14h8" />
        </>
      );
    case 'open':
      return (
        <>
          <path d="M14 4h6v6M20 4l-8.5 8.5" />
          <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
        </>
      );
    case 'download':
      return (
        <>
          <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5" />
          <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
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
