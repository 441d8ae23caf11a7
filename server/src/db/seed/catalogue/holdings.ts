import { CropId } from '@headland/domain/crops';
import { invitationHoldingPermissions, type HoldingFeatureFlags, type HoldingPermissions } from '@headland/domain/holdingPermissions';
import { HoldingRole, InvitationAccessLevel, Role } from '@headland/domain/roles';
import type { FieldPlan } from '../drawFieldLayout.ts';
import type { CroppingPlanInput } from '../planCroppings.ts';
import { balgrayPlan, penlanPlan, woldFarmPlan } from './holdingShapes.ts';
import { balgrayCropping, penlanCropping, woldFarmCropping } from './rotations.ts';

export interface DemoMemberSeed {
  email: string;
  holdingRole: HoldingRole;
  /** Null keeps the defaults of the member's account role. */
  holdingPermissions: HoldingPermissions | null;
  /** For a restricted member: the only croppings shown, by year and crop; every other cropping is hidden. */
  croppingAccess?: { yearId: number; cropIds: readonly number[] };
}

export interface DemoHoldingSeed {
  tradingName: string;
  accountNumber: string;
  /** Up to four lines, without the post town (that is the town). */
  address: string;
  townId: number;
  regionId: number;
  businessId: number | null;
  nvz: boolean;
  pkModel: 'ADAS' | 'SRUC';
  pSorpCapacity: number | null;
  agronomistEmail: string | null;
  satellite: boolean;
  features: Partial<HoldingFeatureFlags>;
  plan: FieldPlan;
  cropping: CroppingPlanInput<string>;
  members: DemoMemberSeed[];
}

export const demoHoldings: DemoHoldingSeed[] = [
  {
    tradingName: 'Wold Farm',
    accountNumber: 'HL-100234',
    address: 'Wold Farm\nHaugham Lane\nTathwell\nLN11 9SZ',
    townId: 1,
    regionId: 1,
    businessId: 1,
    nvz: true,
    pkModel: 'ADAS',
    pSorpCapacity: null,
    agronomistEmail: 'agronomist@headland.example',
    satellite: true,
    features: { perHoldingPermissions: true, sprayAudit: true, scoutingLink: false },
    plan: woldFarmPlan,
    cropping: woldFarmCropping,
    members: [
      { email: 'client@headland.example', holdingRole: HoldingRole.Owner, holdingPermissions: null },
      { email: 'manager@headland.example', holdingRole: HoldingRole.Member, holdingPermissions: null },
      { email: 'access@headland.example', holdingRole: HoldingRole.Member, holdingPermissions: null },
      {
        email: 'member@headland.example',
        holdingRole: HoldingRole.Member,
        holdingPermissions: invitationHoldingPermissions(InvitationAccessLevel.Operator, Role.Client),
      },
      {
        email: 'restricted@headland.example',
        holdingRole: HoldingRole.RestrictedMember,
        holdingPermissions: null,
        croppingAccess: { yearId: 2027, cropIds: [CropId.SugarBeet, CropId.Potatoes] },
      },
    ],
  },
  {
    tradingName: 'Mains of Balgray',
    accountNumber: 'HL-200981',
    address: 'Mains of Balgray\nBlairgowrie Road\nKettins\nPH13 9LZ',
    townId: 41,
    regionId: 2,
    businessId: 2,
    nvz: false,
    pkModel: 'SRUC',
    pSorpCapacity: 2,
    agronomistEmail: 'agronomist@headland.example',
    satellite: false,
    features: { perHoldingPermissions: true, sprayAudit: false, scoutingLink: false },
    plan: balgrayPlan,
    cropping: balgrayCropping,
    members: [
      { email: 'balgray@headland.example', holdingRole: HoldingRole.Owner, holdingPermissions: null },
      { email: 'manager@headland.example', holdingRole: HoldingRole.Member, holdingPermissions: null },
      { email: 'demo@headland.example', holdingRole: HoldingRole.Member, holdingPermissions: null },
    ],
  },
  {
    tradingName: 'Penlan',
    accountNumber: 'HL-301577',
    address: 'Penlan\nManordeilo\nSA19 7ZZ',
    townId: 62,
    regionId: 3,
    businessId: 4,
    nvz: true,
    pkModel: 'ADAS',
    pSorpCapacity: null,
    agronomistEmail: null,
    satellite: false,
    features: {},
    plan: penlanPlan,
    cropping: penlanCropping,
    members: [
      { email: 'penlan@headland.example', holdingRole: HoldingRole.Owner, holdingPermissions: null },
      { email: 'newbie@headland.example', holdingRole: HoldingRole.Member, holdingPermissions: null },
    ],
  },
];
