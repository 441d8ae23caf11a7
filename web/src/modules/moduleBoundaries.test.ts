// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's root, where eslint.config.js is: file paths below are relative to it.
const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const eslint = new ESLint({ cwd: root });

// The first lint loads the configuration and the TypeScript parser: seconds on a busy machine, paid once here.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'web/src/shell/warmUp.ts' });
}, 180_000);

/** The messages of the import-boundary rule for `text` as if it were the file at `filePath`. */
async function boundaryErrors(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the shell reads modules only through their registry', () => {
  it.each([
    ["import { fieldListQuery } from '../modules/fields/fieldsQueries.ts';", 'web/src/shell/prefetch.ts'],
    [
      "import { useDocumentsMenu } from '../../modules/documents/useDocumentsMenu.tsx';",
      'web/src/shell/layout/UserMenu.tsx',
    ],
    ["import type { ModuleEntry } from '../modules/moduleEntry.ts';", 'web/src/shell/AppRoutes.tsx'],
    ["export { aField } from '../modules/fields/testing/fieldsFixtures.ts';", 'web/src/shell/x.test.tsx'],
  ])('refuses %s in %s', async (text, filePath) => {
    const errors = await boundaryErrors(`${text}\n`, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('modules/moduleRegistry.ts');
  });

  it('allows the registry, the shell’s own files and the domain', async () => {
    const text = [
      "import { moduleRoutes } from '../modules/moduleRegistry.ts';",
      "import { liveQueryKeys } from '../../modules/moduleRegistry';",
      "import { useAppSession } from './session/AppSessionContext.tsx';",
      "import { routeSegment } from '@headland/domain/menu';",
      'export { moduleRoutes, liveQueryKeys, useAppSession, routeSegment };',
      '',
    ].join('\n');
    expect(await boundaryErrors(text, 'web/src/shell/live/LiveContext.tsx')).toEqual([]);
  });

  it('leaves modules free to import the shell and one another', async () => {
    const text = [
      "import { useAppSession } from '../../shell/session/AppSessionContext.tsx';",
      "import { fieldListQuery } from '../fields/fieldsQueries.ts';",
      'export { useAppSession, fieldListQuery };',
      '',
    ].join('\n');
    expect(await boundaryErrors(text, 'web/src/modules/datalayers/datalayersModule.ts')).toEqual([]);
  });
});

describe('the map library imports nothing above it', () => {
  it.each([
    [
      "import { useAppSession } from '../../shell/session/AppSessionContext.tsx';",
      'web/src/map/edit/ZoneEditor.ts',
    ],
    ["import { layersKey } from '../modules/datalayers/layers/layersQueries.ts';", 'web/src/map/FieldMap.ts'],
    ["import type { ApiClient } from '../../shell/http/apiClient.ts';", 'web/src/map/layers/DataLayerSet.ts'],
    ["import { moduleRoutes } from '../../modules/moduleRegistry.ts';", 'web/src/map/edit/ZoneEditor.ts'],
  ])('refuses %s in %s', async (text, filePath) => {
    const errors = await boundaryErrors(`${text}\n`, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('imports nothing above it');
  });

  it('allows its own files, OpenLayers and the domain', async () => {
    const text = [
      "import { dataProjection } from '../projections.ts';",
      "import VectorSource from 'ol/source/Vector.js';",
      "import { canCommitDrawing } from '@headland/domain/layers/zoneEditRules';",
      'export { dataProjection, VectorSource, canCommitDrawing };',
      '',
    ].join('\n');
    expect(await boundaryErrors(text, 'web/src/map/edit/ZoneEditor.ts')).toEqual([]);
  });
});
