/**
 * The reference provider's demo content: accounts of the provider (not of Headland), their organisations and
 * machines, in the shape machinery clouds answer (an organisation has an id, a name and a type; a machine its
 * make, model, model year and serial number). The demo passwords are published in README.
 */
export interface ProviderMachine {
  id: string;
  name: string;
  make: string;
  model: string;
  modelYear: number;
  serialNumber: string;
}

export interface ProviderOrganisation {
  id: string;
  name: string;
  type: 'contractor' | 'farm';
  machines: ProviderMachine[];
}

export interface ProviderAccount {
  userName: string;
  password: string;
  organisations: ProviderOrganisation[];
}

const fenlandContracting: ProviderOrganisation = {
  id: '4071',
  name: 'Fenland Agri Contracting Ltd',
  type: 'contractor',
  machines: [
    {
      id: 'm-4071-1',
      name: 'Drilling tractor',
      make: 'John Deere',
      model: '6R 185',
      modelYear: 2022,
      serialNumber: '1RW6185RCNA012345',
    },
    {
      id: 'm-4071-2',
      name: 'Combine 1',
      make: 'CLAAS',
      model: 'LEXION 8700',
      modelYear: 2021,
      serialNumber: 'C7900312',
    },
    {
      id: 'm-4071-3',
      name: 'Trailed sprayer',
      make: 'Amazone',
      model: 'UX 5201 Super',
      modelYear: 2020,
      serialNumber: 'UX5201-00871',
    },
    {
      id: 'm-4071-4',
      name: 'Drill',
      make: 'Horsch',
      model: 'Maestro 12.75 SW',
      modelYear: 2023,
      serialNumber: '32740118',
    },
  ],
};

const marshFarm: ProviderOrganisation = {
  id: '4072',
  name: 'Marsh Lane Farm',
  type: 'farm',
  machines: [
    {
      id: 'm-4072-1',
      name: 'Loader tractor',
      make: 'New Holland',
      model: 'T7.270',
      modelYear: 2019,
      serialNumber: 'ZJRD05123',
    },
    {
      id: 'm-4072-2',
      name: 'Fertiliser spreader',
      make: 'KUHN',
      model: 'AXIS 50.2 EMC W',
      modelYear: 2021,
      serialNumber: 'B0810934',
    },
  ],
};

/** A farm that has set up its organisation but linked no machines yet. */
const newcomerFarm: ProviderOrganisation = {
  id: '5120',
  name: 'Hill Top Farm',
  type: 'farm',
  machines: [],
};

export const providerAccounts: readonly ProviderAccount[] = [
  {
    userName: 'contractor@omniaconnect.example',
    password: 'omnia-demo-2026',
    organisations: [fenlandContracting, marshFarm],
  },
  { userName: 'newcomer@omniaconnect.example', password: 'omnia-demo-2026', organisations: [newcomerFarm] },
  { userName: 'nosites@omniaconnect.example', password: 'omnia-demo-2026', organisations: [] },
];

export function providerAccount(userName: string): ProviderAccount | undefined {
  return providerAccounts.find((account) => account.userName === userName.trim().toLowerCase());
}
