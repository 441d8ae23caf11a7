import { Navigate, Route, Routes } from 'react-router';
import {
  defaultRoute,
  menuItemForPath,
  menuItemVisible,
  routePatterns,
  routeSegment,
} from '@headland/domain/menu';
import { resolveRole } from '@headland/domain/roles';
import { moduleRegistry } from '../modules/moduleRegistry.ts';
import { useAppSession } from './session/AppSessionContext.tsx';

/** Each route pattern with the screen of the module it belongs to, for the modules that have one. */
const registeredRoutes = routePatterns.flatMap((pattern) => {
  const Page = moduleRegistry[`/${routeSegment(pattern)}`];
  return Page ? [{ pattern, Page }] : [];
});

/**
 * The module routes this session may open; every other path, a module without a screen yet, and a module
 * whose menu entry the user does not see (typing its address must not open what the menu hides) lead to
 * the dashboard.
 */
export function AppRoutes() {
  const session = useAppSession();
  const menuInput = {
    permissions: session.permissions,
    features: session.brand.features,
    modules: session.brand.modules,
    role: resolveRole(session.selection.Role),
  };
  const allowed = registeredRoutes.filter(({ pattern }) => {
    const entry = menuItemForPath(pattern);
    return entry === undefined || menuItemVisible(entry, menuInput);
  });
  return (
    <Routes>
      {allowed.map(({ pattern, Page }) => (
        <Route key={pattern} path={pattern} element={<Page />} />
      ))}
      <Route path="*" element={<Navigate to={defaultRoute} replace />} />
    </Routes>
  );
}
