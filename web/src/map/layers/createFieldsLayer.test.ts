import type Style from 'ol/style/Style.js';
import { describe, expect, it } from 'vitest';
import { aCropping, aField } from '@headland/domain/testing/fieldResponses';
import { squareBoundary } from '../testing/squareBoundary.ts';
import { createFieldsLayer } from './createFieldsLayer.ts';
import { buildFieldFeatures } from './fieldFeatures.ts';

type StyleOf = (feature: unknown, resolution: number) => Style | Style[] | undefined;

const built = buildFieldFeatures([
  aField({ FieldId: 1, Name: 'Cropped', Boundary: squareBoundary(-0.06, 53.3), Croppings: [aCropping()] }),
  aField({ FieldId: 2, Name: 'Bare', Boundary: squareBoundary(-0.04, 53.3), Croppings: [] }),
]);
const [cropped, bare] = built.fields;

function labelText(style: Style | Style[] | undefined): string | undefined {
  const styles = style === undefined ? [] : Array.isArray(style) ? style : [style];
  return styles.map((each) => each.getText()?.getText()).find((text) => text !== undefined) as
    string | undefined;
}

describe('createFieldsLayer', () => {
  it('draws boundaries without labels, and labels on a layer of their own within the label threshold', () => {
    const fields = createFieldsLayer();
    const boundary = fields.layer.getStyleFunction() as StyleOf;
    const label = fields.labelLayer.getStyleFunction() as StyleOf;
    expect(labelText(boundary(bare, 2))).toBeUndefined();
    expect(labelText(label(bare, 2))).toBe('Bare');
    expect(label(bare, 20)).toBeUndefined();
    expect(fields.labelLayer.getMaxResolution()).toBeGreaterThanOrEqual(10);
    expect(fields.labelLayer.getMaxResolution()).toBeLessThan(10.001);
  });

  it('leaves the labels of cropped fields to the cropping layer while it is shown', () => {
    const fields = createFieldsLayer();
    const label = fields.labelLayer.getStyleFunction() as StyleOf;
    expect(label(cropped, 2)).toBeUndefined();
    fields.update({ croppingsShown: false });
    expect(labelText(label(cropped, 2))).toBe('Cropped');
  });

  it('hides its labels with the labels switch and both layers with the layer switch', () => {
    const fields = createFieldsLayer();
    const label = fields.labelLayer.getStyleFunction() as StyleOf;
    fields.update({ showLabels: false });
    expect(label(bare, 2)).toBeUndefined();
    fields.update({ visible: false });
    expect(fields.layer.getVisible()).toBe(false);
    expect(fields.labelLayer.getVisible()).toBe(false);
  });

  it('leaves a covered field to the cropping layer further out than the label threshold', () => {
    const fields = createFieldsLayer();
    const boundary = fields.layer.getStyleFunction() as StyleOf;
    expect(boundary(cropped, 20)).toEqual([]);
    expect(boundary(bare, 20)).toHaveLength(1);
    expect(boundary(cropped, 2)).toHaveLength(2);
    fields.update({ croppingsShown: false });
    expect(boundary(cropped, 20)).toHaveLength(1);
  });

  it('draws a selected field itself at every resolution', () => {
    const fields = createFieldsLayer({ isSelected: (fieldId) => fieldId === 1 });
    const boundary = fields.layer.getStyleFunction() as StyleOf;
    const styles = boundary(cropped, 20) as Style[];
    expect(styles.map((style) => style.getStroke()?.getColor())).toContain('rgba(220, 20, 60, 1)');
  });
});
