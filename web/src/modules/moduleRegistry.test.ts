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
