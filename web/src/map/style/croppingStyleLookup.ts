import { CroppingStyleMode, cropDefinitionById, type Rgb } from '@headland/domain/crops';
import { colours } from '../mapConstants.ts';

/**
 * A user's colour for croppings (fields-croppings-maps §3, Cropping style entry). An entry applies to the
 * croppings of its crop whose attributes equal every other member it sets; an unset member matches anything.
 */
export interface CroppingStyleEntry {
  CropId: number;
  VarietyId?: number | null;
  Purpose?: string | null;
  GrassManagement?: number | null;
  GrassCuts?: number | null;
  CroppingCropDescr?: string | null;
  /** The crop year the entry is for; unset applies to every year. */
  Year?: number | null;
  Color: Rgb;
  Pattern?: string | null;
}

/** What the lookup reads of a cropping. */
export interface StyledCropping {
  CropId: number | null;
  YearId: number;
  VarietyId: number | null;
  Purpose: string | null;
  GrassManagement: number | null;
  GrassCuts: number | null;
  CropDescr: string | null;
  /** The crop's own colour and pattern as the server answers them. */
  Style?: { Colour: Rgb; Pattern: string | null } | null;
}

export interface CroppingFill {
  colour: Rgb;
  /** A pattern name (a file name under /images/map/patterns/), drawn over the colour. */
  pattern: string | null;
}

type Attribute = 'variety' | 'description' | 'purpose' | 'grassManagement';

/** The attributes each style mode colours by, besides the crop itself. */
const modeAttributes: Readonly<Record<CroppingStyleMode, readonly Attribute[]>> = {
  [CroppingStyleMode.Crop]: [],
  [CroppingStyleMode.Variety]: ['variety'],
  [CroppingStyleMode.Description]: ['description'],
  [CroppingStyleMode.PurposeAndGrass]: ['purpose', 'grassManagement'],
};

const isSet = <T>(value: T | null | undefined): value is T =>
  value !== null && value !== undefined && value !== '';

function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLocaleLowerCase() === (b ?? '').trim().toLocaleLowerCase();
}

/** The attributes an entry sets, or null when it sets one that does not match the cropping. */
function matchedAttributes(entry: CroppingStyleEntry, cropping: StyledCropping): Attribute[] | null {
  const matched: Attribute[] = [];
  if (isSet(entry.VarietyId)) {
    if (entry.VarietyId !== cropping.VarietyId) return null;
    matched.push('variety');
  }
  if (isSet(entry.CroppingCropDescr)) {
    if (!sameText(entry.CroppingCropDescr, cropping.CropDescr)) return null;
    matched.push('description');
  }
  if (isSet(entry.Purpose)) {
    if (entry.Purpose !== cropping.Purpose) return null;
    matched.push('purpose');
  }
  if (isSet(entry.GrassManagement) || isSet(entry.GrassCuts)) {
    if (isSet(entry.GrassManagement) && entry.GrassManagement !== cropping.GrassManagement) return null;
    if (isSet(entry.GrassCuts) && entry.GrassCuts !== cropping.GrassCuts) return null;
    matched.push('grassManagement');
  }
  return matched;
}

/**
 * How specific a matching entry is, higher first. The spec's priority list (crop, variety, description, purpose,
 * grass management, per year) runs from the least to the most specific, so a crop-year entry beats everything
 * else and grass management (with cuts above without) beats purpose. Null when the entry sets an attribute the
 * mode does not colour by, so that for example a variety colour never shows in crop mode.
 */
function rank(entry: CroppingStyleEntry, cropping: StyledCropping, mode: CroppingStyleMode): number | null {
  if (entry.CropId !== cropping.CropId) return null;
  if (isSet(entry.Year) && entry.Year !== cropping.YearId) return null;
  const matched = matchedAttributes(entry, cropping);
  if (!matched) return null;
  const allowed = modeAttributes[mode];
  if (matched.some((attribute) => !allowed.includes(attribute))) return null;
  let score = 0;
  if (matched.includes('variety')) score += 2;
  if (matched.includes('description')) score += 4;
  if (matched.includes('purpose')) score += 8;
  if (matched.includes('grassManagement')) score += isSet(entry.GrassCuts) ? 32 : 16;
  if (isSet(entry.Year)) score += 64;
  return score;
}

/**
 * The fill of a cropping on the map (fields-croppings-maps §3 lookup priority): the most specific style entry
 * for the mode, then the crop's own style, then the crop table's colour, and white for a missing crop.
 */
export function resolveCroppingFill(
  cropping: StyledCropping,
  mode: CroppingStyleMode,
  entries: readonly CroppingStyleEntry[] = [],
): CroppingFill {
  let best: CroppingStyleEntry | undefined;
  let bestScore = -1;
  for (const entry of entries) {
    const score = rank(entry, cropping, mode);
    // Ties keep the first entry, so the order entries were saved in settles them.
    if (score !== null && score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  if (best) return { colour: best.Color, pattern: best.Pattern ?? null };
  if (cropping.Style) return { colour: cropping.Style.Colour, pattern: cropping.Style.Pattern };
  const definition = cropping.CropId === null ? undefined : cropDefinitionById(cropping.CropId);
  if (definition) return { colour: definition.colour, pattern: definition.pattern ?? null };
  return { colour: colours.missingCrop, pattern: null };
}
