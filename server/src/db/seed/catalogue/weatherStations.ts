/** A long-term climate station with its average rainfall for each month, January first, in mm. */
export interface WeatherStationSeed {
  id: number;
  name: string;
  lon: number;
  lat: number;
  elevationM: number;
  monthlyRainfallMm: readonly [number, number, number, number, number, number, number, number, number, number, number, number];
}

function station(
  id: number,
  name: string,
  lat: number,
  lon: number,
  elevationM: number,
  monthlyRainfallMm: WeatherStationSeed['monthlyRainfallMm'],
): WeatherStationSeed {
  return { id, name, lon, lat, elevationM, monthlyRainfallMm };
}

/**
 * Stations at the places named, with rainfall close to their published long-term averages: dry in the east
 * of England (under 650 mm a year), wetter towards the west and in Ireland (900 to 1,200 mm), the east
 * peaking in late summer and autumn, the Atlantic side in winter.
 */
export const weatherStations: WeatherStationSeed[] = [
  // England
  station(1, 'Waddington', 53.175, -0.522, 68, [50, 40, 38, 44, 47, 56, 55, 58, 52, 61, 58, 55]),
  station(2, 'Coningsby', 53.093, -0.171, 6, [49, 39, 37, 42, 46, 56, 53, 57, 51, 58, 57, 53]),
  station(3, 'Cranwell', 53.031, -0.501, 62, [49, 39, 38, 43, 47, 56, 54, 58, 51, 60, 57, 54]),
  station(4, 'Donna Nook', 53.475, 0.152, 7, [48, 38, 37, 39, 44, 52, 52, 56, 52, 57, 57, 52]),
  station(5, 'Cambridge NIAB', 52.245, 0.102, 26, [46, 35, 34, 38, 45, 50, 51, 54, 50, 56, 53, 49]),
  station(6, 'Brooms Barn', 52.26, 0.568, 75, [52, 40, 38, 41, 47, 53, 54, 56, 52, 61, 58, 55]),
  station(7, 'Wattisham', 52.123, 0.961, 89, [52, 40, 38, 40, 46, 52, 53, 55, 52, 63, 61, 56]),
  station(8, 'Marham', 52.651, 0.568, 21, [53, 41, 39, 42, 47, 56, 58, 59, 54, 63, 61, 57]),
  station(9, 'Rothamsted', 51.807, -0.356, 128, [67, 50, 46, 51, 56, 55, 54, 62, 59, 77, 73, 70]),
  station(10, 'Oxford', 51.761, -1.262, 63, [60, 45, 42, 46, 54, 49, 50, 58, 55, 70, 68, 62]),
  station(11, 'Long Ashton', 51.431, -2.667, 51, [84, 60, 58, 59, 61, 63, 64, 74, 72, 94, 93, 92]),
  station(12, 'Shawbury', 52.794, -2.663, 72, [60, 46, 45, 48, 53, 58, 56, 64, 58, 70, 68, 64]),
  station(13, 'Sutton Bonington', 52.833, -1.25, 48, [53, 41, 39, 44, 50, 56, 53, 58, 52, 63, 59, 57]),
  station(14, 'Church Fenton', 53.836, -1.196, 8, [55, 43, 42, 43, 45, 56, 55, 60, 52, 60, 60, 58]),
  station(15, 'Leeming', 54.297, -1.533, 32, [59, 45, 43, 45, 46, 60, 58, 64, 55, 63, 63, 60]),
  station(16, 'Newton Rigg', 54.67, -2.786, 169, [105, 77, 73, 59, 59, 68, 70, 82, 80, 106, 110, 108]),
  station(17, 'Boulmer', 55.421, -1.6, 23, [58, 45, 44, 44, 45, 55, 58, 63, 57, 67, 68, 60]),
  station(18, 'Exeter Airport', 50.737, -3.405, 27, [90, 67, 62, 58, 57, 55, 56, 64, 66, 92, 95, 94]),
  station(19, 'Camborne', 50.218, -5.327, 87, [120, 91, 82, 67, 62, 56, 62, 76, 74, 112, 122, 122]),
  station(20, 'Wisley', 51.31, -0.474, 38, [63, 46, 42, 45, 51, 51, 50, 58, 58, 76, 74, 67]),
  station(21, 'Manston', 51.346, 1.337, 49, [55, 41, 39, 38, 44, 46, 47, 52, 55, 76, 74, 64]),
  // Scotland
  station(22, 'Leuchars', 56.377, -2.861, 10, [63, 49, 48, 41, 47, 55, 62, 64, 55, 76, 70, 66]),
  station(23, 'Dundee Mylnefield', 56.457, -3.073, 31, [70, 52, 51, 44, 50, 55, 63, 65, 60, 80, 74, 72]),
  station(24, 'Perth', 56.4, -3.43, 45, [88, 63, 64, 49, 57, 60, 67, 71, 69, 92, 83, 88]),
  station(25, 'Edinburgh Gogarbank', 55.928, -3.343, 57, [64, 50, 50, 42, 50, 62, 68, 66, 56, 74, 68, 66]),
  station(26, 'Aberdeen Dyce', 57.206, -2.202, 65, [75, 58, 60, 52, 57, 57, 62, 68, 66, 95, 87, 78]),
  station(27, 'Kinloss', 57.649, -3.563, 5, [58, 44, 46, 40, 50, 54, 60, 65, 58, 72, 65, 60]),
  station(28, 'Craibstone', 57.19, -2.21, 102, [82, 63, 63, 54, 60, 58, 64, 72, 70, 98, 90, 85]),
  station(29, 'Charterhall', 55.708, -2.385, 112, [64, 48, 48, 44, 52, 58, 64, 68, 60, 74, 70, 68]),
  station(30, 'Auchincruive', 55.477, -4.568, 48, [115, 85, 82, 60, 60, 68, 75, 90, 98, 122, 118, 117]),
  // Wales
  station(31, 'Aberporth', 52.139, -4.57, 133, [100, 73, 70, 60, 60, 66, 70, 85, 82, 112, 115, 110]),
  station(32, 'Valley', 53.252, -4.535, 10, [88, 65, 64, 55, 52, 60, 65, 77, 80, 104, 104, 98]),
  station(33, 'Trawsgoed', 52.344, -3.947, 63, [130, 95, 90, 70, 70, 76, 78, 95, 98, 135, 140, 140]),
  station(34, 'Pembrey Sands', 51.714, -4.367, 3, [115, 84, 80, 64, 64, 67, 72, 88, 92, 125, 130, 128]),
  station(35, 'Hawarden', 53.175, -2.986, 10, [62, 47, 47, 47, 52, 60, 60, 70, 64, 78, 74, 70]),
  // Northern Ireland
  station(36, 'Armagh', 54.352, -6.649, 62, [80, 60, 64, 58, 60, 68, 70, 82, 68, 88, 82, 85]),
  station(37, 'Aldergrove', 54.664, -6.224, 63, [86, 64, 68, 57, 58, 68, 73, 86, 73, 95, 90, 91]),
  station(38, 'Hillsborough', 54.453, -6.078, 116, [92, 67, 70, 60, 62, 68, 72, 86, 76, 100, 96, 98]),
  station(39, 'Castlederg', 54.707, -7.58, 50, [115, 85, 90, 70, 68, 75, 80, 95, 90, 115, 115, 120]),
  // Republic of Ireland
  station(40, 'Oak Park', 52.861, -6.915, 62, [78, 62, 60, 55, 60, 62, 60, 72, 65, 90, 85, 85]),
  station(41, 'Moore Park', 52.164, -8.264, 46, [105, 80, 78, 65, 70, 68, 68, 82, 80, 115, 110, 110]),
  station(42, 'Johnstown Castle', 52.298, -6.497, 62, [100, 78, 75, 64, 65, 62, 62, 75, 80, 112, 108, 107]),
  station(43, 'Dublin Airport', 53.428, -6.241, 71, [66, 52, 53, 54, 58, 63, 63, 75, 64, 83, 79, 77]),
  station(44, 'Gurteen', 53.052, -8.007, 75, [95, 72, 72, 60, 65, 68, 70, 82, 75, 100, 98, 98]),
  station(45, 'Mullingar', 53.537, -7.362, 101, [90, 68, 70, 62, 66, 70, 72, 85, 75, 98, 95, 94]),
];
