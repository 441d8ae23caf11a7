import { useMemo } from 'react';
import type { Rgb } from '@headland/domain/crops';
import { cropStyleSwatch } from '../../map/style/PatternFills.ts';

/** A crop's colour and pattern as the map draws them, beside its name; screen readers skip it (the name says it). */
export function CropSwatch({ colour, pattern }: { colour: Rgb; pattern: string | null }) {
  const [red, green, blue] = colour;
  const image = useMemo(
    () => (pattern ? cropStyleSwatch([red, green, blue], pattern) : null),
    [red, green, blue, pattern],
  );
  return (
    <span
      aria-hidden="true"
      data-pattern={pattern ?? undefined}
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        flex: 'none',
        borderRadius: 3,
        border: '1px solid rgba(0, 0, 0, 0.35)',
        backgroundColor: `rgb(${red}, ${green}, ${blue})`,
        backgroundImage: image ? `url(${image})` : undefined,
      }}
    />
  );
}
