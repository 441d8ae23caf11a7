import type { ComponentType, ReactNode } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { menuItems, routePatterns, routeSegment, type MenuItem } from '@headland/domain/menu';
import type { ApiClient } from '../shell/http/apiClient.ts';
import type { DataService } from '../shell/live/dataRefresh.ts';

/** A module's contribution to the user menu: its entry, and what that entry opens. */
export interface UserMenuContribution {
  /** The menu item, or null when this session is not offered it. */
  item: ReactNode;
  /** Dialogs and banners the item opens; rendered outside the menu's dropdown, which unmounts when it closes. */
  dialog: ReactNode;
}

/** Where the session is: the data a screen opens on depends on the holding and the crop year. */
export interface PrefetchAt {
  holdingId: number;
  yearId: number;
}

/**
 * Everything a web module offers the shell, in one object exported by the module and listed in
 * `moduleRegistry.ts`. The shell reads modules only through the registry, so a module is added, or taken out,
 * by its entry alone: no shell file names a module's files. Every member is optional but `id`; a module
 * without a screen (holdings, permissions, documents) still contributes to the user menu or the live refresh.
 */
export interface ModuleEntry {
  /** Names the module (its folder under `web/src/modules/`). */
  readonly id: string;
  /**
   * The router patterns of the module's screen, from `routePatterns` in domain/menu.ts (see `routesOf`); empty
   * for a module without a screen. A route without a module entry leads to the dashboard.
   */
  readonly routes: readonly string[];
  /** The screen's code, loaded on demand: a module's code (and the map libraries it pulls in) only when opened. */
  readonly loadPage?: () => Promise<{ default: ComponentType }>;
  /**
   * The main-menu entry of the screen (domain/menu.ts): the screen's routes open only for a session that sees
   * it, so typing an address does not open what the menu hides.
   */
  readonly mainMenuItem?: MenuItem;
  /**
   * The module's user-menu entry, as a hook. Called on every render of the user menu, always in registry order
   * (the registry is fixed when the app is built, so the hooks called never change between renders).
   */
  readonly useUserMenu?: () => UserMenuContribution;
  /**
   * Starts loading the data the screen opens on, with the screen's own query (same key and request), so that
   * the screen finds the answer or the request under way in the cache. Called when the holding opens on the
   * module's route and whenever the route or the year changes to it. A failure is the screen's to show.
   */
  readonly prefetch?: (queryClient: QueryClient, api: ApiClient, at: PrefetchAt) => void;
  /**
   * The query keys of the holding's data services this module owns: other sessions' changes (live events)
   * invalidate them, dependencies first (see `shell/live/dataRefresh.ts`).
   */
  readonly liveQueryKeys?: (holdingId: number) => Partial<Record<DataService, QueryKey>>;
}

/** The router patterns of domain/menu.ts under one first segment (`'/fields'` → `/fields/:action?/:id?`). */
export function routesOf(route: `/${string}`): readonly string[] {
  const segment = routeSegment(route);
  return routePatterns.filter((pattern) => routeSegment(pattern) === segment);
}

/** The main-menu entry of domain/menu.ts with this id; a typo fails as the app starts, not later. */
export function mainMenuItem(id: string): MenuItem {
  const found = menuItems.find((item) => item.id === id);
  if (!found) throw new Error(`No main-menu entry '${id}' in domain/menu.ts`);
  return found;
}
