import { useEffect, useRef, useState } from 'react';
import type { ImportDocument } from '@headland/domain/api/documentsApi';
import type { FieldMap } from '../../../map/FieldMap.ts';
import { useAppSession } from '../../../shell/session/AppSessionContext.tsx';
import { DocumentPropertiesDialog } from '../DocumentPropertiesDialog.tsx';
import { managesLibrary, readsLibrary } from '../documentAccess.ts';
import { useDocumentList } from '../documentsQueries.ts';
import { createPictureLayer, type PictureLayer } from './createPictureLayer.ts';

/**
 * The session year's geotagged pictures on the map page's map, opening the properties popup when one is
 * clicked. The number drawn is written to the map element's `data-pictures` for tests and diagnostics.
 */
export function PictureLayerView({ fieldMap }: { fieldMap: FieldMap }) {
  const session = useAppSession();
  if (!readsLibrary(session.permissions)) return null;
  return (
    <PictureLayerOnMap fieldMap={fieldMap} manages={managesLibrary(session.permissions, session.readOnly)} />
  );
}

function PictureLayerOnMap({ fieldMap, manages }: { fieldMap: FieldMap; manages: boolean }) {
  const session = useAppSession();
  const list = useDocumentList(session.yearId);
  const layer = useRef<PictureLayer | null>(null);
  const [opened, setOpened] = useState<ImportDocument | null>(null);
  const documents = list.data;

  useEffect(() => {
    const created = createPictureLayer({ map: fieldMap.map, onOpen: setOpened });
    layer.current = created;
    return () => {
      created.dispose();
      layer.current = null;
    };
  }, [fieldMap]);

  // Declared after the effect that makes the layer, so it runs after it when both do.
  useEffect(() => {
    const pictures = layer.current;
    if (!pictures) return;
    pictures.setDocuments(documents ?? []);
    const target = fieldMap.map.getTargetElement();
    if (target) target.dataset.pictures = String(pictures.count());
  }, [documents, fieldMap]);

  return opened ? (
    <DocumentPropertiesDialog document={opened} manages={manages} onClose={() => setOpened(null)} />
  ) : null;
}
