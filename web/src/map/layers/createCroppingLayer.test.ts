import type Style from 'ol/style/Style.js';
import { describe, expect, it } from 'vitest';
import { aCropping, aField } from '@headland/domain/testing/fieldResponses';
import { squareBoundary } from '../testing/squareBoundary.ts';
import { createCroppingLayer, croppingLabelSubject } from './createCroppingLayer.ts';
import { buildFieldFeatures } from './fieldFeatures.ts';

type StyleOf = (feature: unknown, resolution: number) => Style;

const wheat = { Colour: [230, 190, 90] as [number, number, number], Pattern: null };
const built = buildFieldFeatures([
  aField({
    FieldId: 1,
    Boundary: squareBoundary(-0.06, 53.3),
    Croppings: [
      aCropping({ CroppingId: 11, Style: wheat }),
      aCropping({ CroppingId: 12, Style: wheat }),
      aCropping({ CroppingId: 13, Style: wheat, Boundary: squareBoundary(-0.06, 53.3, 0.002) }),
    ],
  }),
]);
const [covering, second, ownBoundary] = built.croppings;

describe('createCroppingLayer', () => {
  it('draws the covering cropping with the field wash and outline further out than the label threshold', () => {
    const croppings = createCroppingLayer();
    const style = croppings.layer.getStyleFunction() as StyleOf;
    const far = style(covering, 20);
    // 0.5 wheat over the 0.15 white wash, and the dark outline seen through the wheat.
    expect(far.getFill()?.getColor()).toBe('rgba(233, 198, 112, 0.575)');
    expect(far.getStroke()?.getColor()).toBe('rgba(135, 115, 65, 0.8)');
    const close = style(covering, 2);
    expect(close.getFill()?.getColor()).toBe('rgba(230, 190, 90, 0.5)');
    expect(close.getStroke()).toBeNull();
  });

  it('draws other croppings of the field over the wash as before', () => {
    const croppings = createCroppingLayer();
    const style = croppings.layer.getStyleFunction() as StyleOf;
    for (const feature of [second, ownBoundary]) {
      expect(style(feature, 20).getFill()?.getColor()).toBe('rgba(230, 190, 90, 0.5)');
      expect(style(feature, 20).getStroke()).toBeNull();
    }
  });

  it('keeps the plain fill when the fields layer is hidden or the field is selected', () => {
    const croppings = createCroppingLayer({ fieldsShown: false });
    const style = croppings.layer.getStyleFunction() as StyleOf;
    expect(style(covering, 20).getFill()?.getColor()).toBe('rgba(230, 190, 90, 0.5)');
    croppings.update({ fieldsShown: true, isSelected: () => true });
    expect(style(covering, 20).getFill()?.getColor()).toBe('rgba(230, 190, 90, 0.3)');
    expect(style(covering, 20).getStroke()?.getColor()).toBe('rgba(220, 20, 60, 1)');
  });

  it('names the crop in labels the way it is told to, the server name by default', () => {
    const field = aField({ FieldId: 2 });
    const cropping = aCropping({ CroppingId: 21 });
    expect(croppingLabelSubject(field, cropping).cropName).toBe(cropping.Crop.Name);
    expect(croppingLabelSubject(field, cropping, (id, name) => `${id}:${name}!`).cropName).toBe(
      `${cropping.CropId}:${cropping.Crop.Name}!`,
    );
  });
});
