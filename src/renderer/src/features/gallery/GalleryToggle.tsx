// The switch between the result list and the attachment gallery, with its key (g) in its tooltip.
export function GalleryToggle({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={`result-view-toggle gallery-toggle ${isOpen ? 'is-active' : ''}`}
      aria-pressed={isOpen}
      title={isOpen ? 'Back to the messages (g)' : 'The attachments of these results as a gallery (g)'}
      onClick={onToggle}
      data-testid="gallery-toggle"
    >
      Gallery
    </button>
  );
}
