import { Srid } from '@headland/domain/api/fieldsApi';
import { ImportFileError } from './importedLayer.ts';

/**
 * The coordinate system a shapefile's .prj (ESRI well-known text) names, among those the importer reads. British
 * National Grid is recognised by name or by its OSGB 1936 datum with a transverse Mercator projection; a
 * geographic system on the WGS 84 datum is 4326. Any other projected system is refused rather than misplaced.
 */
export function projectionOfPrj(prj: string | undefined): Srid | undefined {
  if (prj === undefined || prj.trim() === '') return undefined;
  const text = prj.toUpperCase();
  const projected = text.includes('PROJCS') || text.includes('PROJCRS');
  if (/BRITISH[_ ]NATIONAL[_ ]GRID|EPSG["',:\s\]]*27700/.test(text)) return Srid.BritishNationalGrid;
  if (projected && /OSGB[_ ]?(19)?36/.test(text) && text.includes('TRANSVERSE_MERCATOR'))
    return Srid.BritishNationalGrid;
  if (!projected && /WGS[_ ]?(19)?84/.test(text)) return Srid.Wgs84;
  throw new ImportFileError(
    'The shapefile uses a coordinate system that cannot be imported: use British National Grid (EPSG:27700) or WGS 84 (EPSG:4326).',
  );
}
