import { ColorSwatch, Group, Text } from '@mantine/core';
import type { Rgb } from '@headland/domain/crops';

/** A crop colour as CSS. */
export function cssColour(colour: Rgb): string {
  return `rgb(${colour[0]}, ${colour[1]}, ${colour[2]})`;
}

export interface CropLabelProps {
  label: string;
  /** An RGB triple or a CSS colour, such as a cropping's CssColor. */
  colour: Rgb | string;
  size?: 'xs' | 'sm' | 'md';
}

/** A crop's name after a circle of its colour (fields-croppings-maps §2). */
export function CropLabel({ label, colour, size = 'sm' }: CropLabelProps) {
  const css = typeof colour === 'string' ? colour : cssColour(colour);
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {/* The swatch only repeats the crop name in colour, so screen readers skip it. */}
      <ColorSwatch
        color={css}
        size={size === 'md' ? 16 : 12}
        withShadow
        aria-hidden="true"
        component="span"
      />
      <Text span size={size}>
        {label}
      </Text>
    </Group>
  );
}
