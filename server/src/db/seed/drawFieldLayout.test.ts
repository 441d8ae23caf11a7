import { describe, expect, it } from 'vitest';
import { drawFieldLayout, planPieces, type FieldPlan, type PlanCut } from './drawFieldLayout.ts';
import { holdingPlans } from './catalogue/holdingShapes.ts';

const origin = { lon: -0.1, lat: 53 };
// Metres per degree at 53 degrees north, from the same series the drawing uses.
const metresPerLat =
  111132.92 - 559.82 * Math.cos((2 * 53 * Math.PI) / 180) + 1.175 * Math.cos((4 * 53 * Math.PI) / 180);
const metresPerLon = 111412.84 * Math.cos((53 * Math.PI) / 180) - 93.5 * Math.cos((3 * 53 * Math.PI) / 180);

const square: FieldPlan['outline'] = [
  [0, 0],
  [200, 0],
  [200, 100],
  [0, 100],
];

function plan(cuts: PlanCut[], fields: FieldPlan['fields']): FieldPlan {
  return { origin, outline: square, cuts, fields };
}

function extentInMetres(ring: number[][]) {
  const xs = ring.map(([lon]) => (lon! - origin.lon) * metresPerLon);
  const ys = ring.map(([, lat]) => (lat! - origin.lat) * metresPerLat);
  return { west: Math.min(...xs), east: Math.max(...xs), south: Math.min(...ys), north: Math.max(...ys) };
}

const west = { name: 'West', number: '1', group: null, at: [50, 50] as const };
const east = { name: 'East', number: '2', group: 'Home', at: [150, 50] as const };

describe('drawFieldLayout', () => {
  it('splits along a hedge and stands each field 2 m back from every line', () => {
    const fields = drawFieldLayout(
      plan(
        [
          {
            kind: 'hedge',
            path: [
              [100, -10],
              [100, 110],
            ],
          },
        ],
        [west, east],
      ),
    );
    expect(fields.map((field) => field.name)).toEqual(['West', 'East']);
    const [a, b] = fields.map((field) => extentInMetres(field.boundary.coordinates[0]![0]!));
    expect(a!.west).toBeCloseTo(2, 1);
    expect(a!.east).toBeCloseTo(98, 1);
    expect(b!.west).toBeCloseTo(102, 1);
    expect(a!.south).toBeCloseTo(2, 1);
    expect(a!.north).toBeCloseTo(98, 1);
    expect(fields[0]!.planAreaHa).toBeCloseTo(0.9216, 4);
    expect(fields[1]!.group).toBe('Home');
  });

  it('leaves a wider gap along a road than along a hedge', () => {
    const fields = drawFieldLayout(
      plan(
        [
          {
            kind: 'road',
            path: [
              [100, -10],
              [100, 110],
            ],
          },
        ],
        [west, east],
      ),
    );
    const [a, b] = fields.map((field) => extentInMetres(field.boundary.coordinates[0]![0]!));
    expect(b!.west - a!.east).toBeCloseTo(12, 1);
  });

  it('writes closed GeoJSON rings, anticlockwise, in longitude and latitude', () => {
    const [field] = drawFieldLayout(plan([], [west]));
    const ring = field!.boundary.coordinates[0]![0]!;
    expect(field!.boundary.type).toBe('MultiPolygon');
    expect(ring[0]).toEqual(ring.at(-1));
    let twiceArea = 0;
    for (let i = 0; i + 1 < ring.length; i++)
      twiceArea += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
    expect(twiceArea).toBeGreaterThan(0);
    expect(ring[0]![1]).toBeCloseTo(origin.lat, 3);
  });

  it('makes an L-shaped field from a hedge that dog-legs', () => {
    const cut: PlanCut = {
      kind: 'hedge',
      path: [
        [80, -10],
        [80, 50],
        [120, 50],
        [120, 110],
      ],
    };
    const fields = drawFieldLayout(plan([cut], [west, east]));
    // Six corners, one of them turning inwards.
    expect(fields[0]!.boundary.coordinates[0]![0]).toHaveLength(7);
    // 76 x 96 m plus 40 x 46 m on one side; 116 x 96 m less a 40 x 50 m notch on the other.
    expect(fields[0]!.planAreaHa).toBeCloseTo(0.9136, 4);
    expect(fields[1]!.planAreaHa).toBeCloseTo(0.9136, 4);
  });

  it.each([
    [
      'stops inside the piece',
      [
        [100, -10],
        [100, 50],
      ],
    ],
    [
      'steps out of the piece and back in',
      [
        [150, 50],
        [150, 150],
        [180, 150],
        [180, 50],
      ],
    ],
  ] as const)('leaves a piece whole when a cut %s', (_, path) => {
    expect(planPieces(plan([{ kind: 'hedge', path }], []))).toHaveLength(1);
  });

  it('refuses a cut that crosses one piece more than twice', () => {
    const zigzag: PlanCut = {
      kind: 'hedge',
      path: [
        [50, -10],
        [50, 110],
        [150, 110],
        [150, -10],
      ],
    };
    expect(() => planPieces(plan([zigzag], []))).toThrow(/crosses one piece 4 times/);
  });

  it('refuses a field point outside every piece, or two fields in one piece', () => {
    expect(() => drawFieldLayout(plan([], [{ ...west, at: [500, 500] }]))).toThrow(/not inside one piece/);
    expect(() => drawFieldLayout(plan([], [west, { ...east, at: [60, 60] }]))).toThrow(/same piece/);
  });

  it.each(Object.entries(holdingPlans))('draws every field of the %s plan', (_, farmPlan) => {
    const fields = drawFieldLayout(farmPlan);
    expect(fields).toHaveLength(farmPlan.fields.length);
    expect(new Set(fields.map((field) => field.number)).size).toBe(fields.length);
    for (const field of fields) {
      expect(field.planAreaHa, field.name).toBeGreaterThanOrEqual(2);
      expect(field.planAreaHa, field.name).toBeLessThanOrEqual(25);
    }
  });
});
