import { describe, expect, it } from 'vitest';
import { datedShapefileZip } from '../../testing/datedShapefile.ts';
import { readBoundaryFile } from './readBoundaryFile.ts';

// DBF date attributes are shown as the day they name, as plain text: not a JSON instant in quotes.

const zip = datedShapefileZip();

describe('DBF date attributes', () => {
  it('come out of a boundary shapefile as YYYY-MM-DD text, and blank as null', async () => {
    const layer = await readBoundaryFile(zip);
    expect(layer.features.map((feature) => feature.properties)).toEqual([
      { NAME: 'Long Park', SOWN: '2024-05-01' },
      { NAME: 'Top Piece', SOWN: '1999-12-31' },
      { NAME: 'No date', SOWN: null },
    ]);
  });
});
