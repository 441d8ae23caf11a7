import { colours, fieldFillOpacity } from '../mapConstants.ts';
import type { Paint } from '../style/paintOver.ts';

/** The fields layer's white wash: 0.5 on its own, 0.15 under the cropping layer. */
export function fieldWash(croppingsShown: boolean): Paint {
  return {
    colour: colours.fieldFill,
    opacity: croppingsShown ? fieldFillOpacity.underCroppings : fieldFillOpacity.alone,
  };
}

/** A field's outline further out than the label threshold: one thin dark line. */
export const overviewOutline: Paint = { colour: [40, 40, 40], opacity: 0.8 };
