// The look of one attachment: the picture, a PDF page with the search words boxed and page buttons, or its text marked.
import { TEXT_READ_FROM_IMAGE } from '../../../../shared/model/attachment';
import type { AttachmentPreview, ImageText } from '../../../../shared/model/gallery';
import { assertNever } from '../../../../shared/assertNever';
import { highlightSegments } from '../search/highlightSegments';

function PdfPage({
  preview,
  onPage,
  isTurning,
}: {
  preview: Extract<AttachmentPreview, { kind: 'pdf' }>;
  onPage: (page: number) => void;
  isTurning: boolean;
}) {
  const nextMatch = preview.matchPages.find((page) => page > preview.page) ?? preview.matchPages.find((page) => page !== preview.page);
  return (
    <>
      <div className="preview-actions" role="group" aria-label="Pages">
        <button
          type="button"
          onClick={() => onPage(preview.page - 1)}
          disabled={preview.page <= 1 || isTurning}
          data-testid="preview-previous-page"
        >
          Previous page
        </button>
        <span data-testid="preview-page-number" aria-live="polite">
          Page {preview.page} of {preview.pageCount}
        </span>
        <button
          type="button"
          onClick={() => onPage(preview.page + 1)}
          disabled={preview.page >= preview.pageCount || isTurning}
          data-testid="preview-next-page"
        >
          Next page
        </button>
        {nextMatch !== undefined && (
          <button type="button" onClick={() => onPage(nextMatch)} disabled={isTurning} data-testid="preview-next-match">
            Next match (page {nextMatch})
          </button>
        )}
        <span className="muted">
          {preview.matchPages.length === 0
            ? 'The search words are on no page.'
            : `The search words are on ${preview.matchPages.length === 1 ? 'page' : 'pages'} ${preview.matchPages.join(', ')}.`}
        </span>
      </div>
      <div
        className="preview-page"
        style={{ width: Math.min(preview.width, 900) }}
        role="group"
        aria-label={`Page ${preview.page}: ${preview.marks.length === 1 ? '1 match' : `${preview.marks.length} matches`} of the search words marked`}
        data-testid="preview-pdf-page"
        aria-busy={isTurning}
      >
        <img src={preview.dataUrl} alt={`Page ${preview.page} of ${preview.filename}`} />
        {preview.marks.map((mark, index) => (
          <span
            key={index}
            className="preview-mark"
            data-testid="preview-mark"
            aria-hidden="true"
            style={{
              left: `${mark.left * 100}%`,
              top: `${mark.top * 100}%`,
              width: `${mark.width * 100}%`,
              height: `${mark.height * 100}%`,
            }}
          />
        ))}
      </div>
    </>
  );
}

/** Text with the search words marked; OCR's text says where it came from, as hits do. */
function MarkedText({ text, highlights, isReadByOcr }: ImageText & { isReadByOcr: boolean }) {
  return (
    <>
      {isReadByOcr && (
        <p className="preview-note muted" data-testid="preview-ocr">
          {TEXT_READ_FROM_IMAGE[0]!.toUpperCase() + TEXT_READ_FROM_IMAGE.slice(1)}:
        </p>
      )}
      <pre className="preview-text" data-testid="preview-text">
        {highlightSegments(text, highlights).map((segment, index) =>
          segment.isMatch ? <mark key={index}>{segment.text}</mark> : segment.text,
        )}
      </pre>
    </>
  );
}

export function AttachmentPreviewBody({
  preview,
  onPage,
  isTurning,
}: {
  preview: AttachmentPreview;
  onPage: (page: number) => void;
  isTurning: boolean;
}) {
  switch (preview.kind) {
    case 'image':
      return (
        <>
          {preview.isScaled && <p className="preview-note muted">A large picture, shown smaller; save it for the full size.</p>}
          <img className="preview-image" src={preview.dataUrl} alt={preview.filename} data-testid="preview-image" />
          {preview.imageText && <MarkedText {...preview.imageText} isReadByOcr />}
        </>
      );
    case 'pdf':
      return (
        <>
          <PdfPage preview={preview} onPage={onPage} isTurning={isTurning} />
          {preview.imageText && <MarkedText {...preview.imageText} isReadByOcr />}
        </>
      );
    case 'text':
      return (
        <>
          {preview.note && <p className="preview-note muted">{preview.note}</p>}
          <MarkedText text={preview.text} highlights={preview.highlights} isReadByOcr={preview.isReadByOcr} />
        </>
      );
    default:
      return assertNever(preview, 'attachment preview');
  }
}
