import { CropId } from '@headland/domain/crops';

export interface VarietySeed {
  id: number;
  cropId: number;
  name: string;
  /** The outlet the variety is grown for (milling group, malting use, processing), where that is a thing. */
  market: string | null;
}

type VarietyRow = readonly [id: number, name: string, market: string | null];

function varietiesOf(cropId: number, rows: readonly VarietyRow[]): VarietySeed[] {
  return rows.map(([id, name, market]) => ({ id, cropId, name, market }));
}

/**
 * Varieties grown in the UK and Ireland, numbered in blocks of 100 per crop so a crop's list can grow
 * without renumbering. Wheat markets follow the UK milling groups (1 and 2 for bread-making, 3 for biscuits,
 * 4 for feed).
 */
export const varieties: VarietySeed[] = [
  ...varietiesOf(CropId.WinterWheat, [
    [101, 'KWS Extase', 'Group 2 milling'],
    [102, 'Skyfall', 'Group 1 milling'],
    [103, 'Graham', 'Group 4 feed'],
    [104, 'Crusoe', 'Group 1 milling'],
    [105, 'KWS Zyatt', 'Group 1 milling'],
    [106, 'Champion', 'Group 4 feed'],
    [107, 'KWS Dawsum', 'Group 4 feed'],
    [108, 'Gleam', 'Group 4 feed'],
    [109, 'Mayflower', 'Group 1 milling'],
  ]),
  ...varietiesOf(CropId.SpringWheat, [
    [201, 'KWS Cochise', 'Group 1 milling'],
    [202, 'Mulika', 'Group 2 milling'],
  ]),
  ...varietiesOf(CropId.WinterBarley, [
    [301, 'KWS Orwell', 'Feed'],
    [302, 'Bordeaux', 'Feed'],
    [303, 'Craft', 'Malting'],
    [304, 'Electrum', 'Malting'],
    [305, 'KWS Tardis', 'Feed'],
  ]),
  ...varietiesOf(CropId.SpringBarley, [
    [401, 'Laureate', 'Malting (brewing and distilling)'],
    [402, 'Diablo', 'Malting (distilling)'],
    [403, 'Planet', 'Malting (brewing)'],
    [404, 'Concerto', 'Malting (brewing and distilling)'],
  ]),
  ...varietiesOf(CropId.WinterOats, [
    [501, 'Mascani', 'Milling'],
    [502, 'Gerald', 'Milling'],
    [503, 'Dalguise', 'Milling'],
  ]),
  ...varietiesOf(CropId.SpringOats, [
    [601, 'Canyon', 'Milling'],
    [602, 'Conway', 'Milling'],
    [603, 'Elyann', 'Milling'],
  ]),
  ...varietiesOf(CropId.WinterOilseedRape, [
    [701, 'Aurelia', 'Conventional'],
    [702, 'Campus', 'Conventional'],
    [703, 'Vegas', 'Conventional'],
    [704, 'Acacia', 'Conventional'],
    [705, 'PT303', 'Hybrid'],
    [706, 'DK Exsteel', 'Hybrid'],
  ]),
  ...varietiesOf(CropId.WinterBeans, [
    [801, 'Tundra', 'Feed'],
    [802, 'Vespa', 'Human consumption'],
  ]),
  ...varietiesOf(CropId.SpringBeans, [
    [901, 'Lynx', 'Human consumption'],
    [902, 'Fanfare', 'Feed'],
    [903, 'Fuego', 'Feed'],
    [904, 'Vertigo', 'Human consumption'],
  ]),
  ...varietiesOf(CropId.Peas, [
    [1001, 'Daytona', 'Yellow'],
    [1002, 'Kabuki', 'Marrowfat'],
  ]),
  ...varietiesOf(CropId.Potatoes, [
    [1101, 'Maris Piper', 'Processing (chips) and packing'],
    [1102, 'King Edward', 'Packing'],
    [1103, 'Markies', 'Processing (chips)'],
    [1104, 'Estima', 'Packing'],
    [1105, 'Lady Rosetta', 'Processing (crisps)'],
    [1106, 'Hermes', 'Processing (crisps)'],
    [1107, 'Charlotte', 'Salad'],
    [1108, 'Cara', 'Packing'],
    [1109, 'Rooster', 'Packing'],
  ]),
  ...varietiesOf(CropId.SugarBeet, [
    [1201, 'Cayman', 'Sugar'],
    [1202, 'Daphna', 'Sugar'],
  ]),
  ...varietiesOf(CropId.Maize, [
    [1301, 'LG Ambitious', 'Forage'],
    [1302, 'Augustus', 'Forage'],
  ]),
  ...varietiesOf(CropId.Grass, [
    [1401, 'AberMagic', 'Grazing'],
    [1402, 'AberGreen', 'Grazing'],
    [1403, 'Astonenergy', 'Silage'],
  ]),
  ...varietiesOf(CropId.RedClover, [[1501, 'AberClaret', 'Silage']]),
];
