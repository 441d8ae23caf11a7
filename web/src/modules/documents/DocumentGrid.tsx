import { useCallback, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Text, UnstyledButton } from '@mantine/core';
import type { ImportDocument } from '@headland/domain/api/documentsApi';
import { thumbnailSizes } from '@headland/domain/documentRules';
import type { DocumentListSize } from '@headland/domain/limits';
import { useGridWindow } from '../permissions/useGridWindow.ts';
import { DocumentThumbnail } from './DocumentThumbnail.tsx';

export interface DocumentGridProps {
  documents: readonly ImportDocument[];
  size: DocumentListSize;
  onOpen(document: ImportDocument): void;
  /** Height of the scrolling area, as CSS. */
  height: string;
}

const padding = 12;
const captionHeight = 22;

/**
 * The library's thumbnails in rows, only the rows in view (and a few either side) drawn: a library of thousands
 * opens at once and fetches only the thumbnails it shows.
 */
export function DocumentGrid({ documents, size, onOpen, height }: DocumentGridProps) {
  const { t } = useTranslation();
  const cellWidth = thumbnailSizes[size] + 2 * padding;
  const cellHeight = thumbnailSizes[size] + 2 * padding + captionHeight;
  const [width, setWidth] = useState(0);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    // The observer reports the first size as it starts observing.
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  const columns = Math.max(1, Math.floor((width || cellWidth) / cellWidth));
  const rowCount = Math.ceil(documents.length / columns);
  const grid = useGridWindow({
    rows: { count: rowCount, size: cellHeight, offset: 0, overscan: 2, initial: 4 },
  });

  const { bindViewport } = grid;
  const bindScroller = useCallback(
    (node: HTMLDivElement | null) => {
      setElement(node);
      bindViewport(node);
    },
    [bindViewport],
  );

  const rows = [];
  for (let row = grid.rows.start; row < Math.min(grid.rows.end, rowCount); row += 1) {
    const cells = documents.slice(row * columns, row * columns + columns);
    rows.push(
      <div
        key={row}
        role="row"
        style={{ position: 'absolute', top: row * cellHeight, left: 0, display: 'flex', height: cellHeight }}
      >
        {cells.map((document) => (
          <div
            role="gridcell"
            key={document.ImportDocumentId}
            style={{ width: cellWidth, padding: padding / 2 }}
          >
            <UnstyledButton
              onClick={() => onOpen(document)}
              aria-label={t('documents.open', { name: document.FileName })}
              style={{ display: 'grid', justifyItems: 'center', width: '100%' }}
            >
              <DocumentThumbnail document={document} size={size} />
              <Text size="xs" truncate="end" maw={cellWidth - padding} title={document.FileName}>
                {document.FileName}
              </Text>
            </UnstyledButton>
          </div>
        ))}
      </div>,
    );
  }

  return (
    <div
      ref={bindScroller}
      role="grid"
      aria-rowcount={rowCount}
      aria-label={t('documents.libraryTitle')}
      style={{ height, overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: rowCount * cellHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}
