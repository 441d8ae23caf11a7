/** The demo's partner organisations, each with its legal documents (latest version last). */
export interface DemoPartnerSeed {
  name: string;
  description: string;
  documents: { title: string; versions: string[] }[];
}

export const humberGrain: DemoPartnerSeed = {
  name: 'Humber Grain Marketing',
  description:
    'Grain merchant in Goole buying milling wheat, malting barley and oilseed rape; reads the croppings you share to plan collections and forward contracts.',
  documents: [
    {
      title: 'Data sharing agreement',
      versions: [
        'Humber Grain Marketing Ltd may read the fields, croppings and map layers that the holding shares with it, for the crop year shared, to plan collections, quality testing and contracts. It will not pass them to anyone else, and it keeps them only while the holding shares them. The holding may stop sharing at any time.',
      ],
    },
  ],
};

export const demoPartners: DemoPartnerSeed[] = [humberGrain];
