export interface BusinessSeed {
  id: number;
  name: string;
}

/** Ids below 1000 are shared: any user may file a holding under them (grain groups, buying groups). */
export const sharedBusinesses: BusinessSeed[] = [
  { id: 1, name: 'Lincolnshire Wolds Grain Co-operative' },
  { id: 2, name: 'Strathmore Growers Group' },
  { id: 3, name: 'Eastern Arable Marketing' },
  { id: 4, name: 'Towy Valley Livestock Group' },
];

/** Ids from 1000 up belong to one user's organisation: here, the demo agronomist's firm. */
export const agronomyBusiness: BusinessSeed = { id: 1001, name: 'Fenwold Agronomy Ltd' };

export const businesses: BusinessSeed[] = [...sharedBusinesses, agronomyBusiness];
