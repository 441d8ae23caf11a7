// What the signed-in app brings with it, as one chunk loaded by signedInApp.ts.
import './appStyles.ts';
export { SignedInApp } from './SignedInApp.tsx';
export { preloadModulePage } from '../modules/moduleRegistry.ts';
export { prefetchRouteData } from './useRouteDataPrefetch.ts';
