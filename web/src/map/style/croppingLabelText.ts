import { croppingLabelKeys, type CroppingLabelFlags } from '../settings/mapLayerSettings.ts';

/** What a label can show of a field and (when there is one) its cropping. */
export interface LabelSubject {
  fieldName: string;
  fieldNumber: string | null;
  cropName: string | null;
  varietyName: string | null;
  croppingDescription: string | null;
  plotId: string | null;
  /** Management option codes of the cropping (SFI in England, AECS in Scotland). */
  managementOptionCodes: readonly string[];
  /** Hectares. */
  area: number | null;
}

/**
 * The label of a field or cropping: one line per flag that is on and has something to say, in the fixed order
 * of the flags. `formatArea` turns hectares into the shown text (unit included).
 */
export function buildLabelText(
  subject: LabelSubject,
  flags: CroppingLabelFlags,
  formatArea: (hectares: number) => string,
): string {
  const lines: string[] = [];
  for (const key of croppingLabelKeys) {
    if (!flags[key]) continue;
    const line = lineOf(subject, key, formatArea)?.trim();
    if (line) lines.push(line);
  }
  return lines.join('\n');
}

function lineOf(
  subject: LabelSubject,
  key: (typeof croppingLabelKeys)[number],
  formatArea: (hectares: number) => string,
): string | null | undefined {
  switch (key) {
    case 'fieldName':
      return subject.fieldName;
    case 'fieldNumber':
      return subject.fieldNumber;
    case 'cropName':
      return subject.cropName;
    case 'varietyName':
      return subject.varietyName;
    case 'croppingDescription':
      return subject.croppingDescription;
    case 'plotId':
      return subject.plotId;
    case 'sfiManagementOptions':
      return subject.managementOptionCodes.filter((code) => code.trim()).join(', ');
    case 'area':
      return subject.area === null ? null : formatArea(subject.area);
  }
}
