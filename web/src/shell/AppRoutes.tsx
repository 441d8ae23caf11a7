import { Navigate, Route, Routes } from 'react-router';
import { defaultRoute, routePatterns, routeSegment } from '@headland/domain/menu';
import { moduleRegistry } from '../modules/moduleRegistry.ts';

/** Each route pattern with the screen of the module it belongs to, for the modules that have one. */
const registeredRoutes = routePatterns.flatMap((pattern) => {
  const Page = moduleRegistry[`/${routeSegment(pattern)}`];
  return Page ? [{ pattern, Page }] : [];
});

/** The module routes; every other path, and a module without a screen yet, leads to the dashboard. */
export function AppRoutes() {
  return (
    <Routes>
      {registeredRoutes.map(({ pattern, Page }) => (
        <Route key={pattern} path={pattern} element={<Page />} />
      ))}
      <Route path="*" element={<Navigate to={defaultRoute} replace />} />
    </Routes>
  );
}
