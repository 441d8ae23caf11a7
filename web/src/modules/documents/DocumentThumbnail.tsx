import { useTranslation } from 'react-i18next';
import type { ImportDocument } from '@headland/domain/api/documentsApi';
import { thumbnailSizes } from '@headland/domain/documentRules';
import type { DocumentListSize } from '@headland/domain/limits';
import { useImageUrl } from './documentsQueries.ts';

/** The icon a PDF is shown with: the kept image library renders no PDF pages. */
export function PdfIcon({ size }: { size: number }) {
  const { t } = useTranslation();
  return (
    <svg role="img" aria-label={t('documents.pdfIcon')} width={size} height={size} viewBox="0 0 48 48">
      <path d="M10 4h20l10 10v30H10z" fill="#f4f4f4" stroke="#b3261e" strokeWidth="2" />
      <path d="M30 4v10h10" fill="none" stroke="#b3261e" strokeWidth="2" />
      <rect x="6" y="24" width="30" height="13" rx="2" fill="#b3261e" />
      <text
        x="21"
        y="34"
        fontSize="9"
        fontFamily="sans-serif"
        fontWeight="bold"
        fill="#fff"
        textAnchor="middle"
      >
        PDF
      </text>
    </svg>
  );
}

/** A document's picture in a list size: its thumbnail, or the PDF icon. */
export function DocumentThumbnail({ document, size }: { document: ImportDocument; size: DocumentListSize }) {
  const pixels = thumbnailSizes[size];
  const url = useImageUrl(document.ThumbnailPath, size);
  if (!document.ThumbnailPath) return <PdfIcon size={Math.round(pixels * 0.8)} />;
  return (
    <div style={{ width: pixels, height: pixels, display: 'grid', placeItems: 'center' }}>
      {url && (
        <img
          src={url}
          alt={document.FileName}
          data-size={size}
          style={{ maxWidth: pixels, maxHeight: pixels, display: 'block' }}
        />
      )}
    </div>
  );
}
