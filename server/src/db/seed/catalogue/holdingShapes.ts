import type { FieldPlan, PlanField, PlanPoint } from '../drawFieldLayout.ts';

/*
 * Field plans of the demo holdings, drawn by hand in metres east and north of each plan's origin. A road and a
 * stream cross each farm; hedges run from edge to edge and sometimes dog-leg, so some fields are L-shaped or
 * have a wavy side along the water. Pieces no field point falls in are yards, woods and corners.
 */

function field(number: number, name: string, group: string | null, at: PlanPoint): PlanField {
  return { number: String(number), name, group, at };
}

/**
 * Wold Farm: chalk arable land on the Lincolnshire Wolds south-west of Louth, around 53.33 N 0.07 W. A lane
 * runs north to south past the farmstead and a beck crosses the bottom of the farm.
 */
export const woldFarmPlan: FieldPlan = {
  origin: { lon: -0.075, lat: 53.33 },
  outline: [
    [0, 40],
    [520, -20],
    [1100, 10],
    [1650, -30],
    [2380, 20],
    [2460, 620],
    [2420, 1250],
    [2350, 1880],
    [1700, 1840],
    [1050, 1910],
    [900, 1890],
    [880, 1720],
    [620, 1700],
    [600, 1870],
    [300, 1850],
    [-30, 1780],
    [-60, 1000],
  ],
  cuts: [
    {
      kind: 'road',
      path: [
        [1150, -200],
        [1170, 300],
        [1230, 800],
        [1215, 1300],
        [1260, 1700],
        [1275, 2100],
      ],
    },
    {
      kind: 'stream',
      path: [
        [-200, 390],
        [150, 350],
        [420, 410],
        [700, 330],
        [980, 380],
        [1300, 300],
        [1620, 350],
        [1900, 280],
        [2200, 320],
        [2600, 290],
      ],
    },
    // Beck fields, south of the water.
    { kind: 'hedge', path: [[390, -100], [400, 330], [395, 460]] },
    { kind: 'hedge', path: [[790, -100], [780, 460]] },
    { kind: 'hedge', path: [[1640, -100], [1600, 460]] },
    { kind: 'hedge', path: [[2050, -100], [2050, 150], [2150, 180], [2140, 450]] },
    // Three long strips west of the lane, three east of it.
    { kind: 'hedge', path: [[430, 300], [410, 900], [440, 1400], [420, 2000]] },
    { kind: 'track', path: [[830, 300], [800, 1000], [840, 2000]] },
    { kind: 'hedge', path: [[1640, 250], [1660, 900], [1630, 1500], [1650, 1950]] },
    { kind: 'hedge', path: [[2060, 250], [2040, 1000], [2075, 1950]] },
    // Cross hedges, strip by strip.
    { kind: 'hedge', path: [[-150, 820], [200, 770], [470, 815]] },
    { kind: 'hedge', path: [[-150, 1270], [220, 1240], [470, 1265]] },
    { kind: 'hedge', path: [[-150, 1575], [470, 1545]] },
    { kind: 'hedge', path: [[380, 720], [860, 690]] },
    { kind: 'hedge', path: [[380, 1140], [600, 1160], [860, 1120]] },
    { kind: 'hedge', path: [[380, 1500], [860, 1530]] },
    { kind: 'hedge', path: [[780, 860], [1000, 850], [1290, 870]] },
    { kind: 'hedge', path: [[780, 1160], [1290, 1150]] },
    { kind: 'hedge', path: [[780, 1520], [1300, 1490]] },
    { kind: 'hedge', path: [[1180, 780], [1700, 790]] },
    { kind: 'hedge', path: [[1180, 1180], [1450, 1140], [1700, 1170]] },
    { kind: 'hedge', path: [[1180, 1540], [1700, 1520]] },
    { kind: 'hedge', path: [[1610, 700], [2090, 720]] },
    { kind: 'hedge', path: [[1610, 1100], [2090, 1060]] },
    { kind: 'hedge', path: [[1610, 1450], [1850, 1480], [2090, 1440]] },
    { kind: 'hedge', path: [[2010, 900], [2250, 880], [2500, 920]] },
    { kind: 'hedge', path: [[2010, 1400], [2500, 1380]] },
    // A paddock by the lane, the farmstead yard and a spinney in the north-east corner.
    { kind: 'hedge', path: [[1030, 300], [1030, 575], [1300, 565]] },
    { kind: 'hedge', path: [[1300, 1080], [1050, 1070], [1040, 820]] },
    { kind: 'hedge', path: [[2240, 1950], [2260, 1700], [2500, 1690]] },
  ],
  fields: [
    field(1, 'Beck Meadow', 'Beck fields', [180, 180]),
    field(2, 'Mill Close', 'Beck fields', [590, 180]),
    field(3, 'Low Ings', 'Beck fields', [970, 170]),
    field(4, 'Far Bottom', 'Beck fields', [1400, 150]),
    field(5, 'Sheepwash', 'Beck fields', [1850, 150]),
    field(6, 'Carr Field', 'Beck fields', [2300, 150]),
    field(7, 'Church Piece', null, [180, 600]),
    field(8, 'Pond Field', null, [180, 1050]),
    field(9, 'Top Field', null, [180, 1400]),
    field(10, 'Wold Top', null, [180, 1700]),
    field(11, 'Long Furlong', 'Home farm', [620, 550]),
    field(12, 'Middle Field', 'Home farm', [620, 930]),
    field(13, 'Hill Piece', 'Home farm', [620, 1330]),
    field(14, 'Crow Tree Close', 'Home farm', [500, 1750]),
    field(15, 'Road Field', 'Home farm', [950, 600]),
    field(16, 'Ten Acre', 'Home farm', [1140, 450]),
    field(17, 'Home Close', 'Home farm', [900, 1000]),
    field(18, 'Stackyard Piece', 'Home farm', [1000, 1330]),
    field(19, 'Windmill Field', 'Home farm', [1000, 1700]),
    field(20, 'Roadside', 'Wold block', [1440, 550]),
    field(21, 'Dovecote Field', 'Wold block', [1440, 970]),
    field(22, 'Thorpe Field', 'Wold block', [1440, 1350]),
    field(23, 'Top Wold', 'Wold block', [1440, 1700]),
    field(24, 'Sheep Walk', 'Wold block', [1850, 520]),
    field(25, 'Gallows Hill', 'Wold block', [1850, 900]),
    field(26, 'Barrow Field', 'Wold block', [1850, 1270]),
    field(27, 'Beacon Field', 'Wold block', [1850, 1650]),
    field(28, 'Far Wold', 'Wold block', [2250, 600]),
    field(29, 'Pinfold Field', 'Wold block', [2250, 1150]),
    field(30, 'Spinney Field', 'Wold block', [2150, 1600]),
  ],
};

/**
 * Mains of Balgray: Strathmore farmland between Coupar Angus and Blairgowrie, around 56.56 N 3.31 W. The A923
 * clips the south-west corner, leaving two fields over the road, and a burn winds from north to south-east.
 */
export const balgrayPlan: FieldPlan = {
  origin: { lon: -3.31, lat: 56.56 },
  outline: [
    [0, 0],
    [700, -60],
    [1500, -20],
    [2200, 80],
    [2250, 800],
    [2180, 1500],
    [1500, 1620],
    [800, 1580],
    [100, 1650],
    [-60, 900],
  ],
  cuts: [
    { kind: 'road', path: [[-200, 400], [300, 200], [800, 40], [1100, -100]] },
    {
      kind: 'stream',
      path: [
        [900, 1800],
        [950, 1500],
        [880, 1250],
        [1000, 1000],
        [1150, 850],
        [1300, 800],
        [1500, 650],
        [1700, 560],
        [1900, 420],
        [2100, 380],
        [2400, 300],
      ],
    },
    // The steading road, from the A923 up to the burn.
    { kind: 'track', path: [[120, 200], [450, 600], [700, 900], [930, 1120], [990, 1120]] },
    // North and east of the burn.
    { kind: 'hedge', path: [[1300, 1700], [1250, 700]] },
    { kind: 'hedge', path: [[1700, 1700], [1650, 580], [1640, 500]] },
    { kind: 'hedge', path: [[2300, 1100], [1640, 1050]] },
    { kind: 'hedge', path: [[1240, 1250], [1720, 1230]] },
    { kind: 'hedge', path: [[2300, 1350], [1640, 1330]] },
    { kind: 'hedge', path: [[2300, 700], [1640, 720]] },
    { kind: 'hedge', path: [[850, 1400], [1320, 1420]] },
    // West of the burn and north of the steading road.
    { kind: 'hedge', path: [[-150, 1000], [700, 980], [780, 940]] },
    { kind: 'hedge', path: [[300, 1050], [310, 300]] },
    { kind: 'hedge', path: [[-150, 650], [340, 640]] },
    { kind: 'track', path: [[380, 500], [380, 720], [620, 700]] },
    { kind: 'hedge', path: [[430, 1700], [450, 900]] },
    { kind: 'hedge', path: [[-150, 1330], [1000, 1300]] },
    // South of the steading road and the burn.
    { kind: 'hedge', path: [[620, -100], [640, 900]] },
    { kind: 'hedge', path: [[1070, -150], [1050, 1100]] },
    { kind: 'hedge', path: [[600, 500], [1100, 480]] },
    { kind: 'hedge', path: [[1420, -120], [1400, 950]] },
    { kind: 'hedge', path: [[1020, 420], [1450, 400]] },
    { kind: 'hedge', path: [[1800, -120], [1780, 700]] },
    { kind: 'hedge', path: [[1380, 330], [1820, 300]] },
    { kind: 'hedge', path: [[2010, -100], [2000, 500]] },
  ],
  fields: [
    field(1, 'Lodge Park', null, [150, 100]),
    field(2, 'Roadend', null, [800, -10]),
    field(3, 'Cottage Park', 'Mains', [100, 470]),
    field(4, 'Whins', 'Mains', [100, 800]),
    field(5, 'Steading Park', 'Mains', [420, 880]),
    field(6, 'West Park', 'Mains', [200, 1150]),
    field(7, 'Muir Park', 'Mains', [200, 1480]),
    field(8, 'Mill Park', 'Mains', [650, 1150]),
    field(9, 'Well Park', 'Mains', [650, 1450]),
    field(10, 'Roadside Park', 'Mains', [480, 350]),
    field(11, 'Long Park', null, [850, 250]),
    field(12, 'Broom Park', null, [880, 700]),
    field(13, 'East Park', null, [1230, 200]),
    field(14, 'Kirk Park', 'Haugh', [1230, 600]),
    field(15, 'Dyke Park', null, [1600, 150]),
    field(16, 'Bog Park', 'Haugh', [1600, 480]),
    field(17, 'Haugh Park', 'Haugh', [1900, 200]),
    field(18, 'Isla Park', 'Haugh', [2100, 200]),
    field(19, 'Low Haugh', 'Haugh', [1950, 560]),
    field(20, 'Burnside', 'Haugh', [1100, 1150]),
    field(21, 'Braeside', 'Haugh', [1100, 1500]),
    field(22, 'Mid Park', 'Hill', [1480, 950]),
    field(23, 'Hill Park', 'Hill', [1480, 1420]),
    field(24, 'Corbie Hill', 'Hill', [1950, 900]),
    field(25, 'Whinny Knowe', 'Hill', [1950, 1200]),
    field(26, 'North Park', 'Hill', [1950, 1450]),
  ],
};

/**
 * Penlan: a grass farm on the north side of the Tywi valley above Llandeilo, around 51.905 N 3.96 W, with a lane
 * across the middle and a nant running down to the river.
 */
export const penlanPlan: FieldPlan = {
  origin: { lon: -3.96, lat: 51.905 },
  outline: [
    [0, 0],
    [450, -40],
    [900, 30],
    [950, 400],
    [880, 760],
    [500, 800],
    [100, 740],
    [-40, 380],
  ],
  cuts: [
    { kind: 'road', path: [[-100, 250], [300, 300], [600, 250], [1050, 320]] },
    { kind: 'stream', path: [[420, 900], [460, 600], [400, 420], [480, 150], [520, -150]] },
    { kind: 'hedge', path: [[210, -100], [205, 150], [215, 850]] },
    { kind: 'hedge', path: [[700, -100], [705, 120], [690, 900]] },
    { kind: 'hedge', path: [[-100, 520], [500, 540]] },
    { kind: 'hedge', path: [[400, 560], [1000, 520]] },
  ],
  fields: [
    field(1, 'Cae Mawr', 'Home', [80, 120]),
    field(2, 'Cae Bach', 'Home', [330, 120]),
    field(3, 'Dôl Isaf', 'Home', [580, 130]),
    field(4, "Cae'r Nant", 'Home', [800, 150]),
    field(5, 'Parc Isaf', null, [80, 400]),
    field(6, 'Cae Canol', null, [330, 400]),
    field(7, 'Parc Uchaf', 'Top', [100, 640]),
    field(8, 'Cae Eithin', 'Top', [320, 660]),
    field(9, 'Cae Ffynnon', null, [580, 420]),
    field(10, 'Parc y Berllan', null, [820, 420]),
    field(11, 'Waun Fawr', 'Top', [580, 680]),
    field(12, 'Cae Pwll', 'Top', [800, 650]),
  ],
};

/** Every plan, by the holding it belongs to. */
export const holdingPlans = { woldFarm: woldFarmPlan, balgray: balgrayPlan, penlan: penlanPlan } as const;
