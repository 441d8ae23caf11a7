import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);

vi.mock('./datalayers/DataLayersPage.tsx', () => {
  loaded.push('datalayers');
  return { DataLayersPage: () => null };
});
vi.mock('./fields/FieldsPage.tsx', () => {
  loaded.push('fields');
  return { FieldsPage: () => null };
});

const { preloadModulePage } = await import('./moduleRegistry.ts');

describe('loading the screen of the address as the page starts', () => {
  it('loads the code of the module the address opens, and no other', async () => {
    preloadModulePage('/datalayers/edit/12');
    await vi.waitFor(() => expect(loaded).toEqual(['datalayers']));
  });

  it('loads nothing for an address without a module screen', async () => {
    preloadModulePage('/');
    preloadModulePage('/soil');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toEqual(['datalayers']);
  });
});

describe('the module registry', () => {
  it('gives every route of a module screen its module’s main-menu entry', async () => {
    const { moduleRoutes } = await import('./moduleRegistry.ts');
    const { menuItemForPath } = await import('@headland/domain/menu');
    expect(moduleRoutes.map((route) => route.pattern)).toEqual([
      '/dashboard',
      '/fields/:action?/:id?',
      '/datalayers/:action?/:id?',
      '/import/:component?/:resumeTask?',
      '/export',
      '/prescriptions/:action?/:id?',
    ]);
    for (const route of moduleRoutes) expect(route.mainMenuItem).toBe(menuItemForPath(route.pattern));
  });

  it('names a query key for every data service that live events refresh', async () => {
    const { liveQueryKeys } = await import('./moduleRegistry.ts');
    const { dataServices } = await import('../shell/live/dataRefresh.ts');
    const keys = liveQueryKeys(7);
    expect(Object.keys(keys).sort()).toEqual(Object.keys(dataServices).sort());
    expect(keys).toEqual({
      holdings: ['holdings'],
      fields: ['fields', 7],
      croppings: ['croppings', 7],
      validation: ['holdingValidation', 7],
      dashboard: ['dashboard', 7],
    });
  });

  it('lists the user menu entries of permissions, connections, holdings, partners and documents, in that order', async () => {
    const { moduleEntries } = await import('./moduleRegistry.ts');
    expect(moduleEntries.filter((entry) => entry.useUserMenu).map((entry) => entry.id)).toEqual([
      'permissions',
      'apps',
      'holdings',
      'partners',
      'documents',
    ]);
  });

  it('prefetches data for the map only', async () => {
    const { moduleAt } = await import('./moduleRegistry.ts');
    expect(moduleAt('/datalayers/edit/3')?.prefetch).toBeTypeOf('function');
    for (const path of ['/dashboard', '/fields', '/fields/details/4', '/soil', '/'])
      expect(moduleAt(path)?.prefetch).toBeUndefined();
  });
});
