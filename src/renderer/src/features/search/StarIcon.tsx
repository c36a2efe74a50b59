// The star of saved searches, drawn like the app's other line icons; filled by CSS when the search is saved.
export function StarIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      className="icon star-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3.6l2.55 5.3 5.8.75-4.25 4 1.07 5.75L12 16.6l-5.17 2.8 1.07-5.75-4.25-4 5.8-.75z" />
    </svg>
  );
}
