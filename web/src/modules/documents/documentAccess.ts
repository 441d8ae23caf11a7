import type { Permissions } from '@headland/domain/permissions';

/**
 * Whether the session manages the library (uploads, edits and deletes documents): map-layers write in a session
 * that is not read-only. Otherwise the library and its properties popup are read-only (fields-croppings-maps §6).
 */
export function managesLibrary(permissions: Permissions, readOnly: boolean): boolean {
  return permissions.mapLayers.write && !readOnly;
}

/** Whether the session may open the library at all: map-layers read. */
export function readsLibrary(permissions: Permissions): boolean {
  return permissions.mapLayers.read;
}
