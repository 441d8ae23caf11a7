import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { signInTo } from './appShellPage.ts';
import { stepTimeoutMs } from './loginPage.ts';

// The map tests sign in to Wold Farm of the demo seed, as its owner unless a test says otherwise.
export const owner = 'client@headland.example';
/** The demo agronomist of Wold Farm: fields rights, and the GeolocationInfo property (README, Demo logins). */
export const agronomist = 'agronomist@headland.example';
export const holding = 'Wold Farm';

/** Winter wheat, the commonest crop of Wold Farm's rotation (domain/src/crops.ts). */
export const winterWheat: Rgb = [230, 190, 90];

export type Rgb = [number, number, number];
export type LonLat = [lon: number, lat: number];

/** A field as GET /api/fields/v1 answers it, as far as these tests read it. */
export interface ApiField {
  FieldId: number;
  Name: string;
  Boundary: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
  BoundaryArea: number | null;
  Croppings: ApiCropping[];
}

/** A cropping as the fields list answers it, as far as these tests read it. */
export interface ApiCropping {
  CroppingId: number;
  FieldId: number;
  YearId: number;
  CropId: number;
  Area: number | null;
  Crop: { Name: string };
  Boundary: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
}

/** The map page: its canvas and state, its buttons and panels, and pixels for lon/lat positions. */
export class MapPage {
  /** The last field list the page loaded. */
  fields: ApiField[] = [];

  constructor(readonly page: Page) {
    page.on('response', (response) => void this.capture(response));
  }

  private async capture(response: Response): Promise<void> {
    const url = new URL(response.url());
    if (url.pathname !== '/api/fields/v1' || response.request().method() !== 'GET' || !response.ok()) return;
    try {
      this.fields = (await response.json()) as ApiField[];
    } catch {
      // A response of a page that has gone away has no body left to read.
    }
  }

  get map(): Locator {
    return this.page.getByRole('region', { name: 'Map' });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async state(): Promise<Record<string, string>> {
    return this.map.evaluate(
      (element) => ({ ...(element as HTMLElement).dataset }) as Record<string, string>,
    );
  }

  /** Waits until the map has drawn after its last change and answers its state. */
  async settled(
    check: (state: Record<string, string>) => boolean = () => true,
  ): Promise<Record<string, string>> {
    let last: Record<string, string> = {};
    await expect
      .poll(
        async () => {
          last = await this.state();
          return last.rendered === 'true' && check(last);
        },
        { timeout: stepTimeoutMs, interval: 250 },
      )
      .toBe(true);
    // The state is written 150 ms after the last frame; one more beat lets a pending frame land.
    await this.page.waitForTimeout(300);
    return this.state();
  }

  /** The page pixel of a lon/lat, from the view's centre and resolution (spherical Mercator). */
  async pixelOf([lon, lat]: LonLat): Promise<[number, number]> {
    const state = await this.state();
    const box = (await this.map.boundingBox())!;
    const radius = 6_378_137;
    const x = (radius * lon * Math.PI) / 180;
    const y = radius * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    const resolution = Number(state.resolution);
    return [
      box.x + box.width / 2 + (x - Number(state.centerX)) / resolution,
      box.y + box.height / 2 - (y - Number(state.centerY)) / resolution,
    ];
  }

  /** Metres on the ground per screen pixel at the view's centre. */
  async groundResolution(): Promise<number> {
    const state = await this.state();
    return Number(state.resolution) * Math.cos((Number(state.centerLat) * Math.PI) / 180);
  }

  /**
   * What the map's canvases hold: the share of the map covered by anything drawn, and how many pixels carry a
   * given crop colour at the cropping fill's half opacity.
   */
  async pixels(
    crop: Rgb = winterWheat,
    alphaRange: [number, number] = [100, 160],
  ): Promise<{ coverage: number; cropPixels: number }> {
    return this.page.evaluate(
      ([element, colour, [minAlpha, maxAlpha]]) => {
        const canvases = Array.from(element!.querySelectorAll('canvas')).filter((canvas) => canvas.width > 0);
        const width = Math.max(...canvases.map((canvas) => canvas.width));
        const height = Math.max(...canvases.map((canvas) => canvas.height));
        const covered = new Uint8Array(width * height);
        let cropPixels = 0;
        for (const canvas of canvases) {
          const context = canvas.getContext('2d');
          if (!context) continue;
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          for (let index = 0; index < canvas.width * canvas.height; index++) {
            const alpha = data[index * 4 + 3]!;
            if (alpha < 24) continue;
            covered[index] = 1;
            const near = (offset: number) => Math.abs(data[index * 4 + offset]! - colour[offset]!) <= 24;
            if (alpha > minAlpha && alpha < maxAlpha && near(0) && near(1) && near(2)) cropPixels++;
          }
        }
        const coverage = covered.reduce((sum, value) => sum + value, 0) / (width * height);
        return { coverage, cropPixels };
      },
      [await this.map.elementHandle(), crop, alphaRange] as const,
    );
  }

  async openOptions(): Promise<Locator> {
    await this.button('Map options').click();
    const dialog = this.dialog('Map options');
    await dialog.waitFor();
    return dialog;
  }

  /** Right-clicks at a lon/lat and answers the context menu that opens. */
  async contextMenuAt(position: LonLat): Promise<Locator> {
    const [x, y] = await this.pixelOf(position);
    await this.page.mouse.click(x, y, { button: 'right' });
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  /**
   * Picks a margin with the open margin picker: clicks the boundary side from `from` to `to` at the fractions
   * `start` and `end` of its length, moving between them as a user drags along. Answers the two pixels clicked.
   */
  async pickMarginAlong(
    from: LonLat,
    to: LonLat,
    start: number,
    end: number,
  ): Promise<[[number, number], [number, number]]> {
    const along = (t: number): LonLat => [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
    // Pixels are worked out from the view: on a busy machine a panel that just opened may still move it.
    await this.settled();
    const first = await this.pixelOf(along(start));
    const second = await this.pixelOf(along(end));
    await this.page.mouse.move(...first);
    await this.page.mouse.click(...first);
    await this.page.mouse.move(...second, { steps: 5 });
    await this.page.mouse.click(...second);
    return [first, second];
  }

  /** Zooms to a field from its context menu, then chooses `item` from the menu at its middle. */
  async zoomToFieldAndChoose(field: ApiField, item: string): Promise<void> {
    const zoom = await this.contextMenuAt(middleOf(field));
    await zoom.getByRole('menuitem', { name: 'Zoom to field' }).click();
    await this.settled((state) => Number(state.zoom) > 15);
    const menu = await this.contextMenuAt(middleOf(field));
    await menu.getByRole('menuitem', { name: item }).click();
  }
}

/** Signs the owner (or `email`) in to Wold Farm and opens Map layers from the main menu, once the fields are drawn. */
export async function openMap(page: Page, email = owner): Promise<MapPage> {
  // Made before signing in, so that it sees every field list the app loads.
  const mapPage = new MapPage(page);
  const shell = await signInTo(page, email, holding);
  await shell.menuEntry('Map layers').click();
  await mapPage.settled((state) => Number(state.fieldsInView) > 0);
  return mapPage;
}

export function outerRing(field: ApiField): LonLat[] {
  return field.Boundary!.coordinates[0]![0]!.map(([lon, lat]) => [lon!, lat!]);
}

/** The average of a field's corners: inside the demo's four-sided fields. */
export function middleOf(field: ApiField): LonLat {
  const ring = outerRing(field).slice(0, -1);
  return [
    ring.reduce((sum, [lon]) => sum + lon, 0) / ring.length,
    ring.reduce((sum, [, lat]) => sum + lat, 0) / ring.length,
  ];
}

export function fieldNamed(mapPage: MapPage, name: string): ApiField {
  const field = mapPage.fields.find((each) => each.Name === name);
  if (!field) throw new Error(`${name} is not among the fields`);
  return field;
}
