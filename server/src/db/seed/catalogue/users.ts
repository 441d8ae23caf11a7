import { Role } from '@headland/domain/roles';
import { agronomyBusiness } from './businesses.ts';
import { humberGrain } from './partners.ts';

/** The one password of every demo account; it passes the password rule. */
export const demoPassword = 'Harvest2026';

/** The terms every demo user but one has accepted. */
export const currentTermsVersion = 1;

export interface DemoUserSeed {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  businessId: number | null;
  /** Null for a user who has not accepted any terms yet and is asked to at sign-in. */
  tcsAcceptedVersion: number | null;
  /** What signing in as this user shows, for the start-up banner and the README. */
  description: string;
  /** The account's properties (session-shell §3), e.g. GeolocationInfo to see the map's tracking info. */
  properties: { Debug?: boolean; GeolocationInfo?: boolean };
  /** The name of the partner organisation the user works for (catalogue/partners.ts), if any. */
  partner?: string;
}

const domain = 'headland.example';

function user(
  localPart: string,
  firstName: string,
  lastName: string,
  role: Role,
  description: string,
  options: {
    businessId?: number;
    tcsAcceptedVersion?: number | null;
    properties?: DemoUserSeed['properties'];
    partner?: string;
  } = {},
): DemoUserSeed {
  return {
    email: `${localPart}@${domain}`,
    firstName,
    lastName,
    role,
    businessId: options.businessId ?? null,
    tcsAcceptedVersion:
      options.tcsAcceptedVersion === undefined ? currentTermsVersion : options.tcsAcceptedVersion,
    description,
    properties: options.properties ?? {},
    ...(options.partner ? { partner: options.partner } : {}),
  };
}

export const demoUsers: DemoUserSeed[] = [
  user(
    'master',
    'Margaret',
    'Fleming',
    Role.Master,
    'Master: every holding and every setting, custom base maps, the debug toggles of the user menu',
    { properties: { Debug: true } },
  ),
  user(
    'admin',
    'Adam',
    'Whitfield',
    Role.Admin,
    'Admin: every holding, holding exports, admin flag in the user menu',
  ),
  user(
    'manager',
    'Helen',
    'Marsh',
    Role.Manager,
    'Manager: member of Wold Farm and Mains of Balgray with full rights',
  ),
  user(
    'agronomist',
    'Tom',
    'Bradley',
    Role.Agronomist,
    'Agronomist of Wold Farm and Mains of Balgray, with his own business (Fenwold Agronomy); sees the map tracking info',
    { businessId: agronomyBusiness.id, properties: { GeolocationInfo: true } },
  ),
  user(
    'client',
    'Richard',
    'Dawson',
    Role.Client,
    'Owner of Wold Farm: manages its users, permissions and cropping access',
  ),
  user(
    'demo',
    'Dana',
    'Price',
    Role.Demo,
    'Demo role: member of Mains of Balgray, reads everything, exports nothing',
  ),
  user(
    'access',
    'Alice',
    'Moore',
    Role.Access,
    'Access role: member of Wold Farm with map layers, climate and exports',
  ),
  user(
    'balgray',
    'Ewan',
    'Robertson',
    Role.Client,
    'Owner of Mains of Balgray (Strathmore, Scotland, SRUC PK model)',
  ),
  user('penlan', 'Gwen', 'Pritchard', Role.Client, 'Owner of Penlan (Llandeilo, Wales), a grass farm'),
  user(
    'member',
    'Jack',
    'Turner',
    Role.Client,
    'Member of Wold Farm with operator permissions: views fields and plans, keeps the field diary, no Business areas or financial data',
  ),
  user(
    'restricted',
    'Lee',
    'Carter',
    Role.Client,
    'Restricted member of Wold Farm: sees only the 2027 sugar beet and potato croppings',
  ),
  user(
    'newbie',
    'Nia',
    'Evans',
    Role.Client,
    'Member of Penlan who has not accepted the terms and conditions yet',
    { tcsAcceptedVersion: null },
  ),
  user(
    'grain',
    'Priya',
    'Shah',
    Role.Client,
    'Partner user of Humber Grain Marketing: sees only the croppings a holding shares with it, once enabled',
    { partner: humberGrain.name },
  ),
];
