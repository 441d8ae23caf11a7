import { weatherStations, type WeatherStationSeed } from './weatherStations.ts';

/** A post town with the postcode districts it serves (Eircode routing keys in Ireland). */
export interface TownSeed {
  id: number;
  name: string;
  regionId: number;
  lon: number;
  lat: number;
  postCodes: string[];
  /** The nearest station, which gives a holding in this town its default rainfall. */
  weatherStationId: number;
  /** The next nearest stations, offered as alternatives, nearest first. */
  otherStationIds: number[];
}

type TownSite = Omit<TownSeed, 'weatherStationId' | 'otherStationIds'>;

const earthRadiusKm = 6371;

function distanceKm(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.sqrt(h));
}

/** Stations ordered by great-circle distance from a place, nearest first. */
export function stationsByDistance(place: { lon: number; lat: number }): WeatherStationSeed[] {
  return [...weatherStations].sort((a, b) => distanceKm(place, a) - distanceKm(place, b));
}

function town(id: number, name: string, regionId: number, lat: number, lon: number, postCodes: string[]): TownSite {
  return { id, name, regionId, lon, lat, postCodes };
}

function districts(area: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${area}${from + i}`);
}

const sites: TownSite[] = [
  // England (region 1)
  town(1, 'Louth', 1, 53.367, -0.006, ['LN11']),
  town(2, 'Lincoln', 1, 53.23, -0.54, ['LN1', 'LN2', 'LN3', 'LN4', 'LN5', 'LN6']),
  town(3, 'Horncastle', 1, 53.208, -0.115, ['LN9']),
  town(4, 'Market Rasen', 1, 53.388, -0.337, ['LN7', 'LN8']),
  town(5, 'Alford', 1, 53.26, 0.178, ['LN13']),
  town(6, 'Spalding', 1, 52.787, -0.153, ['PE11', 'PE12']),
  town(7, 'Boston', 1, 52.977, -0.023, ['PE20', 'PE21', 'PE22']),
  town(8, 'Grantham', 1, 52.912, -0.642, ['NG31', 'NG32', 'NG33']),
  town(9, 'Sleaford', 1, 52.999, -0.41, ['NG34']),
  town(10, 'Grimsby', 1, 53.567, -0.08, ['DN31', 'DN32', 'DN33', 'DN34', 'DN36', 'DN37']),
  town(11, 'Royston', 1, 52.048, -0.024, ['SG8']),
  town(12, 'Cambridge', 1, 52.205, 0.119, [...districts('CB', 1, 5), 'CB21', 'CB22', 'CB23', 'CB24', 'CB25']),
  town(13, 'Ely', 1, 52.399, 0.262, ['CB6', 'CB7']),
  town(14, 'Bury St Edmunds', 1, 52.246, 0.712, districts('IP', 28, 33)),
  town(15, 'Ipswich', 1, 52.057, 1.148, districts('IP', 1, 10)),
  town(16, 'Norwich', 1, 52.63, 1.297, districts('NR', 1, 8)),
  town(17, "King's Lynn", 1, 52.754, 0.398, districts('PE', 30, 34)),
  town(18, 'Peterborough', 1, 52.573, -0.241, districts('PE', 1, 8)),
  town(19, 'Newark', 1, 53.076, -0.809, ['NG22', 'NG23', 'NG24']),
  town(20, 'York', 1, 53.96, -1.082, ['YO1', 'YO10', 'YO19', 'YO23', 'YO24', 'YO26', 'YO30', 'YO31', 'YO32']),
  town(21, 'Driffield', 1, 54.005, -0.442, ['YO25']),
  town(22, 'Malton', 1, 54.135, -0.797, ['YO17']),
  town(23, 'Northallerton', 1, 54.339, -1.434, ['DL6', 'DL7']),
  town(24, 'Hexham', 1, 54.971, -2.102, ['NE46', 'NE47', 'NE48']),
  town(25, 'Carlisle', 1, 54.892, -2.932, districts('CA', 1, 6)),
  town(26, 'Penrith', 1, 54.664, -2.752, ['CA10', 'CA11']),
  town(27, 'Shrewsbury', 1, 52.707, -2.753, districts('SY', 1, 5)),
  town(28, 'Hereford', 1, 52.056, -2.716, districts('HR', 1, 4)),
  town(29, 'Oxford', 1, 51.752, -1.258, districts('OX', 1, 4)),
  town(30, 'Banbury', 1, 52.063, -1.34, ['OX15', 'OX16', 'OX17']),
  town(31, 'Salisbury', 1, 51.069, -1.795, districts('SP', 1, 5)),
  town(32, 'Taunton', 1, 51.015, -3.106, districts('TA', 1, 4)),
  town(33, 'Exeter', 1, 50.718, -3.534, districts('EX', 1, 6)),
  town(34, 'Truro', 1, 50.263, -5.051, districts('TR', 1, 4)),
  town(35, 'Canterbury', 1, 51.28, 1.079, districts('CT', 1, 4)),
  town(36, 'Chelmsford', 1, 51.736, 0.469, districts('CM', 1, 3)),
  town(37, 'Harpenden', 1, 51.816, -0.356, ['AL5']),
  town(38, 'Bristol', 1, 51.455, -2.588, districts('BS', 1, 16)),
  town(39, 'Alnwick', 1, 55.413, -1.706, ['NE66']),
  town(40, 'Swaffham', 1, 52.648, 0.686, ['PE37']),
  // Scotland (region 2)
  town(41, 'Coupar Angus', 2, 56.546, -3.268, ['PH13']),
  town(42, 'Blairgowrie', 2, 56.592, -3.34, ['PH10']),
  town(43, 'Perth', 2, 56.396, -3.437, ['PH1', 'PH2']),
  town(44, 'Dundee', 2, 56.462, -2.971, districts('DD', 1, 5)),
  town(45, 'Forfar', 2, 56.643, -2.889, ['DD8']),
  town(46, 'Cupar', 2, 56.32, -3.01, ['KY15']),
  town(47, 'St Andrews', 2, 56.34, -2.796, ['KY16']),
  town(48, 'Kirkcaldy', 2, 56.11, -3.167, ['KY1', 'KY2']),
  town(49, 'Edinburgh', 2, 55.953, -3.189, districts('EH', 1, 17)),
  town(50, 'Haddington', 2, 55.956, -2.781, ['EH41']),
  town(51, 'Duns', 2, 55.778, -2.344, ['TD11']),
  town(52, 'Kelso', 2, 55.598, -2.433, ['TD5']),
  town(53, 'Aberdeen', 2, 57.15, -2.094, districts('AB', 10, 16)),
  town(54, 'Inverurie', 2, 57.284, -2.374, ['AB51']),
  town(55, 'Elgin', 2, 57.649, -3.318, ['IV30']),
  town(56, 'Inverness', 2, 57.478, -4.225, ['IV1', 'IV2', 'IV3']),
  town(57, 'Dumfries', 2, 55.07, -3.605, ['DG1', 'DG2']),
  town(58, 'Ayr', 2, 55.458, -4.629, ['KA6', 'KA7', 'KA8']),
  town(59, 'Stirling', 2, 56.117, -3.937, ['FK7', 'FK8', 'FK9']),
  town(60, 'Montrose', 2, 56.708, -2.467, ['DD10']),
  // Wales (region 3)
  town(61, 'Carmarthen', 3, 51.856, -4.311, ['SA31', 'SA32', 'SA33']),
  town(62, 'Llandeilo', 3, 51.884, -3.993, ['SA19']),
  town(63, 'Aberystwyth', 3, 52.415, -4.082, ['SY23']),
  town(64, 'Brecon', 3, 51.946, -3.39, ['LD3']),
  town(65, 'Welshpool', 3, 52.66, -3.147, ['SY21']),
  town(66, 'Llangefni', 3, 53.256, -4.311, ['LL77']),
  town(67, 'Haverfordwest', 3, 51.801, -4.97, ['SA61', 'SA62']),
  town(68, 'Wrexham', 3, 53.046, -2.993, districts('LL', 11, 14)),
  // Northern Ireland (region 4)
  town(69, 'Armagh', 4, 54.35, -6.654, ['BT60', 'BT61']),
  town(70, 'Ballymena', 4, 54.864, -6.276, ['BT42', 'BT43', 'BT44']),
  town(71, 'Enniskillen', 4, 54.344, -7.632, ['BT74']),
  town(72, 'Newtownards', 4, 54.592, -5.691, ['BT22', 'BT23']),
  town(73, 'Omagh', 4, 54.6, -7.3, ['BT78', 'BT79']),
  // Republic of Ireland (region 5)
  town(74, 'Carlow', 5, 52.837, -6.934, ['R93']),
  town(75, 'Fermoy', 5, 52.138, -8.276, ['P61']),
  town(76, 'Kilkenny', 5, 52.654, -7.252, ['R95']),
  town(77, 'Wexford', 5, 52.334, -6.458, ['Y35']),
  town(78, 'Cork', 5, 51.898, -8.471, ['T12', 'T23']),
  town(79, 'Naas', 5, 53.216, -6.666, ['W91']),
  town(80, 'Mullingar', 5, 53.526, -7.338, ['N91']),
  town(81, 'Athy', 5, 52.991, -6.985, ['R14']),
  town(82, 'Clonmel', 5, 52.355, -7.704, ['E91']),
  town(83, 'Navan', 5, 53.653, -6.681, ['C15']),
];

/** Each town with its nearest station as the default and the next two as alternatives. */
export const towns: TownSeed[] = sites.map((site) => {
  const [nearest, ...others] = stationsByDistance(site);
  if (!nearest) throw new Error('No weather stations to choose from');
  return { ...site, weatherStationId: nearest.id, otherStationIds: others.slice(0, 2).map((s) => s.id) };
});
