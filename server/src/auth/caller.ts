import type { FastifyRequest } from 'fastify';
import { brands, type Brand } from '@headland/domain/brands';
import { harvestYearOf } from '@headland/domain/harvestYear';
import { isoDateFromLocalDate } from '@headland/domain/isoDate';
import type { Role } from '@headland/domain/roles';
import type { ChangeActor } from '../events/recordEvent.ts';
import { requireAuth, requireSession } from './accessHook.ts';
import type { AuthContext } from './authContext.ts';
import type { CroppingAccess } from './croppingAccess.ts';

/**
 * How much of a caller a route works with: 'account' routes (own account, holdings list, holding choice) run
 * with or without a selected holding; 'holding' routes are declared with an area and always have one.
 */
export type CallerScope = 'account' | 'holding';

/** What a caller bound to a holding session adds: the holding, its year and what the session may do. */
interface HoldingScope {
  holdingId: number;
  /** The session's crop year, or the current harvest year when the session has none. */
  yearId: number;
  /** The session's crop year as chosen, null when none was: for answers that must ask for one. */
  sessionYearId: number | null;
  sessionId: string;
  readOnly: boolean;
  /** The account role, for admin-level checks. */
  role: Role;
  /** The author recorded on every change the caller makes. */
  actor: ChangeActor;
  /** Which croppings the caller sees (restricted members see only theirs). */
  access: CroppingAccess;
}

/**
 * Who calls a route: the one shape every service receives. `auth` is the token's record as the access hook
 * loaded it (user, login, holding session and its permissions); `brand` the brand serving the request.
 * `Caller` (the default) is bound to a holding session; `Caller<'account'>` may have none.
 */
export type Caller<Scope extends CallerScope = 'holding'> = {
  auth: AuthContext;
  brand: Brand;
} & (Scope extends 'holding' ? HoldingScope : unknown);

/** The caller of a route declared 'user' (or with an area, when the holding does not matter). */
export function callerOf(request: FastifyRequest): Caller<'account'> {
  const auth = requireAuth(request);
  return { auth, brand: brands[auth.brandId] };
}

/** The caller of a route declared with an area: the access hook has checked the holding session. */
export function holdingCallerOf(request: FastifyRequest): Caller {
  const session = requireSession(request);
  const { auth } = session;
  return {
    auth,
    brand: brands[auth.brandId],
    holdingId: session.holdingId,
    yearId: session.yearId ?? harvestYearOf(isoDateFromLocalDate(new Date())),
    sessionYearId: session.yearId,
    sessionId: session.id,
    readOnly: session.readOnly,
    role: auth.user.role,
    actor: { userId: auth.user.id, holdingId: session.holdingId, sessionId: session.id },
    access: {
      holdingId: session.holdingId,
      userId: auth.user.id,
      restricted: session.restrictCroppingAccess,
      partnerId: session.partnerId,
    },
  };
}
